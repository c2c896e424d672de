// Each step is checked with the schema the server parses the POST with (contract/experiences.ts
// SubmitExperienceRequest), so the wizard never lets a person reach Submit with something the
// server refuses; the message goes under the field, in the server's words with the field's label.
import { cleanLine, formatIssues } from '@contract/common';
import { Outcomes, SubmitExperienceRequest } from '@contract/experiences';
import { OUTCOME_MIN, ratedOutcomes } from '@contract/rules';
import { buildPayload, decimalNumber, wholeNumber, type WizardForm, type WizardStep } from './wizard-rules';

/** Every field a step can point to, in page order (the first invalid one is focused). */
export const FIELD_STEP = {
  peptideId: 1,
  dosage: 1,
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
  dosage: 'Dosage',
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
  dosage: 'dosage',
  frequency: 'frequency',
  duration: 'duration',
  routeOfAdministration: 'route',
  primaryPurpose: 'primaryPurpose',
  'demographics.ageRange': 'ageRange',
  'demographics.biologicalSex': 'biologicalSex',
  'demographics.activityLevel': 'activityLevel',
  stack: 'stack',
  outcomes: 'outcomes',
  effects: 'effects',
  timeline: 'timeline',
  story: 'story',
  'sourcing.vendorUrl': 'sourcingVendorUrl',
  'sourcing.batchId': 'sourcingBatchId',
  'sourcing.purityPercentage': 'sourcingPurity',
  'sourcing.volumeMl': 'sourcingVolumeMl',
};
// Longest first, so "sourcing.volumeMl" is matched before a shorter path that prefixes it.

/** Blank required fields, in a person's words rather than the enum's list of values. */
const REQUIRED: Partial<Record<WizardField, [(form: WizardForm) => boolean, string]>> = {
  peptideId: [(f) => !f.peptideId, 'Choose a peptide'],
  dosage: [(f) => !f.dosage.trim(), 'Enter a dosage, like 250mcg'],
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
  for (const [field, [blank, message]] of Object.entries({ ...REQUIRED, ...NUMBER_FORMAT }) as [
    WizardField,
    [(f: WizardForm) => boolean, string],
  ][]) {
    if (onStep(field) && !errors[field] && blank(form)) errors[field] = message;
  }
  const result = SubmitExperienceRequest.safeParse(buildPayload(form), { reportInput: true });
  if (!result.success) {
    for (const issue of result.error.issues) {
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
): { name: string } | { error: string } {
  const key = cleanLine(name);
  if (!key) return { error: 'Enter the name of an effect to rate' };
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

/** The element to focus for a field: its input, or the first control of a group. */
export const FOCUS_ID: Record<WizardField, string> = {
  ...(Object.fromEntries(Object.keys(FIELD_STEP).map((f) => [f, f])) as Record<WizardField, string>),
  primaryPurpose: 'primaryPurpose-0',
  stack: 'stack-add',
  // The first slider (OutcomesStep); the name field when there is none (fieldElement below).
  outcomes: 'outcome-0',
  pendingEffect: 'outcome-name',
  effects: 'effects-add',
};

/** The element to focus for a field; for outcomes with no slider left, the field that adds one. */
export function fieldElement(field: WizardField): HTMLElement | null {
  return (
    document.getElementById(FOCUS_ID[field]) ?? (field === 'outcomes' ? document.getElementById('outcome-name') : null)
  );
}
