import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ApiError, errorMessage } from '@/api/errors';
import { SESSION_ENDED_MESSAGE, useAuth } from '@/app/session/AuthProvider';
import { noticeOf } from '@/app/session/notice';
import { returnPath } from '@/app/session/return-to';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthCard, FormMessage, authLinkClass } from './AuthCard';
import { paths } from '@/lib/paths';

const ERROR_ID = 'login-error';

export function LoginPage() {
  const { login, sessionEnded } = useAuth();
  const { toast } = useToast();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  /** The last attempt's failure, shown in the form until the next attempt. */
  const [error, setError] = useState<{ message: string; tone: 'error' | 'info' } | null>(null);
  // A password reset, sign-out everywhere or a deleted account sends a sentence along.
  const notice = noticeOf(location.state);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // Back to the page the person was on when their session ended or a protected page sent them here.
      await login({ email: email.trim(), password }, returnPath(location.state));
      toast({ variant: 'success', title: 'Success', description: 'Logged in successfully' });
    } catch (failure) {
      const message = errorMessage(failure, 'Login failed');
      // A pending or rejected account's 403 (the server's "awaiting approval" or "not approved"
      // text) is news about the account, not a mistake in the form: a neutral notice, no toast.
      if (failure instanceof ApiError && failure.status === 403) {
        setError({ message, tone: 'info' });
      } else {
        setError({ message, tone: 'error' });
        toast({ variant: 'destructive', description: message });
      }
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Enter your credentials to continue"
      footer={
        <Link to={paths.register} className={authLinkClass}>
          Don't have an account? Sign up
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-describedby={error ? ERROR_ID : undefined}>
        {sessionEnded && !error && <FormMessage tone="info">{SESSION_ENDED_MESSAGE}</FormMessage>}
        {notice && !error && !sessionEnded && <FormMessage tone="info">{notice}</FormMessage>}
        {error && (
          <FormMessage id={ERROR_ID} tone={error.tone}>
            {error.message}
          </FormMessage>
        )}
        <div className="flex flex-col gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <Label htmlFor="login-password">Password</Label>
            <Link to={paths.forgotPassword} className={`text-sm ${authLinkClass}`}>
              Forgot your password?
            </Link>
          </div>
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Loading...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
