// Delete the account, confirmed with its password (server/services/accounts.ts deleteAccount says
// what goes and what stays; this text says the same).
import { type FormEvent, useState } from 'react';
import { deleteAccount } from '@/api/account';
import { errorMessage, refusedInputs } from '@/api/errors';
import { useAuth } from '@/app/session/AuthProvider';
import { useToast } from '@/app/toast/ToastProvider';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label } from '@/components/ui';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { paths } from '@/lib/paths';

export const ACCOUNT_DELETED = 'Your account has been deleted. Reports you shared stay, anonymous as before.';

export function DeleteAccountCard() {
  const { endSession } = useAuth();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
      setOpen(false);
      endSession(paths.home);
      toast({ variant: 'success', title: 'Account deleted', description: ACCOUNT_DELETED });
    } catch (failure) {
      // A refused password is named by the 400's issues[].path; said here as a sentence.
      const wrongPassword = refusedInputs(failure).some((issue) => issue.path === 'password');
      setError(
        wrongPassword
          ? 'This is not your password.'
          : errorMessage(failure, 'Your account could not be deleted. Please try again.'),
      );
      setBusy(false);
    }
  }

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your email, password, profile, sign-ins, votes and open flags for good; vote counts are recomputed
          without yours. Reports you shared are not touched, because nothing links them to your account: delete those
          with their tracking IDs on the Privacy page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          if (!next) {
            setPassword('');
            setError(null);
          }
        }}
      >
        <DialogContent>
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>This cannot be undone. Enter your password to confirm.</DialogDescription>
            </DialogHeader>
            <div className="flex flex-col gap-2">
              <Label htmlFor="delete-password">Password</Label>
              <Input
                id="delete-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'delete-password-error' : undefined}
                onChange={(e) => setPassword(e.target.value)}
              />
              {error && (
                <p id="delete-password-error" role="alert" className="text-sm text-destructive-text">
                  {error}
                </p>
              )}
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={busy}>
                {busy ? 'Deleting...' : 'Delete account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
