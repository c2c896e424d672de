// The foot of a cursor-paged list (Community, a peptide's Experiences tab, the Research Hub's
// Reports and Activity): a "Load more" button while the server has another page, then a line
// saying the list ended. After a load, focus moves to the first new item (so the next Tab reaches
// the new items, not the footer) and a polite status says how many came.
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  list,
  shown,
  noun,
  endText = 'You have reached the end of the list.',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The list whose children are the items: the first new child takes focus after a load. */
  list: RefObject<HTMLElement | null>;
  /** How many items the list shows now (as rendered: a list that renders late says so late). */
  shown: number;
  /** What an item is, for the announcement: ['report', 'reports']. */
  noun: readonly [one: string, many: string];
  endText?: string;
}) {
  // How many items were shown when Load more was pressed; null when no load is awaited.
  const from = useRef<number | null>(null);
  const [said, setSaid] = useState('');
  const [one, many] = noun;

  useEffect(() => {
    const first = from.current;
    // A failed load shows no new items: focus stays on the button, the list's error says why.
    if (first === null || loading || shown <= first) return;
    from.current = null;
    const added = shown - first;
    setSaid(`${added} more ${added === 1 ? one : many} loaded.`);
    const item = list.current?.children[first];
    if (item instanceof HTMLElement) {
      // A list item is not focusable: make it a programmatic focus target (not a Tab stop).
      if (!item.hasAttribute('tabindex')) item.setAttribute('tabindex', '-1');
      item.focus();
    }
  }, [shown, loading, list, one, many]);

  return (
    <div className="flex justify-center">
      {hasMore ? (
        <Button
          variant="outline"
          // Not `disabled` while loading: a disabled button loses focus, which fell to the page's start.
          aria-disabled={loading || undefined}
          onClick={() => {
            if (loading) return;
            from.current = shown;
            setSaid('');
            onLoadMore();
          }}
        >
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{endText}</p>
      )}
      <p className="sr-only" role="status">
        {said}
      </p>
    </div>
  );
}
