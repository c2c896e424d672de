import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { errorMessage } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { returnPath } from '@/app/session/return-to';
import { useToast } from '@/app/toast/ToastProvider';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthCard, authLinkClass } from './AuthCard';

export function LoginPage() {
  const { login } = useAuth();
  const { toast } = useToast();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      // Back to the page the person was on when their session ended or a protected page sent them here.
      await login({ email: email.trim(), password }, returnPath(location.state));
      toast({ variant: 'success', title: 'Success', description: 'Logged in successfully' });
    } catch (error) {
      // A pending account's 403 carries the server's "awaiting approval" text: shown as is.
      toast({ variant: 'destructive', description: errorMessage(error, 'Login failed') });
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Enter your credentials to continue"
      footer={
        <Link to="/register" className={authLinkClass}>
          Don't have an account? Sign up
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="login-email">Email</Label>
          <Input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="login-password">Password</Label>
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
