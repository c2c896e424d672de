// Each step is checked with the schema the server parses the POST with (contract/experiences.ts
// SubmitExperienceRequest), so the wizard never lets a person reach Submit with something the
// server refuses; the message goes under the field, in the server's words with the field's label.
import { cleanLine, formatIssues } from '@contract/common';
import { Outcomes, SubmitExperienceRequest } from '@contract/experiences';
import { OUTCOME_MIN, ratedOutcomes } from '@contract/rules';
import { SIDE_EFFECT_NAME_MAX, SIDE_EFFECTS_MAX, sideEffectNotBenefit } from '@contract/side-effects';
import { Name } from '@contract/safe-text';
import { amountOf } from '@/lib/dose/dose-draft';
import { buildPayload, decimalNumber, wholeNumber, type WizardForm, type WizardStep } from './wizard-rules';

/** Every field a step can point to, in page order (the first invalid one is focused). */
export const FIELD_STEP = {
  peptideId: 1,
  doseAmount: 1,
  doseStrength: 1,
  frequency: 1,
  duration: 1,
  route: 1,
  primaryPurpose: 2,
  ageRange: 2,
  biologicalSex: 2,
  activityLevel: 2,
  stack: 2,
  outcomes: 3,
  pendingEffect: 3,
  sideEffects: 3,
  pendingSideEffect: 3,
  effects: 3,
  timeline: 3,
  story: 4,
  sourcingVendorUrl: 4,
  sourcingBatchId: 4,
  sourcingPurity: 4,
  sourcingVolumeMl: 4,
} as const satisfies Record<string, WizardStep>;
export type WizardField = keyof typeof FIELD_STEP;
export type FieldErrors = Partial<Record<WizardField, string>>;

const LABEL: Record<WizardField, string> = {
  peptideId: 'Peptide',
  doseAmount: 'Dose',
  doseStrength: 'Strength',
  frequency: 'Frequency',
  duration: 'Duration',
  route: 'Route of administration',
  primaryPurpose: 'Primary purpose',
  ageRange: 'Age range',
  biologicalSex: 'Biological sex',
  activityLevel: 'Activity level',
  stack: 'Stack',
  outcomes: 'Outcomes',
  pendingEffect: 'Effect to rate',
  sideEffects: 'Side effects',
  pendingSideEffect: 'Side effect to add',
  effects: 'Extra effects',
  timeline: 'Timeline',
  story: 'Story',
  sourcingVendorUrl: 'Vendor URL',
  sourcingBatchId: 'Batch ID',
  sourcingPurity: 'Purity',
  sourcingVolumeMl: 'Volume',
};

/** The request's paths (as the server's 400 names them) and the wizard field each belongs to. */
const PATH_FIELD: Record<string, WizardField> = {
  peptideId: 'peptideId',
  // `dosage` is written from the dose (wizard-rules.ts buildPayload): its refusals belong to the dose.
  dosage: 'doseAmount',
  dose: 'doseAmount',
  'dose.amount': 'doseAmount',
  'dose.strength': 'doseStrength',
  'dose.strength.amount': 'doseStrength',
  frequency: 'frequency',
  duration: 'duration',
  routeOfAdministration: 'route',
  primaryPurpose: 'primaryPurpose',
  'demographics.ageRange': 'ageRange',
  'demographics.biologicalSex': 'biologicalSex',
  'demographics.activityLevel': 'activityLevel',
  stack: 'stack',
  outcomes: 'outcomes',
  sideEffects: 'sideEffects',
  effects: 'effects',
  timeline: 'timeline',
  story: 'story',
  'sourcing.vendorUrl': 'sourcingVendorUrl',
  'sourcing.batchId': 'sourcingBatchId',
  'sourcing.purityPercentage': 'sourcingPurity',
  'sourcing.volumeMl': 'sourcingVolumeMl',
};
// Longest first, so "sourcing.volumeMl" is matched before a shorter path that prefixes it.

/** A ticked or added side effect with no severity chosen yet. */
export const SEVERITY_REQUIRED = 'Choose how bad it was: mild, moderate or severe';

/** Blank required fields, in a person's words rather than the enum's list of values. */
const REQUIRED: Partial<Record<WizardField, [(form: WizardForm) => boolean, string]>> = {
  peptideId: [(f) => !f.peptideId, 'Choose a peptide'],
  doseAmount: [(f) => !f.dose.amount.trim(), 'Enter the dose, like 250'],
  doseStrength: [
    (f) => f.dose.unit === 'mL' && !f.dose.strengthAmount.trim(),
    'Enter what one mL of the solution holds, like 2.5',
  ],
  frequency: [(f) => !f.frequency, 'Choose a frequency'],
  duration: [(f) => !f.duration.trim(), 'Enter the number of days'],
  route: [(f) => !f.routeOfAdministration, 'Choose a route of administration'],
  primaryPurpose: [(f) => f.primaryPurpose.length === 0, 'Choose at least one purpose'],
  ageRange: [(f) => !f.ageRange, 'Choose an age range'],
  biologicalSex: [(f) => !f.biologicalSex, 'Choose a biological sex'],
  activityLevel: [(f) => !f.activityLevel, 'Choose an activity level'],
  timeline: [(f) => !f.timeline, 'Choose when you noticed effects'],
  // Said in the words of the sliders before the contract's own "outcomes must rate ...".
  outcomes: [
    (f) => Object.keys(ratedOutcomes(f.outcomes)).length === 0,
    'Rate at least one effect: move its slider off "Not rated"',
  ],
  // Typed but not added: Next asks, instead of losing it.
  pendingEffect: [(f) => f.pendingEffect.trim() !== '', 'Press “Add effect” to rate what you typed, or clear the box.'],
  // Shown under each side effect still without one (SideEffectsField.tsx), before the contract's enum message.
  sideEffects: [(f) => f.sideEffects.some((s) => !s.severity), SEVERITY_REQUIRED],
  pendingSideEffect: [
    (f) => f.pendingSideEffect.trim() !== '',
    'Press “Add side effect” to list what you typed, or clear the box.',
  ],
};

/** Number fields: text that is not a number of the right kind, before the contract's limits. */
const NUMBER_FORMAT: Partial<Record<WizardField, [(form: WizardForm) => boolean, string]>> = {
  duration: [
    (f) => f.duration.trim() !== '' && Number.isNaN(wholeNumber(f.duration)),
    'Duration must be a whole number of days, like 30',
  ],
  sourcingPurity: [
    (f) => f.sourcingPurity.trim() !== '' && Number.isNaN(decimalNumber(f.sourcingPurity)),
    'Purity must be a number, like 98.5',
  ],
  sourcingVolumeMl: [
    (f) => f.sourcingVolumeMl.trim() !== '' && Number.isNaN(decimalNumber(f.sourcingVolumeMl)),
    'Volume must be a number of ml, like 2.5',
  ],
};

/** The dose's numbers, checked after its blanks (REQUIRED), before the contract's limits. */
const DOSE_FORMAT: Partial<Record<WizardField, [(form: WizardForm) => boolean, string]>> = {
  doseAmount: [
    (f) => f.dose.amount.trim() !== '' && Number.isNaN(amountOf(f.dose.amount)),
    'Dose must be a number, like 250 or 0.5',
  ],
  doseStrength: [
    (f) => f.dose.unit === 'mL' && f.dose.strengthAmount.trim() !== '' && Number.isNaN(amountOf(f.dose.strengthAmount)),
    'Strength must be a number, like 2.5',
  ],
};

/** "duration must be at most 3650 days" → "Duration must be at most 3650 days". */
export function humanise(message: string, path: string, field: WizardField): string {
  if (!message.startsWith(path)) return message.charAt(0).toUpperCase() + message.slice(1);
  const rest = message.slice(path.length);
  return `${LABEL[field]}${rest.startsWith(':') ? rest : rest.startsWith(' ') ? rest : ` ${rest}`}`;
}

/**
 * The field an input path names (`sourcing.volumeMl`, or below one: `outcomes.Focus`), with the
 * message worded for that field.
 */
export function fieldOfPath(path: string, message: string): { field: WizardField; text: string } | null {
  for (let at = path; at; at = at.slice(0, Math.max(at.lastIndexOf('.'), 0))) {
    const field = PATH_FIELD[at];
    if (field) return { field, text: humanise(message, at, field) };
  }
  return null;
}

/** The problems on one step (every step when `step` is omitted), at most one per field. */
export function stepErrors(form: WizardForm, step?: WizardStep): FieldErrors {
  const errors: FieldErrors = {};
  const onStep = (field: WizardField) => step === undefined || FIELD_STEP[field] === step;
  for (const [field, [blank, message]] of [
    ...Object.entries({ ...REQUIRED, ...NUMBER_FORMAT }),
    ...Object.entries(DOSE_FORMAT),
  ] as [WizardField, [(f: WizardForm) => boolean, string]][]) {
    if (onStep(field) && !errors[field] && blank(form)) errors[field] = message;
  }
  const payload = buildPayload(form);
  const result = SubmitExperienceRequest.safeParse(payload, { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
      // `dosage` is the dose's text, empty while the dose is not whole: the dose's own issue says why.
      if (payload.dose && issue.path[0] === 'dosage') continue;
      // A record key's issue (an outcome name) ends its path with the key: name the record.
      const path = (issue.code === 'invalid_key' ? issue.path.slice(0, -1) : issue.path).map(String).join('.');
      const found = fieldOfPath(path, formatIssues([issue]));
      if (found && onStep(found.field) && !errors[found.field]) errors[found.field] = found.text;
    }
  }
  // Ordered as the fields appear, so the first key is the field to focus.
  return Object.fromEntries(
    (Object.keys(FIELD_STEP) as WizardField[]).filter((f) => errors[f]).map((f) => [f, errors[f]]),
  ) as FieldErrors;
}

/**
 * An effect the person adds to rate, checked as the contract checks outcome names (contract
 * experiences.ts Outcomes: a Name, each rated once whatever the letter case, a limited number).
 */
export function checkOutcomeName(
  name: string,
  outcomes: Record<string, number | null>,
  sideEffectNames: ReadonlySet<string> = new Set(),
): { name: string } | { error: string } {
  const key = cleanLine(name);
  if (!key) return { error: 'Enter the name of an effect to rate' };
  // The server would move it out of the rated benefits (contract/side-effects.ts splitSideEffects): say so here.
  if (sideEffectNames.has(key.toLowerCase())) return { error: sideEffectNotBenefit(key) };
  const existing = Object.keys(outcomes).find((k) => k.toLowerCase() === key.toLowerCase());
  if (existing) return { error: `${existing} is on the list already` };
  // Every offered name is checked as if rated (the count limit counts them all); the values are
  // only there to pass the schema.
  const result = Outcomes.safeParse(Object.fromEntries([...Object.keys(outcomes), key].map((k) => [k, OUTCOME_MIN])));
  if (result.success) return { name: key };
  const issue = result.error.issues[0]!;
  const message =
    (issue.code === 'invalid_key' ? issue.issues[0]?.message : issue.message) ?? 'This name cannot be used';
  return { error: humanise(message, 'outcomes', 'outcomes') };
}

/**
 * A side effect the person adds, checked as the contract checks them (contract/side-effects.ts
 * SideEffects: a Name of up to 60 characters, each once whatever the letter case, at most 12); a
 * benefit this step rates is refused, since one name cannot be both. A name on the peptide's own
 * list comes back spelled as the list spells it, so it ticks that box.
 */
export function checkSideEffectName(
  name: string,
  listed: readonly { name: string }[],
  benefits: readonly string[],
  known: readonly string[] = [],
): { name: string } | { error: string } {
  const key = cleanLine(name);
  if (!key) return { error: 'Enter the name of a side effect' };
  const same = (other: string) => other.trim().toLowerCase() === key.toLowerCase();
  const existing = listed.find((s) => same(s.name));
  if (existing) return { error: `${existing.name} is on the list already` };
  const benefit = benefits.find(same);
  if (benefit) return { error: `${benefit} is rated above as a benefit` };
  if (listed.length >= SIDE_EFFECTS_MAX) return { error: `List at most ${SIDE_EFFECTS_MAX} side effects` };
  const result = Name(SIDE_EFFECT_NAME_MAX).safeParse(key);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? 'This name cannot be used';
    return { error: message.charAt(0).toUpperCase() + message.slice(1) };
  }
  return { name: known.find(same) ?? key };
}

/** The element to focus for a field: its input, or the first control of a group. */
export const FOCUS_ID: Record<WizardField, string> = {
  ...(Object.fromEntries(Object.keys(FIELD_STEP).map((f) => [f, f])) as Record<WizardField, string>),
  primaryPurpose: 'primaryPurpose-0',
  stack: 'stack-add',
  // The first slider (OutcomesStep); the name field when there is none (fieldElement below).
  outcomes: 'outcome-0',
  pendingEffect: 'outcome-name',
  // The first side effect still without a severity (fieldElement below); else the add box.
  sideEffects: 'side-effect-name',
  pendingSideEffect: 'side-effect-name',
  effects: 'effects-add',
};

/** Marks the severity choice of a side effect that has none yet, so Next can focus the first (SideEffectsField.tsx). */
export const NEEDS_SEVERITY = 'data-needs-severity';

/** The element to focus for a field; for outcomes with no slider left, the field that adds one. */
export function fieldElement(field: WizardField): HTMLElement | null {
  if (field === 'sideEffects') {
    const missing = document.querySelector<HTMLElement>(`[${NEEDS_SEVERITY}]`);
    if (missing) return missing;
  }
  return (
    document.getElementById(FOCUS_ID[field]) ?? (field === 'outcomes' ? document.getElementById('outcome-name') : null)
  );
}
