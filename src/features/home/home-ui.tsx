// Pieces Home's two halves share (the first paint and the lazily loaded tabs).
import { Skeleton } from '@/components/ui/skeleton';

export const cardLink =
  'block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function Loading() {
  return (
    <div role="status" className="grid gap-3">
      <p className="text-sm text-muted-foreground">Loading...</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    </div>
  );
}
