// The confirmation before suspending or reinstating a member, or approving a registration that was
// rejected: says what follows, and takes an optional note for other moderators when suspending
// (kept in the account log, never shown to the member).
import { useId, useState } from 'react';
import type { Member } from '@contract/members';
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

export type MemberChange = { member: Member; action: 'suspend' | 'reinstate' | 'approve' };

const WORDS: Record<MemberChange['action'], { title: string; busy: string; after: string }> = {
  suspend: {
    title: 'Suspend member',
    busy: 'Suspending...',
    after:
      'is signed out everywhere at once and cannot sign in until a moderator reinstates the account. Their votes and flags stay counted. No mail is sent.',
  },
  reinstate: {
    title: 'Reinstate member',
    busy: 'Reinstating...',
    after: 'can sign in again, with the same votes, flags and profile. No mail is sent.',
  },
  approve: {
    title: 'Approve registration',
    busy: 'Approving...',
    after:
      'was rejected. Approved now, the account can sign in and is sent the approval mail; the rejection stays in the account log.',
  },
};

const NOTE_MAX = 1000;

export function MemberDialog({
  change,
  busy,
  onCancel,
  onConfirm,
}: {
  change: MemberChange | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        {/* Keyed: each dialog starts with an empty note. */}
        {change && (
          <MemberForm
            key={`${change.member._id}-${change.action}`}
            change={change}
            busy={busy}
            onCancel={onCancel}
            onConfirm={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function MemberForm({
  change,
  busy,
  onCancel,
  onConfirm,
}: {
  change: MemberChange;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();
  const helpId = useId();
  const suspending = change.action === 'suspend';
  const words = WORDS[change.action];
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(note.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>{words.title}</DialogTitle>
        <DialogDescription>
          <span className="break-all">{change.member.email}</span> {words.after}
        </DialogDescription>
      </DialogHeader>
      {suspending && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={noteId}>Note (optional)</Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            aria-describedby={helpId}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={helpId} className="text-xs text-muted-foreground">
            Why, for other moderators (the account log). Not shown to the member. {note.length}/{NOTE_MAX}
          </p>
        </div>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={suspending ? 'destructive' : 'primary'} disabled={busy}>
          {busy ? words.busy : words.title}
        </Button>
      </DialogFooter>
    </form>
  );
}
