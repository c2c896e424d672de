import { Skeleton } from '@/components/ui/skeleton';

/** Shown while a page's code loads: the shape of a title and text, announced as loading. */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading page" className="flex flex-col gap-4">
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-5 w-full max-w-2xl" />
      <Skeleton className="h-5 w-2/3 max-w-xl" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    </div>
  );
}
