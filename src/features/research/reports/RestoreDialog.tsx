// Restore asks first when the report still matches a hold rule (docs/product-rules.md,
// "Moderation"): it says what matches, so a moderator restoring a report hidden for a link sees
// that the link is still there.
import { MATCH_KIND_LABELS } from '@contract/moderation';
import type { QueueItem } from '@contract/moderation-api';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { MARK_CLASSES } from './Marked';
import { reportLabel } from './queue-words';

export function RestoreDialog({
  item,
  busy,
  onCancel,
  onConfirm,
  keepFocus,
}: {
  /** The report to restore, or null when closed. */
  item: QueueItem | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  keepFocus?: () => boolean;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent onCloseAutoFocus={(event) => keepFocus?.() && event.preventDefault()}>
        {item && (
          <>
            <DialogHeader>
              <DialogTitle>Restore a report that still matches a hold rule?</DialogTitle>
              <DialogDescription>
                {reportLabel(item)} still contains what the hold rules look for. Restored, it is public again at the
                next publication batch with this text in it.
              </DialogDescription>
            </DialogHeader>
            <ul className="grid gap-1.5 text-sm" aria-label="What it matches">
              {item.matches.map((m) => (
                <li key={`${m.kind}:${m.text}`} className="flex flex-wrap items-baseline gap-2">
                  <span className="font-medium">{MATCH_KIND_LABELS[m.kind]}:</span>
                  <mark className={cn(MARK_CLASSES, '[overflow-wrap:anywhere]')}>{m.text}</mark>
                </li>
              ))}
            </ul>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={onConfirm} disabled={busy}>
                {busy ? 'Restoring...' : 'Restore anyway'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
