// Choose a new password from the mailed link (/reset-password#token=...). The token is in the
// address's fragment, which browsers never send to a server; it leaves this page only in the
// body of the reset request (server/mail/links.ts).
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { resetPassword } from '@/api/account';
import { errorMessage } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { NewPasswordField } from '@/components/account/NewPasswordField';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { AuthCard, FormMessage, authLinkClass, refusedCredential } from './AuthCard';

/** The token from `#token=...`, read once when the page opens. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '';
}

export function ResetPasswordPage() {
  // A reset ends every session: this browser's is ended here too, whatever state it was in, so
  // the sign-in page says the password changed, never "Your session has ended".
  const { endSession } = useAuth();
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
      endSession(paths.login, message);
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
          <NewPasswordField
            id="reset-password"
            label="New password"
            value={password}
            onChange={setPassword}
            error={passwordError}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving...' : 'Save new password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
