// The Reports tab (docs/product-rules.md, "Moderation"): the moderators' queue of held and
// flagged reports, or the hidden ones to restore, oldest first with "Load more"; or one report
// opened from the Activity tab. Publish, Hide (with a reason) and Restore, each with a toast;
// after a decision the lists reload and focus moves to the next report.
import { ArrowLeft, Inbox } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { QUEUE_VIEWS, type QueueView } from '@contract/moderation';
import type { HideRequest, QueueItem } from '@contract/moderation-api';
import { errorMessage } from '@/api/errors';
import { useModerationQueue, useModerationReport, useReportDecision, type Decision } from '@/api/moderation-queue';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { HideReportDialog } from './HideReportDialog';
import { LoadError } from '@/components/page/LoadError';
import { LoadMore } from '@/components/page/LoadMore';
import { QueueItemCard, reportLabel, type QueueAction } from './QueueItemCard';

const VIEW_LABELS: Record<QueueView, string> = { waiting: 'Waiting for review', scheduled: 'Scheduled for the next batch', hidden: 'Hidden reports' };
const EMPTY: Record<QueueView, { title: string; text: string }> = {
  waiting: { title: 'Nothing waits for review', text: 'Held and flagged reports will appear here, oldest first.' },
  scheduled: { title: 'Nothing is scheduled', text: 'Reports you publish or restore wait here for the next publication batch; until then you can undo.' },
  hidden: { title: 'No hidden reports', text: 'Reports a moderator hides appear here, where they can be restored.' },
};
const HEADING_ID = 'reports-heading';
const itemId = (id: string) => `queue-item-${id}`;

export function ReportsTab({
  view,
  reportId,
  onChange,
}: {
  view: QueueView;
  /** One report opened from the Activity tab, whatever its status; null for the queue. */
  reportId: string | null;
  onChange: (changes: { queue?: QueueView; report?: string | null }) => void;
}) {
  const selectId = useId();
  // The reports sit below the header card rather than inside it: at 360 px a card within a
  // card leaves the story too narrow.
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
            Reports
          </CardTitle>
          <CardDescription>
            Reports held automatically or flagged by members wait here for a decision. Publishing makes a report public (and clears its
            flags); hiding removes it everywhere and tells its writer why.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {reportId ? (
            <Button variant="outline" size="sm" onClick={() => onChange({ report: null })}>
              <ArrowLeft aria-hidden />
              Back to the queue
            </Button>
          ) : (
            <div className="flex flex-col gap-1.5 sm:w-64">
              <Label htmlFor={selectId}>Show</Label>
              <Select id={selectId} value={view} onChange={(event) => onChange({ queue: event.target.value as QueueView })}>
                {QUEUE_VIEWS.map((v) => (
                  <option key={v} value={v}>
                    {VIEW_LABELS[v]}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </CardContent>
      </Card>
      {reportId ? <OneReport id={reportId} /> : <QueueList key={view} view={view} />}
    </div>
  );
}

/** The decisions and their toasts, the Hide dialog, and where focus goes afterwards. */
function useDecisions(data: unknown) {
  const decision = useReportDecision();
  const { toast } = useToast();
  const [hiding, setHiding] = useState<QueueItem | null>(null);
  // A request to move focus, numbered so that each is carried out once.
  const [focusRequest, setFocusRequest] = useState<{ target: string; n: number } | null>(null);
  const focusDone = useRef(0);
  const movedFocus = useRef(false);

  function decide(d: Decision, item: QueueItem, next: string | null) {
    movedFocus.current = false;
    decision.mutate(d, {
      onSuccess: (result) => {
        movedFocus.current = true;
        setHiding(null);
        setFocusRequest((prev) => ({ target: next ?? HEADING_ID, n: (prev?.n ?? 0) + 1 }));
        toast({ variant: 'success', title: result.message, description: reportLabel(item) });
      },
      // The dialog stays open with the reason and note as chosen.
      onError: (error) => toast({ variant: 'destructive', title: 'The decision was not saved', description: errorMessage(error, 'Try again.') }),
    });
  }

  // Focus the target once the reloaded list is on screen: a report, or the tab's heading.
  useEffect(() => {
    if (!focusRequest || focusRequest.n === focusDone.current) return;
    const { target } = focusRequest;
    const el = document.getElementById(target === HEADING_ID ? HEADING_ID : itemId(target)) ?? document.getElementById(HEADING_ID);
    if (!el) return;
    el.focus();
    focusDone.current = focusRequest.n;
  }, [focusRequest, data]);

  function onAction(item: QueueItem, action: QueueAction, next: string | null) {
    if (action === 'hide') setHiding(item);
    else decide({ id: item.experience._id, action }, item, next);
  }

  function dialog(nextAfter: (item: QueueItem) => string | null) {
    return (
      <HideReportDialog
        report={hiding && { id: hiding.experience._id, label: reportLabel(hiding) }}
        busy={decision.isPending}
        keepFocus={() => movedFocus.current}
        onCancel={() => setHiding(null)}
        onConfirm={(hide: HideRequest) => hiding && decide({ id: hiding.experience._id, action: 'hide', hide }, hiding, nextAfter(hiding))}
      />
    );
  }

  return { busy: decision.isPending, onAction, dialog };
}

function QueueList({ view }: { view: QueueView }) {
  const query = useModerationQueue(view);
  const { busy, onAction, dialog } = useDecisions(query.data);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  /** The report that takes the place of one that leaves the list, else the heading. */
  const nextAfter = (item: QueueItem) => {
    const i = items.findIndex((x) => x.experience._id === item.experience._id);
    return (items[i + 1] ?? items[i - 1])?.experience._id ?? HEADING_ID;
  };

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading reports">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <LoadError
        title="Failed to load the reports"
        message={errorMessage(query.error, 'The queue could not be loaded.')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
          <Inbox className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{EMPTY[view].title}</p>
          <p className="text-sm text-muted-foreground">{EMPTY[view].text}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <ul className="grid gap-4" aria-label={VIEW_LABELS[view]} aria-busy={query.isFetching && !query.isFetchingNextPage}>
        {items.map((item) => (
          <li key={item.experience._id} id={itemId(item.experience._id)} tabIndex={-1} aria-label={reportLabel(item)} className="rounded-lg outline-offset-4">
            <QueueItemCard item={item} busy={busy} onAction={(it, action) => onAction(it, action, nextAfter(it))} />
          </li>
        ))}
      </ul>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
      {dialog(nextAfter)}
    </>
  );
}

function OneReport({ id }: { id: string }) {
  const query = useModerationReport(id);
  const { busy, onAction, dialog } = useDecisions(query.data);
  if (query.isPending) return <Skeleton className="h-48" aria-label="Loading the report" />;
  if (query.isError) {
    return <LoadError title="Failed to load the report" message={errorMessage(query.error, 'The report could not be loaded.')} onRetry={() => void query.refetch()} />;
  }
  if (!query.data) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-muted-foreground">This report does not exist any more: the person who wrote it deleted it.</CardContent>
      </Card>
    );
  }
  const item = query.data;
  // The report stays on screen with its new status: focus comes back to it.
  return (
    <div id={itemId(item.experience._id)} tabIndex={-1} aria-label={reportLabel(item)} className="rounded-lg outline-offset-4">
      <QueueItemCard item={item} busy={busy} onAction={(it, action) => onAction(it, action, it.experience._id)} />
      {dialog((it) => it.experience._id)}
    </div>
  );
}
