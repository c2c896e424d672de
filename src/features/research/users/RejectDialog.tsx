// The confirmation of a rejection, with optional notes for other moderators (kept with the
// account and in the account log, never sent to the person).
import { useId, useState } from 'react';
import type { PendingUser } from '@contract/users';
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

const NOTES_MAX = 1000;

export function RejectDialog({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: PendingUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (notes: string) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent>
        {/* Keyed by user: each dialog starts with empty notes. */}
        {user && <RejectForm key={user._id} user={user} busy={busy} onCancel={onCancel} onConfirm={onConfirm} />}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: PendingUser;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (notes: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const helpId = useId();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(notes.trim());
      }}
    >
      <DialogHeader>
        <DialogTitle>Reject registration</DialogTitle>
        <DialogDescription>
          <span className="break-all">{user.email}</span> will not be able to sign in. Anonymous submissions stay open
          to them.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2">
        <Label htmlFor={notesId}>Notes (optional)</Label>
        <Textarea
          id={notesId}
          value={notes}
          maxLength={NOTES_MAX}
          rows={3}
          aria-describedby={helpId}
          onChange={(event) => setNotes(event.target.value)}
        />
        <p id={helpId} className="text-xs text-muted-foreground">
          Why it was rejected, for other moderators. Not shown publicly. {notes.length}/{NOTES_MAX}
        </p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject User'}
        </Button>
      </DialogFooter>
    </form>
  );
}
