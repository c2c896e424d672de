// One view of the queue (waiting, narrowed by reason; scheduled; hidden), oldest first with Load
// more: compact cards, selection and bulk decisions, the keyboard shortcuts, and focus that
// follows the work: after a report leaves, the one that took its place; after an undo, the report
// that came back; after the last one, the tab's heading. A report given focus is shown clear of
// the toasts (reveal-report.ts).
import { Inbox } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BULK_MAX } from '@contract/moderation-api';
import type { QueueFilter, QueueView } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { QUEUE_FILTER_LABELS } from '@contract/moderation';
import { errorMessage } from '@/api/errors';
import { useModerationQueue } from '@/api/moderation-queue';
import { useToast } from '@/app/toast/ToastProvider';
import { LoadError } from '@/components/page/LoadError';
import { LoadMore } from '@/components/page/LoadMore';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { BulkBar } from './BulkBar';
import { actionsFor, QueueCard } from './QueueCard';
import { RefusalList } from './RefusalList';
import { EMPTY, HEADING_ID, itemDomId, reportLabel, VIEW_LABELS } from './queue-words';
import { useQueueActions } from './use-queue-actions';
import { QUEUE_TOAST_SIDE, revealReport, TOAST_REGION } from './reveal-report';
import { useQueueKeys, type QueueKey } from './use-queue-keys';

type FocusPlan = { kind: 'replace'; index: number; gone: ReadonlySet<string> } | { kind: 'return'; id: string };

const idOf = (item: QueueItem) => item.experience._id;
const without = (set: ReadonlySet<string>, ids: Iterable<string>) => {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
};

/**
 * Focus may be moved for the moderator: it is on nothing, in the queue, on the tab's heading (where
 * it went when the list emptied), in a dialog of it or on a toast (Undo).
 */
function focusIsFree(list: HTMLElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active.id === HEADING_ID) return true;
  return Boolean(list?.contains(active) || active.closest('[role="dialog"]') || active.closest(TOAST_REGION));
}

export function QueueList({
  view,
  reason,
  onToggleLegend,
}: {
  view: QueueView;
  reason: QueueFilter;
  onToggleLegend: () => void;
}) {
  const query = useModerationQueue(view, reason);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { toast } = useToast();
  const listRef = useRef<HTMLUListElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // Where focus goes once the list shows a decision's outcome; a new plan replaces the last.
  const focusPlan = useRef<FocusPlan | null>(null);
  const [plans, setPlans] = useState(0);
  const planFocus = (plan: FocusPlan) => {
    focusPlan.current = plan;
    setPlans((n) => n + 1);
  };
  // Where each report was when a decision on it started: the one after it takes its place.
  const positions = useRef(new Map<string, number>());
  const selectable = view !== 'hidden';
  const selectedItems = items.filter((i) => selected.has(idOf(i)));

  const actions = useQueueActions({
    onDecided: (ids) => {
      const index = Math.min(...ids.map((id) => positions.current.get(id) ?? Number.POSITIVE_INFINITY));
      planFocus({ kind: 'replace', index: Number.isFinite(index) ? index : 0, gone: new Set(ids) });
      setSelected((prev) => without(prev, ids));
    },
    onUndone: (ids) => ids[0] && planFocus({ kind: 'return', id: ids[0] }),
  });

  function remember(reports: QueueItem[]) {
    for (const r of reports) positions.current.set(idOf(r), items.indexOf(r));
  }
  const act = (item: QueueItem, action: Parameters<typeof actions.act>[1]) => {
    remember([item]);
    actions.act(item, action);
  };

  // Carry out a focus plan once the list shows its outcome.
  useEffect(() => {
    const plan = focusPlan.current;
    if (!plan) return;
    if (plan.kind === 'replace') {
      if (items.some((i) => plan.gone.has(idOf(i)))) return;
      focusPlan.current = null;
      if (!focusIsFree(listRef.current)) return;
      const target = items[Math.min(plan.index, items.length - 1)];
      const el = target && document.getElementById(itemDomId(idOf(target)));
      if (el) revealReport(el);
      else document.getElementById(HEADING_ID)?.focus();
    } else {
      const el = document.getElementById(itemDomId(plan.id));
      if (!el) return;
      focusPlan.current = null;
      if (focusIsFree(listRef.current)) revealReport(el);
    }
  }, [plans, items]);

  /** The report whose card holds focus, if any. */
  function current(): { item: QueueItem; index: number } | null {
    const el = document.activeElement?.closest('[data-queue-item]');
    const index = el ? items.findIndex((i) => itemDomId(idOf(i)) === el.id) : -1;
    return index >= 0 ? { item: items[index]!, index } : null;
  }

  function onKey(key: QueueKey) {
    const here = current();
    const focusItem = (index: number) => {
      const target = items[Math.max(0, Math.min(index, items.length - 1))];
      const el = target && document.getElementById(itemDomId(idOf(target)));
      if (el) revealReport(el);
    };
    const needsReport = () =>
      toast({
        side: QUEUE_TOAST_SIDE,
        title: 'No report in focus',
        description: 'Press j to move to the first report, or select reports with x.',
      });
    switch (key) {
      case 'next':
        return focusItem(here ? here.index + 1 : 0);
      case 'previous':
        return focusItem(here ? here.index - 1 : 0);
      case 'legend':
        return onToggleLegend();
      case 'undo':
        return actions.undoLast();
      case 'details':
        if (here)
          setExpanded((prev) =>
            prev.has(idOf(here.item)) ? without(prev, [idOf(here.item)]) : new Set(prev).add(idOf(here.item)),
          );
        return;
      case 'select':
        if (!here) return needsReport();
        if (selectable) toggleSelected(here.item, !selected.has(idOf(here.item)));
        return;
      case 'publish': {
        if (selectedItems.length && view === 'waiting') {
          remember(selectedItems);
          return actions.publishMany(selectedItems.slice(0, BULK_MAX));
        }
        if (!here) return needsReport();
        if (actions.pending.has(idOf(here.item))) return;
        const action = actionsFor(here.item).find((a) => a === 'publish' || a === 'restore');
        if (action) act(here.item, action);
        return;
      }
      case 'hide': {
        if (selectedItems.length && selectable) {
          remember(selectedItems);
          return actions.openHide(selectedItems.slice(0, BULK_MAX));
        }
        if (!here) return needsReport();
        if (!actions.pending.has(idOf(here.item)) && actionsFor(here.item).includes('hide')) act(here.item, 'hide');
        return;
      }
    }
  }
  useQueueKeys(!query.isPending && !query.isError, onKey);

  function toggleSelected(item: QueueItem, on: boolean) {
    setSelected((prev) =>
      on ? (prev.size >= BULK_MAX ? prev : new Set(prev).add(idOf(item))) : without(prev, [idOf(item)]),
    );
  }

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading reports">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <LoadError
        title="Failed to load the reports"
        message={errorMessage(query.error, 'The queue could not be loaded.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const refusals = <RefusalList refusals={actions.refusals} onDismiss={actions.clearRefusals} />;
  if (items.length === 0) {
    const narrowed = view === 'waiting' && reason !== 'all';
    return (
      <>
        {refusals}
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <Inbox className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">
              {narrowed ? `Nothing waits for “${QUEUE_FILTER_LABELS[reason]}”` : EMPTY[view].title}
            </p>
            <p className="text-sm text-muted-foreground">
              {narrowed ? 'Choose “Every reason” to see the rest of the queue.' : EMPTY[view].text}
            </p>
          </CardContent>
        </Card>
        {actions.dialogs}
      </>
    );
  }
  return (
    <>
      {selectable && (
        <BulkBar
          shown={items.length}
          selected={selectedItems.length}
          canPublish={view === 'waiting'}
          busy={actions.busy}
          onSelectAll={(all) => setSelected(all ? new Set(items.slice(0, BULK_MAX).map(idOf)) : new Set())}
          onPublish={() => {
            remember(selectedItems);
            actions.publishMany(selectedItems);
          }}
          onHide={() => {
            remember(selectedItems);
            actions.openHide(selectedItems);
          }}
          onClear={() => setSelected(new Set())}
        />
      )}
      {refusals}
      <ul
        ref={listRef}
        className="grid gap-3"
        aria-label={VIEW_LABELS[view]}
        aria-busy={query.isFetching && !query.isFetchingNextPage}
      >
        {items.map((item) => {
          const id = idOf(item);
          return (
            <li
              key={id}
              id={itemDomId(id)}
              data-queue-item=""
              // In the Tab order, so a keyboard reaches each report itself (and its shortcuts) as well as its buttons.
              tabIndex={0}
              aria-label={reportLabel(item)}
              // Room above for the sticky bulk bar when focus scrolls a report into view.
              className="scroll-mt-24 rounded-lg outline-offset-2 focus:outline-2 focus:outline-ring"
            >
              <QueueCard
                item={item}
                pending={actions.pending.has(id)}
                onAction={(action) => act(item, action)}
                expanded={expanded.has(id)}
                onExpand={(open) => setExpanded((prev) => (open ? new Set(prev).add(id) : without(prev, [id])))}
                selection={
                  selectable ? { selected: selected.has(id), onChange: (on) => toggleSelected(item, on) } : undefined
                }
              />
            </li>
          );
        })}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        list={listRef}
        shown={items.length}
        noun={['report', 'reports']}
      />
      {actions.dialogs}
    </>
  );
}
