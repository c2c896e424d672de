// The field where a person chooses a password (sign-up, reset, change) with the rules as its help
// and, when the server refused the password, its sentence above the help. One component, so the
// three forms say the same rules (contract/users.ts states them for the server and this page).
import { useState } from 'react';
import { PASSWORD_MIN } from '@contract/users';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const NEW_PASSWORD_HELP = `At least ${PASSWORD_MIN} characters, not one character or a short pattern repeated, and without the part of your email before the @.`;

export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's sentence about this password, shown under the field. */
  error?: string | null;
  placeholder?: string;
}) {
  // The refusal is about the password it was given: once the field changes it goes, so an old
  // sentence never stands beside a new attempt. No `required`/`minLength` either: the browser's
  // own bubble would say a second, different thing; the server's sentence is the one message.
  const [refused, setRefused] = useState<{ error: string; value: string } | null>(null);
  if (error && refused?.error !== error) setRefused({ error, value });
  if (!error && refused) setRefused(null);
  const shown = error && refused?.value === value ? error : null;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        aria-required="true"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${errorId} ${helpId}` : helpId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {shown && (
        <p id={errorId} className="text-sm text-destructive-text">
          {shown}
        </p>
      )}
      <p id={helpId} className="text-sm text-muted-foreground">
        {NEW_PASSWORD_HELP}
      </p>
    </div>
  );
}
