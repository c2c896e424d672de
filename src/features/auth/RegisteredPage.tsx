// After registering (/registered): the account waits for a moderator. Says what happens next and
// that an email will come, so nobody is left guessing (docs/product-rules.md, "Your account").
import Clock from 'lucide-react/icons/clock';
import { Link, useLocation } from 'react-router-dom';
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
      title="Your account is waiting for a moderator"
      subtitle="Thank you for registering. A moderator reviews every new account before it can sign in."
      footer={
        <Link to={paths.community} className={authLinkClass}>
          Read the community’s reports meanwhile
        </Link>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <div role="status" className="flex gap-3 rounded-md border border-primary/40 bg-primary-soft p-3 text-primary-soft-foreground">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0">
            Registration received{email ? <> for <strong className="break-all">{email}</strong></> : null}. You cannot sign in until a moderator approves it.
          </p>
        </div>
        <div>
          <h2 className="mb-2 font-semibold">What happens next</h2>
          <ol className="list-decimal space-y-2 pl-5">
            <li>A moderator looks at your registration.</li>
            <li>
              We send an email to <span className="break-all">{address}</span> when they have decided: approved, or not approved.
            </li>
            <li>Once approved, sign in with the email and password you chose, to vote, flag reports and add peptides.</li>
          </ol>
        </div>
        <p className="text-muted-foreground">
          Reading reports and sharing your own experience need no account: you can do both now, and what you share stays anonymous either way.
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
