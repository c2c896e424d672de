// Forgot password (/forgot-password): asks for the email and says the same thing whether or not
// it has an account (the server answers alike and mails only an account; server/routes/account.ts).
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { forgotPassword } from '@/api/account';
import { errorMessage } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/lib/paths';
import { AuthCard, FormMessage, authLinkClass } from './AuthCard';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'info'; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'info', message: await forgotPassword(email.trim()) });
    } catch (failure) {
      setOutcome({ tone: 'error', message: errorMessage(failure, 'The request could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you registered with. If it has an account, we email it a link to choose a new password."
      footer={
        <Link to={paths.login} className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        {outcome && <FormMessage tone={outcome.tone}>{outcome.message}</FormMessage>}
        <div className="flex flex-col gap-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending...' : 'Email me a link'}
        </Button>
        <p className="text-xs text-muted-foreground">
          The link works once, within one hour. Choosing a new password signs your account out on every device.
        </p>
      </form>
    </AuthCard>
  );
}
