// A dose as the wizard and the Update dialog hold it while it is typed: the amount as text, its
// unit, and for mL the strength of the solution (contract/doses.ts DoseInput). Shared by the
// wizard's form (src/features/submit/wizard-rules.ts) and the correction form
// (src/features/privacy/update/correction-form.ts).
import {
  DOSE_UNITS,
  type DoseInput,
  type DoseUnit,
  doseText,
  readDoseText,
  STRENGTH_UNITS,
  type StrengthUnit,
} from '@contract/doses';

export interface DoseDraft {
  /** The amount as typed ("250", "0.5"). */
  amount: string;
  unit: DoseUnit;
  /** What one mL holds, as typed; only asked and sent with mL. */
  strengthAmount: string;
  strengthUnit: StrengthUnit;
}

// mcg first: most peptides are dosed in mcg, and a wrong unit is caught by the check (checkDose).
export const EMPTY_DOSE: DoseDraft = { amount: '', unit: 'mcg', strengthAmount: '', strengthUnit: 'mg' };

/** A plain decimal number as typed ("0.5", ".5", "250"), or NaN for anything else ("1e3", "2,5", "12abc"). */
export function amountOf(text: string): number {
  const t = text.trim();
  return /^(\d+(\.\d+)?|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The dose to send: undefined while no amount is typed. A mistyped amount is sent as NaN so the
 * contract's schema says what is wrong, under the field (wizard-validation.ts).
 */
export function doseInputOf(draft: DoseDraft): DoseInput | undefined {
  if (draft.amount.trim() === '') return undefined;
  const amount = amountOf(draft.amount);
  if (draft.unit !== 'mL') return { amount, unit: draft.unit };
  const strength = draft.strengthAmount.trim() === '' ? undefined : amountOf(draft.strengthAmount);
  return {
    amount,
    unit: 'mL',
    ...(strength === undefined ? {} : { strength: { amount: strength, unit: draft.strengthUnit } }),
  };
}

/** The text `dosage` carries for a draft ("250 mcg"), or '' while it is not a dose yet. */
export function dosageTextOf(draft: DoseDraft): string {
  const dose = doseInputOf(draft);
  if (!dose || !Number.isFinite(dose.amount)) return '';
  if (dose.unit === 'mL' && !(dose.strength && Number.isFinite(dose.strength.amount))) return '';
  return doseText(dose);
}

/** The fields for a dose given (a report's `dose`, or one read from its text). */
export function draftOf(dose: { amount: number; unit: DoseUnit; strength?: DoseInput['strength'] } | null): DoseDraft {
  if (!dose) return EMPTY_DOSE;
  return {
    amount: String(dose.amount),
    unit: dose.unit,
    strengthAmount: dose.unit === 'mL' && dose.strength ? String(dose.strength.amount) : '',
    strengthUnit: dose.unit === 'mL' && dose.strength ? dose.strength.unit : EMPTY_DOSE.strengthUnit,
  };
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A dose from a saved draft, whatever it holds: the fields when it has them, else a draft saved
 * before doses had a unit, whose text dosage is read where unambiguous ("250mcg"), else empty.
 */
export function restoreDose(saved: unknown, legacyDosage: unknown): DoseDraft {
  if (saved && typeof saved === 'object') {
    const d = saved as Record<string, unknown>;
    return {
      amount: textOf(d.amount),
      unit: oneOf(DOSE_UNITS, d.unit, EMPTY_DOSE.unit),
      strengthAmount: textOf(d.strengthAmount),
      strengthUnit: oneOf(STRENGTH_UNITS, d.strengthUnit, EMPTY_DOSE.strengthUnit),
    };
  }
  return typeof legacyDosage === 'string' ? draftOf(readDoseText(legacyDosage)) : EMPTY_DOSE;
}
