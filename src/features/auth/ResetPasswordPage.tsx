// Choose a new password from the mailed link (/reset-password#token=...). The token is in the
// address's fragment, which browsers never send to a server; it leaves this page only in the
// body of the reset request (server/mail/links.ts).
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN } from '@contract/users';
import { resetPassword } from '@/api/account';
import { errorMessage } from '@/api/errors';
import { noticeState } from '@/app/session/notice';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/lib/paths';
import { AuthCard, FormMessage, authLinkClass, refusedCredential } from './AuthCard';

/** The token from `#token=...`, read once when the page opens. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '';
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [token] = useState(tokenFromHash);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorField, setErrorField] = useState<'email' | 'password' | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const message = await resetPassword(token, password);
      navigate(paths.login, { replace: true, state: noticeState(message) });
    } catch (failure) {
      setError(errorMessage(failure, 'Your password could not be changed. Please try again.'));
      setErrorField(refusedCredential(failure));
      setBusy(false);
    }
  }

  const passwordError = error && errorField === 'password' ? error : null;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link to={paths.forgotPassword} className={authLinkClass}>
          Ask for a new link
        </Link>
      }
    >
      {!token ? (
        <FormMessage tone="error">
          This page needs the link from the email, in full. Open the link again, or ask for a new one.
        </FormMessage>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          {error && !passwordError && <FormMessage tone="error">{error}</FormMessage>}
          <div className="flex flex-col gap-2">
            <Label htmlFor="reset-password">New password</Label>
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'reset-password-error reset-password-help' : 'reset-password-help'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {passwordError && (
              <p id="reset-password-error" className="text-sm text-destructive-text">
                {passwordError}
              </p>
            )}
            <p id="reset-password-help" className="text-sm text-muted-foreground">
              At least {PASSWORD_MIN} characters, not one character or a short pattern repeated, and without the part of
              your email before the @.
            </p>
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving...' : 'Save new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
