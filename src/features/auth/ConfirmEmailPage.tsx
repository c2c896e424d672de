// Confirm a sign-up's address from the mailed link (/confirm-email#token=...). A button, not an
// automatic request: mail scanners and link previews open links, and opening must change nothing
// (as the unsubscribe page). The token is in the address's fragment, which browsers never send to
// a server; it leaves this page only in the body of the request (server/mail/links.ts).
import MailCheck from 'lucide-react/icons/mail-check';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { UNCONFIRMED_ACCOUNT_DAYS } from '@contract/users';
import { confirmEmail } from '@/api/account';
import { ApiError, errorMessage } from '@/api/errors';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthCard, FormMessage, authLinkClass } from './AuthCard';

type Outcome =
  | { kind: 'confirmed'; message: string }
  /** The server refused the link: used, too old, replaced or cut short. A new sign-up sends another. */
  | { kind: 'invalid'; message: string }
  /** No answer, or another failure: the same link may work on a second try. */
  | { kind: 'failed'; message: string };

/** The token from `#token=...`, read once when the page opens. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '';
}

export function ConfirmEmailPage() {
  const [token] = useState(tokenFromHash);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The button goes away with the answer: the answer takes the focus, so it is read out and
  // keyboard users go on from it.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && outcome.kind !== 'failed') answer.current?.focus();
  }, [outcome]);

  async function onConfirm() {
    setBusy(true);
    try {
      setOutcome({ kind: 'confirmed', message: await confirmEmail(token) });
    } catch (failure) {
      const message = errorMessage(failure, 'That did not work. Please try again.');
      setOutcome({ kind: failure instanceof ApiError && failure.status === 400 ? 'invalid' : 'failed', message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={outcome?.kind === 'confirmed' ? 'Your address is confirmed' : 'Confirm your email address'}
      subtitle={
        outcome?.kind === 'confirmed'
          ? 'Thank you. Your account now waits for a moderator.'
          : 'A moderator reviews every new account once its address is confirmed.'
      }
      footer={
        <Link to={paths.community} className={authLinkClass}>
          Read the community’s reports meanwhile
        </Link>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        {!token && (
          <>
            <FormMessage tone="error">
              This page needs the link from the email, in full. Open the link again, or sign up again to get a new one.
            </FormMessage>
            <Link to={paths.register} className={buttonClasses({ variant: 'outline' })}>
              Sign up again
            </Link>
          </>
        )}
        {token && outcome?.kind === 'confirmed' && (
          <div ref={answer} tabIndex={-1} className="flex flex-col gap-4 outline-none">
            <div
              role="status"
              className="flex gap-3 rounded-md border border-primary/40 bg-primary-soft p-3 text-primary-soft-foreground"
            >
              <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0">{outcome.message}</p>
            </div>
            <div>
              <h2 className="mb-2 font-semibold">What happens next</h2>
              <ol className="list-decimal space-y-2 pl-5">
                <li>A moderator looks at your registration.</li>
                <li>We send you an email when they have decided: approved, or not approved.</li>
                <li>
                  Once approved, sign in with the email and password you chose, to vote, flag reports and add peptides.
                </li>
              </ol>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to={paths.submit} className={buttonClasses({ variant: 'primary' })}>
                Share an experience
              </Link>
              <Link to={paths.login} className={buttonClasses({ variant: 'outline' })}>
                Go to sign in
              </Link>
            </div>
          </div>
        )}
        {token && outcome?.kind === 'invalid' && (
          <div ref={answer} tabIndex={-1} className="flex flex-col gap-4 outline-none">
            <FormMessage tone="error">{outcome.message}</FormMessage>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to={paths.register} className={buttonClasses({ variant: 'primary' })}>
                Sign up again
              </Link>
              <Link to={paths.login} className={buttonClasses({ variant: 'outline' })}>
                Go to sign in
              </Link>
            </div>
          </div>
        )}
        {token && (!outcome || outcome.kind === 'failed') && (
          <>
            {outcome && <FormMessage tone="error">{outcome.message}</FormMessage>}
            <p>Press the button to confirm that this address is yours. Opening the link alone changes nothing.</p>
            <Button onClick={() => void onConfirm()} disabled={busy} className="w-full">
              {busy ? 'Confirming...' : 'Confirm my email address'}
            </Button>
            <p className="text-muted-foreground">
              Did not sign up? Close this page: nothing happens, and the account is deleted after{' '}
              {UNCONFIRMED_ACCOUNT_DAYS} days.
            </p>
          </>
        )}
      </div>
    </AuthCard>
  );
}
