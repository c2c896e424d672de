// The dialogs behind "Flag" (src/components/experience/FlagAction.tsx): members choose a reason
// and may add a note; visitors are asked to sign in and come back here afterwards. "Flag" is what
// a member does; "report" is the experience being flagged.
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FLAG_REASONS, FLAG_REASON_TEXT, type FlagReason } from '@contract/moderation';
import { NOTE_MAX } from '@contract/moderation-api';
import { Button, buttonClasses } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/lib/paths';

export const FLAG_DIALOG_TITLE = 'Flag this report';
export const SIGN_IN_DIALOG_TITLE = 'Sign in to flag';
const CHOOSE_REASON = 'Choose a reason.';

/** Sends the flag: resolves to null when sent, or to the message to show in the dialog. */
export type SendFlag = (flag: { reason: FlagReason; note: string }) => Promise<string | null>;

function MemberFlagForm({ send, onSent }: { send: SendFlag; onSent: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<FlagReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const over = note.trim().length - NOTE_MAX;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    if (over > 0) return;
    setSending(true);
    setFailure(null);
    const message = await send({ reason, note });
    setSending(false);
    if (message === null) onSent();
    else setFailure(message);
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset className="grid gap-2" aria-describedby={missingReason ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Reason</legend>
        {FLAG_REASONS.map((code) => (
          <label
            key={code}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary-soft-foreground"
          >
            <input
              type="radio"
              name={`${id}-reason`}
              value={code}
              checked={reason === code}
              onChange={() => {
                setReason(code);
                setMissingReason(false);
              }}
              className="size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            {FLAG_REASON_TEXT[code]}
          </label>
        ))}
        {missingReason && (
          <p id={`${id}-reason-error`} role="alert" className="text-sm text-destructive-text">
            {CHOOSE_REASON}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note for the moderators (optional)</Label>
        <Textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          aria-invalid={over > 0 || undefined}
          aria-describedby={`${id}-note-help`}
          onChange={(e) => setNote(e.target.value)}
        />
        <p
          id={`${id}-note-help`}
          className={over > 0 ? 'text-sm text-destructive-text' : 'text-xs text-muted-foreground'}
        >
          {over > 0
            ? `The note can be at most ${NOTE_MAX} characters: remove ${over}.`
            : `${note.trim().length}/${NOTE_MAX} characters. What is wrong, if the reason does not say it all.`}
        </p>
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive-text">
          {failure}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={sending || undefined}>
          {sending ? 'Sending...' : 'Send flag'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SignInPrompt() {
  const location = useLocation();
  // The sign-in page sends the member back here (the state src/app/session/return-to.ts reads).
  const from = `${location.pathname}${location.search}${location.hash}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{SIGN_IN_DIALOG_TITLE}</DialogTitle>
        <DialogDescription>
          Only members can flag a report for the moderators, so that each flag counts once. Sign in and you will come
          back to this page.
        </DialogDescription>
      </DialogHeader>
      <p className="text-sm text-muted-foreground">
        No account yet?{' '}
        <Link to={paths.register} className="font-medium text-primary-strong underline underline-offset-4">
          Register
        </Link>
        ; a moderator approves new accounts before they can sign in.
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Link to={paths.login} state={{ from }} className={buttonClasses()}>
          Sign in
        </Link>
      </DialogFooter>
    </>
  );
}

export function FlagDialog({
  open,
  onOpenChange,
  signedIn,
  send,
}: {
  signedIn: boolean;
  send: SendFlag;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={signedIn ? undefined : 'max-w-md'}>
        {signedIn ? (
          <>
            <DialogHeader>
              <DialogTitle>{FLAG_DIALOG_TITLE}</DialogTitle>
              <DialogDescription>
                Tell the moderators what is wrong with this report. The person who shared it is never told who flagged
                it. When several members flag the same report, it is hidden until a moderator reviews it.
              </DialogDescription>
            </DialogHeader>
            <MemberFlagForm send={send} onSent={() => onOpenChange(false)} />
          </>
        ) : (
          <SignInPrompt />
        )}
      </DialogContent>
    </Dialog>
  );
}
