import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '@contract/users';
import { errorMessage } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthCard, authLinkClass } from './AuthCard';

const CREATED_TITLE = 'Account created successfully';
const APPROVAL_NOTE = 'Your account is awaiting moderator approval. You can sign in once a moderator approves it.';

export function RegisterPage() {
  const { register } = useAuth();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await register({ email: email.trim(), password });
      const note = message && message !== CREATED_TITLE ? message : APPROVAL_NOTE;
      toast({ variant: 'success', title: CREATED_TITLE, description: note });
    } catch (error) {
      toast({ variant: 'destructive', description: errorMessage(error, 'Failed to create account') });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create an account"
      subtitle="Enter your details to get started"
      footer={
        <Link to="/login" className={authLinkClass}>
          Already have an account? Sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="register-email">Email</Label>
          <Input id="register-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="register-password">Password</Label>
          <Input
            id="register-password"
            type="password"
            autoComplete="new-password"
            placeholder="Choose a password"
            required
            minLength={PASSWORD_MIN}
            aria-describedby="register-password-help"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id="register-password-help" className="text-sm text-muted-foreground">
            At least {PASSWORD_MIN} characters, not one character or a short pattern repeated, and without the part of your email before the @.
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Loading...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
