// The Hide dialog of the Reports tab, for one report or several: a reason from HIDE_REASONS
// (required) and a note for other moderators (at most NOTE_MAX characters). Choosing a reason
// writes its template (HIDE_NOTE_TEMPLATES, contract/moderation.ts) into the note, to be edited
// before sending; a note the moderator has written or changed is never replaced. What was chosen
// and typed stays if the server refuses, so the moderator can try again.
import { useId, useState } from 'react';
import { HIDE_NOTE_TEMPLATES, HIDE_REASONS, HIDE_REASON_LABELS, type HideReason } from '@contract/moderation';
import { NOTE_MAX, type HideRequest } from '@contract/moderation-api';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { formatCount } from '../format';

/** What the dialog hides: one report's name ("BPC-157 report #1a2b3c4d") or a number of them. */
export type HideTargets = { ids: string[]; label: string };

export function HideDialog({
  targets,
  busy,
  onCancel,
  onConfirm,
  keepFocus,
}: {
  targets: HideTargets | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (hide: HideRequest) => void;
  /** True once the reports left the list: the caller moves focus, not Radix (the trigger is gone). */
  keepFocus?: () => boolean;
}) {
  return (
    <Dialog open={targets !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent onCloseAutoFocus={(event) => keepFocus?.() && event.preventDefault()}>
        {targets && (
          <HideForm key={targets.ids.join()} targets={targets} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function HideForm({
  targets,
  busy,
  onCancel,
  onConfirm,
}: {
  targets: HideTargets;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (hide: HideRequest) => void;
}) {
  const [reason, setReason] = useState<HideReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const ids = { reason: useId(), error: useId(), note: useId(), help: useId() };
  const tooLong = note.length > NOTE_MAX;
  const many = targets.ids.length > 1;

  function choose(code: HideReason) {
    // The template replaces the note only while the note is empty or still another reason's template.
    const untouched = note.trim() === '' || (reason !== null && note === HIDE_NOTE_TEMPLATES[reason]);
    setReason(code);
    if (untouched) setNote(HIDE_NOTE_TEMPLATES[code]);
    setError('');
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError(many ? 'Choose why these reports are hidden.' : 'Choose why this report is hidden.');
          document.getElementById(`${ids.reason}-${HIDE_REASONS[0]}`)?.focus();
          return;
        }
        if (tooLong) return;
        onConfirm({ reason, note: note.trim() || undefined });
      }}
    >
      <DialogHeader>
        <DialogTitle>{many ? `Hide ${formatCount(targets.ids.length)} reports` : 'Hide this report'}</DialogTitle>
        <DialogDescription>
          {many ? `${targets.label} leave` : `${targets.label} leaves`} every public list and count at once. The person
          who wrote {many ? 'each' : 'it'} sees the reason on tracking lookup; until the next publication batch you can
          undo, and later restore.
        </DialogDescription>
      </DialogHeader>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={error ? ids.error : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {HIDE_REASONS.map((code) => (
          <label
            key={code}
            htmlFor={`${ids.reason}-${code}`}
            className="flex cursor-pointer items-center gap-2 text-sm"
          >
            <input
              id={`${ids.reason}-${code}`}
              type="radio"
              name="hide-reason"
              value={code}
              checked={reason === code}
              onChange={() => choose(code)}
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
          {tooLong
            ? `The note is ${note.length - NOTE_MAX} characters too long. `
            : 'A reason fills in a sentence to edit. Kept in the moderation log; not shown to the public. '}
          {note.length}/{NOTE_MAX}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Hiding...' : many ? `Hide ${formatCount(targets.ids.length)} reports` : 'Hide report'}
        </Button>
      </DialogFooter>
    </form>
  );
}
