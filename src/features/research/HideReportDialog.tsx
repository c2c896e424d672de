// The Hide dialog of the Reports tab: a reason from HIDE_REASONS (required) and an optional note
// for other moderators (at most NOTE_MAX characters). What was chosen and typed stays if the
// server refuses, so the moderator can try again.
import { useId, useState } from 'react';
import { HIDE_REASONS, HIDE_REASON_LABELS, type HideReason } from '@contract/moderation';
import { NOTE_MAX, type HideRequest } from '@contract/moderation-api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

export function HideReportDialog({
  report,
  busy,
  onCancel,
  onConfirm,
  keepFocus,
}: {
  /** True once the report left the list: the caller moves focus, not Radix (the trigger is gone). */
  keepFocus?: () => boolean;
  /** The report's name ("BPC-157 report #1a2b3c4d"), or null when closed. */
  report: { id: string; label: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (hide: HideRequest) => void;
}) {
  return (
    <Dialog open={report !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent onCloseAutoFocus={(event) => keepFocus?.() && event.preventDefault()}>{report && <HideForm key={report.id} label={report.label} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />}</DialogContent>
    </Dialog>
  );
}

function HideForm({ label, busy, onCancel, onConfirm }: { label: string; busy: boolean; onCancel: () => void; onConfirm: (hide: HideRequest) => void }) {
  const [reason, setReason] = useState<HideReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const ids = { reason: useId(), error: useId(), note: useId(), help: useId() };
  const tooLong = note.length > NOTE_MAX;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError('Choose why this report is hidden.');
          document.getElementById(`${ids.reason}-${HIDE_REASONS[0]}`)?.focus();
          return;
        }
        if (tooLong) return;
        onConfirm({ reason, note: note.trim() || undefined });
      }}
    >
      <DialogHeader>
        <DialogTitle>Hide this report</DialogTitle>
        <DialogDescription>
          {label} leaves every public list and count. The person who wrote it sees the reason on tracking lookup; you can restore it
          later.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="flex flex-col gap-2" aria-describedby={error ? ids.error : undefined} aria-invalid={error ? true : undefined}>
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {HIDE_REASONS.map((code) => (
          <label key={code} htmlFor={`${ids.reason}-${code}`} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              id={`${ids.reason}-${code}`}
              type="radio"
              name="hide-reason"
              value={code}
              checked={reason === code}
              onChange={() => {
                setReason(code);
                setError('');
              }}
              className="size-4 accent-primary"
            />
            {HIDE_REASON_LABELS[code]}
          </label>
        ))}
        {error && (
          <p id={ids.error} className="text-sm text-destructive-text" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.note}>Note for moderators (optional)</Label>
        <Textarea
          id={ids.note}
          value={note}
          rows={3}
          aria-describedby={ids.help}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={ids.help} className={tooLong ? 'text-xs text-destructive-text' : 'text-xs text-muted-foreground'}>
          {tooLong ? `The note is ${note.length - NOTE_MAX} characters too long. ` : 'Kept in the moderation log; not shown to the public. '}
          {note.length}/{NOTE_MAX}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Hiding...' : 'Hide report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
