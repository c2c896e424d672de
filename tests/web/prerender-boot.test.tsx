// The build pre-renders the public pages (src/prerender.tsx); the app then starts on that HTML
// (src/app/boot.tsx). A visitor with nothing stored gets the HTML adopted as it is (hydration),
// which only works if the live app renders exactly what the build did: React reports any
// difference through console.error, and this test fails on it.
import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot } from '@/app/boot';
import { PAGE_QUERY_STATE_ID } from '@contract/page-render';
import { PAGES_WITH_DATA, PRERENDERED_PATHS, type PageWithData, prerenderPage } from '@/prerender';
import { backend } from './msw/backend';
import { server } from './msw/server';
import { mockCommunityApi } from './msw/community-handlers';
import { mockExploreApi } from './msw/explore-fixtures';

/** index.html as the server sends it for `path` (server/lib/spa-preload.ts). */
async function servePrerendered(path: string) {
  window.history.replaceState(null, '', path);
  const { html } = await prerenderPage(path);
  document.body.innerHTML = `<div id="root"><div inert>${html}</div></div>`;
  return document.getElementById('root')!;
}

/**
 * `page` as the server sends it rendered with its data (server/lib/page-render.ts): its HTML in
 * #root and the API's answers beside it as the data block.
 */
async function serveWithData(page: PageWithData) {
  window.history.replaceState(null, '', page.path);
  const bodies = await Promise.all(
    page.api.map(async (url) => (await fetch(new URL(url, window.location.origin))).json()),
  );
  const { html, state } = await page.render(bodies);
  document.body.innerHTML =
    `<div id="root"><div inert>${html}</div></div>` +
    `<script type="application/json" id="${PAGE_QUERY_STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
  return document.getElementById('root')!;
}

/** Runs `body` with the paths of the requests the app sends meanwhile. */
async function recordingRequests(body: (asked: string[]) => Promise<void>) {
  const asked: string[] = [];
  const onRequest = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
  server.events.on('request:start', onRequest);
  try {
    await body(asked);
  } finally {
    server.events.removeListener('request:start', onRequest);
  }
}

let started: Root | undefined;

async function start(root: HTMLElement) {
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    started = await boot(root);
  });
  await waitFor(() => expect(root.querySelector('[inert]')).toBeNull());
  return errors;
}

beforeEach(() => {
  mockCommunityApi();
  mockExploreApi();
});

afterEach(() => {
  act(() => started?.unmount());
  started = undefined;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('starting on a pre-rendered page', () => {
  it.each(PRERENDERED_PATHS)(
    'adopts the HTML of %s as it is, with no mismatch, and makes it interactive',
    async (path) => {
      const root = await servePrerendered(path);
      const heading = root.querySelector('h1');
      const errors = await start(root);
      expect(errors).not.toHaveBeenCalled();
      // The same element, now the app's: hydrated, not rebuilt.
      if (heading) expect(root.querySelector('h1')).toBe(heading);
      expect(root.querySelector('main')).not.toBeNull();
    },
  );

  it('renders afresh for a visitor with a stored choice, showing that choice', async () => {
    localStorage.setItem('theme', 'dark');
    const root = await servePrerendered('/community');
    const heading = root.querySelector('h1');
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    const fresh = root.querySelector('h1');
    expect(fresh).toHaveTextContent('Community Experiences');
    expect(fresh).not.toBe(heading);
    // The pre-render shows "System"; the visitor chose Dark.
    const dark = root.querySelectorAll('button[aria-label="Dark theme"]');
    expect([...dark].every((button) => button.getAttribute('aria-pressed') === 'true')).toBe(true);
  });

  it('renders afresh when filters in the address differ from the pre-rendered page', async () => {
    const root = await servePrerendered('/community');
    window.history.replaceState(null, '', '/community?sort=rating');
    const errors = await start(root);
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector<HTMLSelectElement>('#community-sort')!.value).toBe('rating');
  });

  // The server renders /, /peptides and /community with their first data (server/lib/page-render.ts),
  // with the API's answers beside it as a data block; the app must adopt that page as it is.
  it.each(PAGES_WITH_DATA.map((page) => [page.path, page] as const))(
    'adopts %s rendered with its data, keeping each item, without asking the API again',
    async (_path, page) => {
      const root = await serveWithData(page);
      // The data is in the HTML: the page's list items (peptides, reports), no loading skeleton.
      const items = [...root.querySelectorAll('main li')];
      expect(items.length).toBeGreaterThan(0);
      expect(root.querySelector('.animate-pulse')).toBeNull();
      await recordingRequests(async (asked) => {
        const errors = await start(root);
        expect(errors).not.toHaveBeenCalled();
        // The same elements, now the app's, and the data block read and gone.
        expect(items.every((item) => root.contains(item))).toBe(true);
        expect(document.getElementById(PAGE_QUERY_STATE_ID)).toBeNull();
        // Current as served: not asked for again (a second request and a phone's main thread).
        await new Promise((resolve) => setTimeout(resolve, 200));
        const firstAsked = page.api.map((url) => url.split('?')[0]);
        expect(asked.filter((pathname) => firstAsked.includes(pathname))).toEqual([]);
        expect(items.every((item) => root.contains(item))).toBe(true);
      });
    },
  );

  // The data is a visitor's; a signed-in person's can differ (a peptide they may delete): shown at
  // once all the same, and asked for again at once.
  it("shows a signed-in moderator /peptides from the HTML's data at once and asks the API for theirs", async () => {
    const root = await serveWithData(PAGES_WITH_DATA.find((candidate) => candidate.path === '/peptides')!);
    backend.seedSession('moderator@example.com');
    const firstName = root.querySelector('main li h3, main li h2')?.textContent;
    expect(firstName).toBeTruthy();
    await recordingRequests(async (asked) => {
      const errors = await start(root);
      expect(errors).not.toHaveBeenCalled();
      // Rendered afresh (a stored session), straight from the data: no loading skeleton.
      expect(root.querySelector('.animate-pulse')).toBeNull();
      expect(root.querySelector('main li')).toHaveTextContent(firstName!);
      await waitFor(() => expect(asked).toContain('/api/peptides'));
    });
  });
});
