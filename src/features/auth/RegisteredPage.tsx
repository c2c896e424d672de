// After registering (/registered): the address is confirmed by the mailed link first, then a
// moderator reviews the account. Says what happens next and what to do if no mail comes, so
// nobody is left guessing (docs/product-rules.md, "Your account"). It reads alike whether or not
// the address had an account: the server answered alike (services/registration.ts).
import Mail from 'lucide-react/icons/mail';
import { Link, useLocation } from 'react-router-dom';
import { CONFIRM_LINK_HOURS, UNCONFIRMED_ACCOUNT_DAYS } from '@contract/users';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthCard, authLinkClass } from './AuthCard';

function registeredEmail(state: unknown): string | null {
  const email = typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.includes('@') ? email : null;
}

export function RegisteredPage() {
  const email = registeredEmail(useLocation().state);
  const address = email ?? 'the address you registered with';
  return (
    <AuthCard
      title="Check your email"
      subtitle="One more step: confirm your address. A moderator then reviews your account before it can sign in."
      footer={
        <Link to={paths.community} className={authLinkClass}>
          Read the community’s reports meanwhile
        </Link>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-primary/40 bg-primary-soft p-3 text-primary-soft-foreground"
        >
          <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0">
            We sent an email to{' '}
            {email ? <strong className="break-all">{email}</strong> : 'the address you registered with'}. Open the link
            in it within {CONFIRM_LINK_HOURS} hours to confirm the address.
          </p>
        </div>
        <div>
          <h2 className="mb-2 font-semibold">What happens next</h2>
          <ol className="list-decimal space-y-2 pl-5">
            <li>Open the link in the email and press “Confirm my email address”.</li>
            <li>A moderator looks at your registration.</li>
            <li>
              We send an email to <span className="break-all">{address}</span> when they have decided: approved, or not
              approved.
            </li>
            <li>
              Once approved, sign in with the email and password you chose, to vote, flag reports and add peptides.
            </li>
          </ol>
        </div>
        <div>
          <h2 className="mb-2 font-semibold">No email?</h2>
          <p className="text-muted-foreground">
            It can take a few minutes; look in your spam folder too.{' '}
            <Link to={paths.register} className={authLinkClass}>
              Signing up again
            </Link>{' '}
            with the same address sends a new link, and the newest link is the one that works. An address not confirmed
            within {UNCONFIRMED_ACCOUNT_DAYS} days is forgotten.
          </p>
        </div>
        <p className="text-muted-foreground">
          Reading reports and sharing your own experience need no account: you can do both now, and what you share stays
          anonymous either way.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={paths.submit} className={buttonClasses({ variant: 'primary' })}>
            Share an experience
          </Link>
          <Link to={paths.login} className={buttonClasses({ variant: 'outline' })}>
            Go to sign in
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}
