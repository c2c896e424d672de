import type { FieldErrors, WizardField } from '../wizard-validation';
import type { WizardForm } from '../wizard-rules';

export type SetField = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => void;

/** What every step gets: the form, a setter, the errors to show, and a blur that shows a field's error. */
export interface StepProps {
  form: WizardForm;
  set: SetField;
  errors: FieldErrors;
  onBlur: (field: WizardField) => void;
}
