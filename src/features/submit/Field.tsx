import type { ReactNode } from 'react';
import { Label } from '@/components/ui';
import { FieldError } from '@/components/ui/field-error';

export { errorProps, FieldError } from '@/components/ui/field-error';

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
