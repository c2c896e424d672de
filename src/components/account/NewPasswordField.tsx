// The field where a person chooses a password (sign-up, reset, change) with the rules as its help
// and, when the server refused the password, its sentence above the help. One component, so the
// three forms say the same rules (contract/users.ts states them for the server and this page).
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
        required
        minLength={PASSWORD_MIN}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${helpId}` : helpId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive-text">
          {error}
        </p>
      )}
      <p id={helpId} className="text-sm text-muted-foreground">
        {NEW_PASSWORD_HELP}
      </p>
    </div>
  );
}
