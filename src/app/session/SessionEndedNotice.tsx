// Says that the session ended (a refresh failed) on whatever page the person is on, with a way
// to sign in and come back here. Protected pages send them to the sign-in form instead.
import X from 'lucide-react/icons/x';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { SESSION_ENDED_MESSAGE, useAuth } from './AuthProvider';
import { signInStateFrom } from './return-to';
import { paths } from '@/lib/paths';

export function SessionEndedNotice() {
  const { sessionEnded, status, dismissSessionEnded } = useAuth();
  const location = useLocation();
  const show = sessionEnded && status === 'signed-out' && location.pathname !== paths.login;
  return (
    // Always in the page, filled when needed, so screen readers announce the message.
    <div role="status" className={show ? 'mb-6' : undefined}>
      {show && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-warning-border bg-warning p-3 text-sm text-warning-foreground">
          <p className="min-w-0 flex-1 font-medium">{SESSION_ENDED_MESSAGE}</p>
          <Link to={paths.login} state={signInStateFrom(location)} className={buttonClasses({ size: 'sm' })}>
            Sign In
          </Link>
          <button
            type="button"
            onClick={dismissSessionEnded}
            aria-label="Dismiss"
            className="rounded-sm p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}
