// Pieces the member tabs share: the chart's loading state, the table of the same numbers, the
// period's unit words and the axis titles.
import type { UseQueryResult } from '@tanstack/react-query';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/errors';
import { LoadError } from '@/components/page/LoadError';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { ThemeColors } from '../charts/ChartCanvas';
import type { Period } from '../explore-params';

export const UNIT: Record<Period, { one: 'month' | 'week'; many: string }> = {
  monthly: { one: 'month', many: 'months' },
  weekly: { one: 'week', many: 'weeks' },
};

export function ChartSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status" aria-label="Loading chart">
        Loading chart
      </span>
      <Skeleton className="h-80 w-full" />
      <Skeleton className="h-6 w-1/2" />
    </div>
  );
}

/** A chart's loading state, its error with Try again, or the chart drawn from the data. */
export function ChartQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <ChartSkeleton />;
  if (query.isError) {
    return (
      <LoadError
        title="Failed to load the data"
        message={errorMessage(query.error, 'Please try again.')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** Whether a box's content is wider than the box (it scrolls sideways), followed as it resizes. */
function useOverflowsX<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

/**
 * The table beside a chart: the same numbers as text. It scrolls inside its own box where it is
 * wider than the screen, and then says so above it, since a cut-off table looks complete.
 */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: ReactNode[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  const [ref, overflows] = useOverflowsX<HTMLDivElement>();
  return (
    <div className="flex flex-col gap-1">
      {overflows && (
        <p className="flex items-center gap-1 self-end text-xs text-muted-foreground">
          Scroll sideways for every column <ArrowRight className="size-3.5" aria-hidden="true" />
        </p>
      )}
      <div
        ref={ref}
        className="max-w-full overflow-x-auto rounded-md border border-border"
        tabIndex={0}
        role="region"
        aria-label={caption}
      >
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              {head.map((cell, i) => (
                <th
                  key={i}
                  scope="col"
                  className={cn(
                    'whitespace-nowrap px-3 py-2 text-left font-medium',
                    i === 0 && 'sticky left-0 bg-muted',
                  )}
                >
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-border">
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th
                      key={i}
                      scope="row"
                      className="sticky left-0 whitespace-nowrap bg-card px-3 py-2 text-left font-medium"
                    >
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="whitespace-nowrap px-3 py-2">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const axisTitle = (text: string, colors: ThemeColors, display = true) => ({
  display,
  text,
  color: colors.muted,
});
