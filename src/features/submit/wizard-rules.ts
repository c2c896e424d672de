// Pure rules for the submission wizard: the form, its first outcomes, and the POST body.
import { cleanList, OVERALL_OUTCOME, ratedOutcomes } from '@contract/rules';
import type { Severity } from '@contract/side-effects';
import { type DoseDraft, doseInputOf, dosageTextOf, EMPTY_DOSE } from '@/lib/dose/dose-draft';

export type WizardStep = 1 | 2 | 3 | 4;

/** A side effect as step 3 holds it: ticked or added with no severity ('') until one is chosen (Next asks). */
export interface WizardSideEffect {
  name: string;
  severity: Severity | '';
}

export interface WizardForm {
  peptideId: string;
  /** The dose as typed: amount, unit, and for mL the strength (dose/DoseFields.tsx). */
  dose: DoseDraft;
  frequency: string;
  /** Raw text from the duration field: digits only (wholeNumber). */
  duration: string;
  routeOfAdministration: string;
  primaryPurpose: string[];
  ageRange: string;
  biologicalSex: string;
  activityLevel: string;
  stack: string[];
  /** Each outcome offered, with its rating, or null while it is "Not rated" (never sent). */
  outcomes: Record<string, number | null>;
  /**
   * An effect typed in "Add an effect to rate" and not added yet: kept with the draft, and Next
   * asks about it rather than dropping it (wizard-validation.ts).
   */
  pendingEffect: string;
  /** Side effects, each with its severity: never rated, never in the report's rating. None is the default. */
  sideEffects: WizardSideEffect[];
  /** A side effect typed in "Add a side effect" and not added yet: kept like pendingEffect. */
  pendingSideEffect: string;
  /** Effects listed without a rating; the wizard no longer asks for them (one add-effect control), corrections still show them. */
  effects: string[];
  timeline: string;
  story: string;
  sourcingVendorUrl: string;
  sourcingBatchId: string;
  sourcingPurity: string;
  sourcingVolumeMl: string;
  /** "Publish sourcing details": off unless the submitter ticks it. */
  publishSourcing: boolean;
  website: string;
}

export const EMPTY_FORM: WizardForm = {
  peptideId: '',
  dose: EMPTY_DOSE,
  frequency: '',
  duration: '',
  routeOfAdministration: '',
  primaryPurpose: [],
  ageRange: '',
  biologicalSex: '',
  activityLevel: '',
  stack: [],
  outcomes: {},
  pendingEffect: '',
  sideEffects: [],
  pendingSideEffect: '',
  effects: [],
  timeline: '',
  story: '',
  sourcingVendorUrl: '',
  sourcingBatchId: '',
  sourcingPurity: '',
  sourcingVolumeMl: '',
  publishSourcing: false,
  website: '',
};

/**
 * Selecting a peptide: one outcome per common effect, each "Not rated" until the person moves it
 * (nothing is filled in for them); a peptide with no common effects offers its overall effect.
 */
export function outcomesFor(commonEffects: readonly string[]): Record<string, null> {
  const out: Record<string, null> = {};
  for (const effect of cleanList(commonEffects)) out[effect] = null;
  if (Object.keys(out).length === 0) out[OVERALL_OUTCOME] = null;
  return out;
}

/** A whole number written with digits only ("12abc" and "42.7" are not), or NaN. */
export function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
}

/** A plain decimal number ("98.5", "2"), or NaN for anything else ("1e3", "12abc"). */
export function decimalNumber(text: string): number {
  return /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : NaN;
}

function optionalNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = decimalNumber(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Builds the POST body: the dose as an amount and a unit with `dosage` its text ("250 mcg"), as
 * the contract asks of every client; sourcing only when any field is filled, and published on the
 * card only with publishSourcing (always sent, true or false).
 */
export function buildPayload(form: WizardForm) {
  const sourcing = {
    vendorUrl: form.sourcingVendorUrl.trim() || undefined,
    batchId: form.sourcingBatchId.trim() || undefined,
    purityPercentage: optionalNumber(form.sourcingPurity),
    volumeMl: optionalNumber(form.sourcingVolumeMl),
  };
  const anySourcing = Object.values(sourcing).some((v) => v !== undefined);
  const dose = doseInputOf(form.dose);
  return {
    peptideId: form.peptideId,
    dosage: dosageTextOf(form.dose),
    ...(dose ? { dose } : {}),
    frequency: form.frequency,
    // NaN is not a whole number: the contract refuses it, so the step says why (wizard-validation.ts).
    duration: wholeNumber(form.duration),
    routeOfAdministration: form.routeOfAdministration,
    primaryPurpose: form.primaryPurpose,
    demographics: { ageRange: form.ageRange, biologicalSex: form.biologicalSex, activityLevel: form.activityLevel },
    outcomes: ratedOutcomes(form.outcomes),
    sideEffects: form.sideEffects.map((s) => ({ name: s.name.trim(), severity: s.severity })),
    effects: cleanList(form.effects),
    timeline: form.timeline,
    story: form.story,
    stack: cleanList(form.stack),
    ...(anySourcing ? { sourcing } : {}),
    publishSourcing: form.publishSourcing === true,
  };
}
