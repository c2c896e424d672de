// Which of the wizard's messages show: a field's once it is left, the whole step's once Next (or
// Submit) is pressed, and what the server refused (a 400 naming a field) until that field changes.
import { useRef, useState } from 'react';
import type { WizardForm, WizardStep } from './wizard-rules';
import { FIELD_STEP, fieldElement, stepErrors, type FieldErrors, type WizardField } from './wizard-validation';

export function useStepErrors(form: WizardForm, step: WizardStep) {
  const [touched, setTouched] = useState<ReadonlySet<WizardField>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<WizardStep>>(() => new Set());
  const [serverError, setServerError] = useState<{ field: WizardField; text: string } | null>(null);
  // A press on Previous/Next/Submit blurs the field first: showing its message then would push
  // the buttons down before the click lands, and the click would be lost. The click checks anyway.
  const navPressed = useRef(false);

  const errors = stepErrors(form, step);
  const shown: FieldErrors = Object.fromEntries(
    (Object.keys(errors) as WizardField[])
      .filter((f) => attempted.has(step) || touched.has(f))
      .map((f) => [f, errors[f]]),
  );
  if (serverError && FIELD_STEP[serverError.field] === step) shown[serverError.field] = serverError.text;

  return {
    shown,
    setServerError,
    /** Whether a pointer presses one of the wizard's buttons now. */
    setPressing: (pressing: boolean) => {
      navPressed.current = pressing;
    },
    touch: (field: WizardField) => {
      if (!navPressed.current) setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
    },
    /** True when the step is valid; otherwise shows its errors and focuses the first invalid field. */
    checkStep: () => {
      setAttempted((a) => new Set(a).add(step));
      const first = Object.keys(errors)[0] as WizardField | undefined;
      if (!first) return true;
      fieldElement(first)?.focus();
      return false;
    },
    /** Every step's messages show (a draft restored on step 4 may hold an earlier step's error). */
    attemptAll: () => setAttempted(new Set<WizardStep>([1, 2, 3, 4])),
    reset: () => {
      setTouched(new Set());
      setAttempted(new Set());
      setServerError(null);
    },
  };
}
