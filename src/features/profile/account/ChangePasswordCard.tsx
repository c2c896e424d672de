// Change the password: the current one first (the server counts wrong ones like failed sign-ins);
// every other device is signed out, this one stays (server/services/accounts.ts changePassword).
import { type FormEvent, useState } from 'react';
import { changePassword } from '@/api/account';
import { errorMessage, refusedInputs } from '@/api/errors';
import { useToast } from '@/app/toast/ToastProvider';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input } from '@/components/ui';
import { NewPasswordField } from '@/components/account/NewPasswordField';
import { Field } from '../tabs/fields';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number];

/** The message as a person reads it under its field, without the field's code name. */
const readable = (message: string) =>
  message
    .replace(/^(currentPassword|newPassword):?\s*/, '')
    .replace(/^is not correct$/, 'This is not your current password');

export function ChangePasswordCard() {
  const { toast } = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: PasswordField | null; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { message } = await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      toast({ variant: 'success', title: 'Password changed', description: message });
    } catch (failure) {
      // The field the 400 names in issues[].path, else the message above the form.
      const refused = refusedInputs(failure).find((i) => (PASSWORD_FIELDS as readonly string[]).includes(i.path));
      if (refused) {
        const field = refused.path as PasswordField;
        setError({ field, message: readable(refused.message) });
        document.getElementById(field)?.focus();
      } else {
        setError({
          field: null,
          message: errorMessage(failure, 'Your password could not be changed. Please try again.'),
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const errorFor = (field: PasswordField) => (error?.field === field ? error.message : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Every other device signed in to your account is signed out; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          {error && !error.field && (
            <p role="alert" className="text-sm text-destructive-text sm:col-span-2">
              {error.message}
            </p>
          )}
          <Field id="currentPassword" label="Current password" error={errorFor('currentPassword')}>
            <Input
              id="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              value={current}
              aria-invalid={errorFor('currentPassword') ? true : undefined}
              aria-describedby={errorFor('currentPassword') ? 'currentPassword-error' : undefined}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <NewPasswordField
            id="newPassword"
            label="New password"
            value={next}
            onChange={setNext}
            error={errorFor('newPassword')}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
