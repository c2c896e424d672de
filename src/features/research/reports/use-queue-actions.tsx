// The decisions a report's buttons and keys start, with the dialogs some need first: Hide asks
// for a reason (for one report or several), Restore asks to confirm when the report still matches
// a hold rule. Used by the queue and by one report opened on its own.
import { useRef, useState } from 'react';
import type { QueueItem } from '@contract/moderation-api';
import { formatCount } from '../format';
import { HideDialog } from './HideDialog';
import type { QueueAction } from './QueueCard';
import { reportLabel } from './queue-words';
import { RestoreDialog } from './RestoreDialog';
import { useDecisions } from './use-decisions';

export function useQueueActions(callbacks: { onDecided: (ids: string[]) => void; onUndone?: (ids: string[]) => void }) {
  const decisions = useDecisions(callbacks);
  const [hiding, setHiding] = useState<QueueItem[] | null>(null);
  const [restoring, setRestoring] = useState<QueueItem | null>(null);
  // Set when a dialog closes because its decision went through: the report it came from is gone,
  // so the list places focus (not Radix, which would return it to the vanished button).
  const decidedInDialog = useRef(false);

  function openHide(items: QueueItem[]) {
    if (!items.length) return;
    decidedInDialog.current = false;
    setHiding(items);
  }

  function act(item: QueueItem, action: QueueAction) {
    if (action === 'hide') openHide([item]);
    else if (action === 'restore' && item.matches.length > 0) {
      decidedInDialog.current = false;
      setRestoring(item);
    } else void decisions.decide(item, action);
  }

  const closedByDecision = (close: () => void) => () => {
    decidedInDialog.current = true;
    close();
  };

  const dialogs = (
    <>
      <HideDialog
        targets={
          hiding && {
            ids: hiding.map((i) => i.experience._id),
            label: hiding.length === 1 ? reportLabel(hiding[0]!) : `${formatCount(hiding.length)} reports`,
          }
        }
        busy={decisions.busy}
        keepFocus={() => decidedInDialog.current}
        onCancel={() => setHiding(null)}
        onConfirm={(hide) => {
          if (!hiding) return;
          const done = closedByDecision(() => setHiding(null));
          if (hiding.length === 1) void decisions.decide(hiding[0]!, 'hide', hide, done);
          else void decisions.decideMany(hiding, 'hide', hide, done);
        }}
      />
      <RestoreDialog
        item={restoring}
        busy={decisions.busy}
        keepFocus={() => decidedInDialog.current}
        onCancel={() => setRestoring(null)}
        onConfirm={() =>
          restoring &&
          void decisions.decide(
            restoring,
            'restore',
            undefined,
            closedByDecision(() => setRestoring(null)),
          )
        }
      />
    </>
  );

  return {
    act,
    openHide,
    publishMany: (items: QueueItem[]) => void decisions.decideMany(items, 'publish'),
    undoLast: decisions.undoLast,
    pending: decisions.pending,
    busy: decisions.busy,
    refusals: decisions.refusals,
    clearRefusals: decisions.clearRefusals,
    dialogs,
  };
}
