// The correction form behind "Update Experience": every field the wizard asks,
// filled from the author's report, checked with the schema the server parses the correction with
// (contract/experiences.ts UpdateExperienceRequest), each problem under its field.
import { formatIssues } from '@contract/common';
import { type OwnExperience, UpdateExperienceRequest } from '@contract/experiences';
import { cleanList, ratedOutcomes } from '@contract/rules';
import { readDoseText } from '@contract/doses';
import type { Severity } from '@contract/side-effects';
import { amountOf, type DoseDraft, doseInputOf, dosageTextOf, draftOf } from '@/lib/dose/dose-draft';

export interface CorrectionForm {
  peptide: { _id: string; name: string; category: string };
  /** The dose as the wizard asks it (src/features/submit/dose/DoseFields.tsx). */
  dose: DoseDraft;
  /**
   * The report's dose before this correction: as the fields first showed it ('' when its text could
   * not be read) and `dosage` as written. The dose is sent only when it differs.
   */
  doseBefore: { fields: string; written: string };
  frequency: string;
  duration: string;
  routeOfAdministration: string;
  primaryPurpose: string[];
  ageRange: string;
  biologicalSex: string;
  activityLevel: string;
  timeline: string;
  /** Each outcome with its rating, or null while "Not rated" (an effect just added; never sent). */
  outcomes: Record<string, number | null>;
  /** Side effects with their severities; one just added has none ('') until chosen (Save asks). */
  sideEffects: { name: string; severity: Severity | '' }[];
  /** Extra effects and stack, comma-separated as typed. */
  effects: string;
  stack: string;
  story: string;
  vendorUrl: string;
  batchId: string;
  purity: string;
  volumeMl: string;
  publishSourcing: boolean;
}

export type CorrectionField =
  | Exclude<keyof CorrectionForm, 'peptide' | 'dose' | 'doseBefore'>
  | 'peptideId'
  | 'doseAmount'
  | 'doseStrength';
export type CorrectionErrors = Partial<Record<CorrectionField, string>>;

export function formOf(e: OwnExperience): CorrectionForm {
  const d = e.demographics;
  // A report stored before doses had a unit has only its text: read where unambiguous, else empty.
  const dose = draftOf(e.dose ?? readDoseText(e.dosage));
  return {
    peptide: { _id: e.peptideId, name: e.peptideName, category: e.peptideCategory },
    dose,
    doseBefore: { fields: dosageTextOf(dose), written: e.dosage },
    frequency: e.frequency,
    duration: String(e.duration),
    routeOfAdministration: e.route,
    primaryPurpose: e.primaryPurpose,
    ageRange: d?.ageRange ?? '',
    biologicalSex: d?.biologicalSex ?? '',
    activityLevel: d?.activityLevel ?? '',
    timeline: e.timeline,
    outcomes: e.outcomes,
    sideEffects: e.sideEffects.map((s) => ({ ...s })),
    effects: e.effects.join(', '),
    stack: e.stack.join(', '),
    story: e.story,
    vendorUrl: e.sourcing?.vendorUrl ?? '',
    batchId: e.sourcing?.batchId ?? '',
    purity: e.sourcing?.purityPercentage === undefined ? '' : String(e.sourcing.purityPercentage),
    volumeMl: e.sourcing?.volumeMl === undefined ? '' : String(e.sourcing.volumeMl),
    publishSourcing: e.publishSourcing,
  };
}

/** A plain number as typed ("98.5"), NaN for anything else, undefined when empty. */
function numberOf(text: string, whole = false): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return (whole ? /^\d+$/ : /^\d+(\.\d+)?$/).test(t) ? Number(t) : Number.NaN;
}

/**
 * The dose to send: only when the fields differ from the report's dose. Left empty where the old
 * text could not be read, the report keeps that text.
 */
function doseChanges(f: CorrectionForm): Pick<UpdateExperienceRequest, 'dose' | 'dosage'> {
  const dose = doseInputOf(f.dose);
  const text = dosageTextOf(f.dose);
  if (!dose || (text && text === f.doseBefore.fields)) return {};
  return { dose, dosage: text };
}

/**
 * The request body: every field as the form shows it (the server writes nothing when nothing
 * changed), the dose only when changed.
 */
export function changesOf(f: CorrectionForm): UpdateExperienceRequest {
  const sourcing = {
    vendorUrl: f.vendorUrl.trim() || undefined,
    batchId: f.batchId.trim() || undefined,
    purityPercentage: numberOf(f.purity),
    volumeMl: numberOf(f.volumeMl),
  };
  const anySourcing = Object.values(sourcing).some((v) => v !== undefined);
  return {
    peptideId: f.peptide._id,
    ...doseChanges(f),
    frequency: f.frequency as UpdateExperienceRequest['frequency'],
    duration: numberOf(f.duration, true) ?? Number.NaN,
    routeOfAdministration: f.routeOfAdministration as UpdateExperienceRequest['routeOfAdministration'],
    primaryPurpose: f.primaryPurpose as UpdateExperienceRequest['primaryPurpose'],
    demographics: {
      ageRange: f.ageRange,
      biologicalSex: f.biologicalSex,
      activityLevel: f.activityLevel,
    } as UpdateExperienceRequest['demographics'],
    timeline: f.timeline as UpdateExperienceRequest['timeline'],
    outcomes: ratedOutcomes(f.outcomes),
    // A severity not chosen yet ('') is refused by the schema: correctionErrors says so under the list.
    sideEffects: f.sideEffects.map((s) => ({ name: s.name.trim(), severity: s.severity as Severity })),
    effects: cleanList(f.effects.split(',')),
    stack: cleanList(f.stack.split(',')),
    story: f.story,
    sourcing: anySourcing ? sourcing : null,
    publishSourcing: f.publishSourcing,
  };
}

/** The request paths as the schema names them, and the form field each belongs to. */
const PATH_FIELD: Record<string, CorrectionField> = {
  peptideId: 'peptideId',
  dosage: 'doseAmount',
  dose: 'doseAmount',
  'dose.amount': 'doseAmount',
  'dose.strength': 'doseStrength',
  'dose.strength.amount': 'doseStrength',
  frequency: 'frequency',
  duration: 'duration',
  routeOfAdministration: 'routeOfAdministration',
  primaryPurpose: 'primaryPurpose',
  'demographics.ageRange': 'ageRange',
  'demographics.biologicalSex': 'biologicalSex',
  'demographics.activityLevel': 'activityLevel',
  timeline: 'timeline',
  outcomes: 'outcomes',
  sideEffects: 'sideEffects',
  effects: 'effects',
  stack: 'stack',
  story: 'story',
  'sourcing.vendorUrl': 'vendorUrl',
  'sourcing.batchId': 'batchId',
  'sourcing.purityPercentage': 'purity',
  'sourcing.volumeMl': 'volumeMl',
};

/** A person's words where the schema has only a type or a list of values (a blank choice, a number typed wrong). */
const PLAIN: Partial<Record<CorrectionField, string>> = {
  peptideId: 'Choose a peptide',
  duration: 'Enter the number of days, a whole number like 30',
  frequency: 'Choose a frequency',
  routeOfAdministration: 'Choose a route',
  ageRange: 'Choose an age range',
  biologicalSex: 'Choose a biological sex',
  activityLevel: 'Choose an activity level',
  timeline: 'Choose when you noticed effects',
  sideEffects: 'Choose how bad each side effect was: mild, moderate or severe',
  purity: 'Purity must be a number, like 98.5',
  volumeMl: 'Volume must be a number of ml, like 2.5',
};

/** The field's name in a message that starts with its request path ("sourcing.volumeMl must be positive"). */
const LABEL: Partial<Record<string, string>> = {
  // Longest first: the first path a message starts with names it.
  'dose.strength.amount': 'Strength',
  'dose.strength': 'Strength',
  'dose.amount': 'Dose',
  'sourcing.vendorUrl': 'Vendor URL',
  'sourcing.batchId': 'Batch ID',
  'sourcing.purityPercentage': 'Purity',
  'sourcing.volumeMl': 'Volume',
  routeOfAdministration: 'Route',
  primaryPurpose: 'Primary purpose',
  peptideId: 'Peptide',
  sideEffects: 'Side effects',
};

function humanise(text: string): string {
  const path = Object.keys(LABEL).find((p) => text.startsWith(p));
  const named = path ? `${LABEL[path]}${text.slice(path.length)}` : text;
  return named.charAt(0).toUpperCase() + named.slice(1);
}

/** The problems of the form, at most one per field, in the server's words (or plainer ones). */
export function correctionErrors(f: CorrectionForm): CorrectionErrors {
  const errors: CorrectionErrors = doseErrors(f);
  const result = UpdateExperienceRequest.safeParse(changesOf(f));
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = (issue.code === 'invalid_key' ? issue.path.slice(0, -1) : issue.path).map(String);
    const key = PATH_FIELD[path.join('.')] ?? PATH_FIELD[path.slice(0, 2).join('.')] ?? PATH_FIELD[path[0] ?? ''];
    if (!key || errors[key]) continue;
    const plain = PLAIN[key];
    // A side effect's own problem names it, not its place in the list ("sideEffects.2.name").
    const sideEffect = key === 'sideEffects' && path.length > 2 ? f.sideEffects[Number(path[1])] : undefined;
    errors[key] =
      plain && (issue.code === 'invalid_type' || issue.code === 'invalid_value')
        ? plain
        : sideEffect
          ? `${sideEffect.name}: ${issue.message}`
          : humanise(formatIssues([issue]));
  }
  return errors;
}

/** The dose's blanks and mistyped numbers, in the wizard's words (src/features/submit/wizard-validation.ts). */
function doseErrors(f: CorrectionForm): CorrectionErrors {
  const { amount, unit, strengthAmount } = f.dose;
  const errors: CorrectionErrors = {};
  // Blank is allowed only where the old text could not be read: the report keeps it.
  if (!amount.trim() && f.doseBefore.fields) errors.doseAmount = 'Enter the dose, like 250';
  else if (amount.trim() && Number.isNaN(amountOf(amount)))
    errors.doseAmount = 'Dose must be a number, like 250 or 0.5';
  if (unit === 'mL' && amount.trim()) {
    if (!strengthAmount.trim()) errors.doseStrength = 'Enter what one mL of the solution holds, like 2.5';
    else if (Number.isNaN(amountOf(strengthAmount))) errors.doseStrength = 'Strength must be a number, like 2.5';
  }
  return errors;
}
