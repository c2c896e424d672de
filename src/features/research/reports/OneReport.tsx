// One report opened from the Activity log (or a card's link), whatever its status, with its
// details open and the decisions its status allows. It stays on screen with its new status, so
// focus comes back to it after a decision.
import { useRef, useState } from 'react';
import { errorMessage } from '@/api/errors';
import { useModerationReport } from '@/api/moderation-queue';
import { LoadError } from '@/components/page/LoadError';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueueCard } from './QueueCard';
import { itemDomId, reportLabel } from './queue-words';
import { useQueueActions } from './use-queue-actions';

export function OneReport({ id }: { id: string }) {
  const query = useModerationReport(id);
  const [expanded, setExpanded] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const refocus = () => box.current?.focus();
  const actions = useQueueActions({ onDecided: refocus, onUndone: refocus });
  if (query.isPending) return <Skeleton className="h-48" aria-label="Loading the report" />;
  if (query.isError) {
    return (
      <LoadError
        title="Failed to load the report"
        message={errorMessage(query.error, 'The report could not be loaded.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-muted-foreground">
          This report does not exist any more: the person who wrote it deleted it.
        </CardContent>
      </Card>
    );
  }
  const item = query.data;
  return (
    <div
      ref={box}
      id={itemDomId(item.experience._id)}
      tabIndex={-1}
      aria-label={reportLabel(item)}
      className="rounded-lg outline-offset-2 focus:outline-2 focus:outline-ring"
    >
      <QueueCard
        item={item}
        pending={actions.pending.has(item.experience._id)}
        onAction={(action) => actions.act(item, action)}
        expanded={expanded}
        onExpand={setExpanded}
      />
      {actions.dialogs}
    </div>
  );
}
