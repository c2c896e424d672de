import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NewPasswordField } from '@/components/account/NewPasswordField';
import { AuthCard, FormMessage, authLinkClass, refusedCredential, sentence } from './AuthCard';
import { paths } from '@/lib/paths';

/** The server's refusal: under the field it names, else in the form. */
interface Refusal {
  message: string;
  field: 'email' | 'password' | null;
}

export function RegisterPage() {
  const { register } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      // The next page (/registered) says to confirm the address with the mailed link, and what follows.
      await register({ email: email.trim(), password });
    } catch (error) {
      const raw = errorMessage(error, 'Failed to create account');
      // The field the 400's issues[].path names, if any.
      const field = refusedCredential(error);
      // Said once, in the form (under its field, or above the fields): no toast repeating it.
      setRefusal({ message: sentence(raw), field });
      setBusy(false);
      // The cursor goes to the field to correct; everything typed stays.
      if (field) document.getElementById(`register-${field}`)?.focus();
    }
  }

  const emailError = refusal?.field === 'email' ? refusal.message : null;
  const passwordError = refusal?.field === 'password' ? refusal.message : null;
  return (
    <AuthCard
      title="Create an account"
      subtitle="Enter your details to get started"
      footer={
        <Link to={paths.login} className={authLinkClass}>
          Already have an account? Sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        {refusal && !refusal.field && <FormMessage tone="error">{refusal.message}</FormMessage>}
        <div className="flex flex-col gap-2">
          <Label htmlFor="register-email">Email</Label>
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'register-email-error' : undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {emailError && (
            <p id="register-email-error" className="text-sm text-destructive-text">
              {emailError}
            </p>
          )}
        </div>
        <NewPasswordField
          id="register-password"
          label="Password"
          placeholder="Choose a password"
          value={password}
          onChange={setPassword}
          error={passwordError}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Loading...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
