// A form field's problem, in red under it, tied to its control by `aria-describedby`: the
// wizard's fields (src/features/submit/Field.tsx) and the dose fields (src/components/dose/).

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
