import type { ReactNode } from 'react';
import { Label } from '@/components/ui';

/** The attributes that tie a control to the message under it (FieldError). */
export function errorProps(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined } as const;
}

/** A field's problem, in red under it; `id` is the control's id. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-destructive-text">
      {error}
    </p>
  );
}

/** A labelled wizard field with optional help text and its error under it. */
export function Field({
  id,
  text,
  children,
  hint,
  error,
}: {
  id: string;
  text: string;
  children: ReactNode;
  hint?: string;
  error?: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{text}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={id} error={error} />
    </div>
  );
}
