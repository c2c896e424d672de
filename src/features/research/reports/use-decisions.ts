// The decisions of the Reports tab and what follows each: the toast (with Undo while the decision
// has not taken effect: a publish or restore until its batch, a hide until the next batch), the
// last undoable decision for the "u" key, a bulk decision's refusals, and which reports are being
// decided. Where focus goes is the list's business (QueueList.tsx): it is told which reports left.
import { useState } from 'react';
import type { HideRequest, QueueItem } from '@contract/moderation-api';
import { errorMessage } from '@/api/errors';
import { useBulkDecision } from '@/api/moderation-bulk';
import { useReportDecision, type DecisionResult } from '@/api/moderation-queue';
import { useUndoDecision } from '@/api/moderation-undo';
import { type ToastOptions, useToast } from '@/app/toast/ToastProvider';
import { formatCount } from '../format';
import { reportLabel, reportsWord } from './queue-words';
import { QUEUE_TOAST_SIDE } from './reveal-report';

/** A decision that can still be taken back, and how to name it. */
export type Undoable = { ids: string[]; label: string };
/** A report a bulk decision could not decide, with the server's reason. */
export type Refusal = { id: string; label: string; error: string };

// Publishing a report that is public already keeps it and dismisses its flags, at once: undoable
// like a hide until the next batch (server/services/moderation.ts undoDecision).
const undoable = (
  action: 'publish' | 'hide' | 'restore',
  result: Pick<DecisionResult, 'publicFrom'>,
  wasPublished: boolean,
) => action === 'hide' || result.publicFrom !== null || (action === 'publish' && wasPublished);

export function useDecisions({
  onDecided,
  onUndone,
}: {
  onDecided: (ids: string[]) => void;
  onUndone?: (ids: string[]) => void;
}) {
  const single = useReportDecision();
  const bulk = useBulkDecision();
  const undo = useUndoDecision();
  const shell = useToast();
  const toast = (options: ToastOptions) => shell.toast({ side: QUEUE_TOAST_SIDE, ...options });
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const [lastUndoable, setLastUndoable] = useState<Undoable | null>(null);
  const [refusals, setRefusals] = useState<Refusal[]>([]);

  const mark = (ids: string[], on: boolean) =>
    setPending((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  async function runUndo(target: Undoable) {
    setLastUndoable(null);
    try {
      const { undone, failures } = await undo.mutateAsync(target.ids);
      if (undone.length) onUndone?.(undone.map((u) => u.id));
      if (failures.length)
        toast({
          variant: 'destructive',
          title: 'Could not undo',
          description: errorMessage(failures[0], 'Try again.'),
        });
      else
        toast({
          variant: 'success',
          title: undone.length === 1 ? undone[0]!.message : `${formatCount(undone.length)} decisions undone.`,
          description: target.label,
        });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not undo', description: errorMessage(error, 'Try again.') });
    }
  }

  function offerUndo(target: Undoable, title: string) {
    setLastUndoable(target);
    toast({
      variant: 'success',
      title,
      description: target.label,
      action: {
        label: 'Undo',
        altText: 'Undo with the u key while the queue is open, or from the Scheduled view.',
        onAction: () => void runUndo(target),
      },
    });
  }

  // mutateAsync, not mutate: each call keeps its own outcome when several decisions overlap (the
  // callbacks given to mutate fire for the latest call only).

  /** One report: publish, restore, or hide with its reason. `onDone` runs once the server agreed (the Hide dialog closes). */
  async function decide(
    item: QueueItem,
    action: 'publish' | 'restore' | 'hide',
    hide?: HideRequest,
    onDone?: () => void,
  ) {
    const id = item.experience._id;
    const label = reportLabel(item);
    mark([id], true);
    try {
      const result = await single.mutateAsync(action === 'hide' ? { id, action, hide: hide! } : { id, action });
      onDone?.();
      onDecided([id]);
      if (undoable(action, result, item.status === 'published')) offerUndo({ ids: [id], label }, result.message);
      else toast({ variant: 'success', title: result.message, description: label });
    } catch (error) {
      // A dialog stays open with the reason and note as chosen.
      toast({
        variant: 'destructive',
        title: 'The decision was not saved',
        description: errorMessage(error, 'Try again.'),
      });
    } finally {
      mark([id], false);
    }
  }

  /** Several reports at once (up to BULK_MAX); each is answered on its own, refusals are listed. */
  async function decideMany(items: QueueItem[], action: 'publish' | 'hide', hide?: HideRequest, onDone?: () => void) {
    const ids = items.map((i) => i.experience._id);
    const labels = new Map(items.map((i) => [i.experience._id, reportLabel(i)]));
    const wasPublished = new Set(items.filter((i) => i.status === 'published').map((i) => i.experience._id));
    mark(ids, true);
    setRefusals([]);
    try {
      const { results, message } = await bulk.mutateAsync({
        ids,
        action,
        ...(action === 'hide' ? { reason: hide!.reason, note: hide!.note } : {}),
      });
      onDone?.();
      const done = results.filter((r) => r.ok);
      const refused = results
        .filter((r) => !r.ok)
        .map((r) => ({ id: r.id, label: labels.get(r.id) ?? r.id, error: r.error ?? 'Not decided.' }));
      setRefusals(refused);
      if (done.length) onDecided(done.map((r) => r.id));
      const target = {
        ids: done.filter((r) => undoable(action, r, wasPublished.has(r.id))).map((r) => r.id),
        label: `${formatCount(done.length)} ${reportsWord(done.length)}`,
      };
      const title = refused.length ? `${message} Each is listed above the queue with its reason.` : message;
      if (target.ids.length) offerUndo(target, title);
      else toast({ variant: done.length ? 'success' : 'destructive', title });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The decision was not saved',
        description: errorMessage(error, 'Try again.'),
      });
    } finally {
      mark(ids, false);
    }
  }

  function undoLast() {
    if (lastUndoable) void runUndo(lastUndoable);
    else
      toast({
        title: 'Nothing to undo',
        description: 'Your last decision here has taken effect, or you have made none yet.',
      });
  }

  return {
    decide,
    decideMany,
    undoLast,
    pending,
    /** A decision or an undo is on its way: dialogs wait. */
    busy: single.isPending || bulk.isPending || undo.isPending,
    refusals,
    clearRefusals: () => setRefusals([]),
  };
}
