// Marks what a page shows as possibly out of date when the server cannot be reached: a query that
// has data from before and whose latest fetch could not reach the server (src/api/errors.ts
// isUnreachable). One sentence for the whole app, with a way to try again.
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { SERVER_UNREACHABLE, isUnreachable } from '@/api/errors';
import { buttonClasses } from '@/components/ui/button';

const isStale = (q: Query) =>
  q.state.data !== undefined && q.state.status === 'error' && q.getObserversCount() > 0 && isUnreachable(q.state.error);

export function StaleDataNotice() {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const stale = useSyncExternalStore(
    subscribe,
    () => cache.getAll().some(isStale),
    () => false,
  );
  return (
    // Always in the page, filled when needed, so screen readers announce it.
    <div role="status" className={stale ? 'mb-6' : undefined}>
      {stale && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground">
          <p className="min-w-0 flex-1">
            <span className="font-medium">{SERVER_UNREACHABLE}</span> This page may be out of date.
          </p>
          <button
            type="button"
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
            onClick={() =>
              void Promise.all(
                cache
                  .getAll()
                  .filter(isStale)
                  .map((q) => q.fetch().catch(() => undefined)),
              )
            }
          >
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
