// The foot of a cursor-paged list (Community, the Research Hub's Reports and Activity): a
// "Load more" button while the server has another page, then a line saying the list ended.
import { Button } from '@/components/ui/button';

export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  endText = 'You have reached the end of the list.',
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  endText?: string;
}) {
  return (
    <div className="flex justify-center">
      {hasMore ? (
        <Button variant="outline" onClick={onLoadMore} disabled={loading}>
          {loading ? 'Loading...' : 'Load more'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{endText}</p>
      )}
    </div>
  );
}
