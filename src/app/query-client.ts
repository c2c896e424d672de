import { type DehydratedState, QueryClient, hydrate } from '@tanstack/react-query';
import { PAGE_QUERY_STATE_ID } from '@contract/page-render';
import { getRefreshToken } from '@/api/auth-storage';
import { ApiError } from '@/api/errors';

/** Retry only what may succeed a moment later: no response, or a server error (5xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === undefined || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's query client, holding the data the server rendered this page with, if it did (the
 * pages of contract/page-render.ts PATHS_WITH_DATA: server/lib/page-render.ts). The app's first
 * render then shows exactly that page, which hydration needs. (Under StrictMode's second call of
 * the initializer the block is gone and that client is discarded.)
 */
export function queryClientForPage(): QueryClient {
  const client = createQueryClient();
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_QUERY_STATE_ID);
  if (block) {
    try {
      const state = JSON.parse(block.textContent ?? '') as DehydratedState;
      // The server renders the page again whenever the public data changes, so what it sent is
      // current as of now: fresh for staleTime, not asked for again at once (a second request and
      // ~100 ms of a phone's main thread). It dates the data 0, so its bytes never depend on when
      // it was rendered. But it is a visitor's: a signed-in person's can differ (a peptide they may
      // delete), so for them it stays dated 0, shown at once and asked for again in the background.
      const at = getRefreshToken() === null ? Date.now() : 0;
      hydrate(client, {
        ...state,
        queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: at } })),
      });
    } catch {
      // Unreadable: the page asks the API as it would without it.
    }
  }
  block?.remove();
  return client;
}
