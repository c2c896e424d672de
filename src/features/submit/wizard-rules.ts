// Pure rules for the submission wizard (spec sections 4 and 5).
import { cleanList, parseDuration, STORY_MIN } from '@contract/rules';

export type WizardStep = 1 | 2 | 3 | 4;

export interface WizardForm {
  peptideId: string;
  dosage: string;
  frequency: string;
  /** Raw text from the duration field; parsed with parseDuration. */
  duration: string;
  routeOfAdministration: string;
  primaryPurpose: string[];
  ageRange: string;
  biologicalSex: string;
  activityLevel: string;
  stack: string[];
  outcomes: Record<string, number>;
  effects: string[];
  timeline: string;
  story: string;
  vendorName: string;
  vendorQuantity: string;
  vendorBatchId: string;
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
  dosage: '',
  frequency: '',
  duration: '',
  routeOfAdministration: '',
  primaryPurpose: [],
  ageRange: '',
  biologicalSex: '',
  activityLevel: '',
  stack: [],
  outcomes: {},
  effects: [],
  timeline: '',
  story: '',
  vendorName: '',
  vendorQuantity: '',
  vendorBatchId: '',
  sourcingVendorUrl: '',
  sourcingBatchId: '',
  sourcingPurity: '',
  sourcingVolumeMl: '',
  publishSourcing: false,
  website: '',
};

/** The fields still missing for a step, as labels to show; empty when the step is valid. */
export function missingFields(step: WizardStep, form: WizardForm): string[] {
  const missing: string[] = [];
  const blank = (s: string) => s.trim().length === 0;
  if (step === 1) {
    if (blank(form.peptideId)) missing.push('Peptide');
    if (blank(form.dosage)) missing.push('Dosage');
    if (blank(form.frequency)) missing.push('Frequency');
    if (!(parseDuration(form.duration) > 0)) missing.push('Duration (days)');
    if (blank(form.routeOfAdministration)) missing.push('Route of administration');
  } else if (step === 2) {
    if (form.primaryPurpose.length === 0) missing.push('Primary purpose');
    if (blank(form.ageRange)) missing.push('Age range');
    if (blank(form.biologicalSex)) missing.push('Biological sex');
    if (blank(form.activityLevel)) missing.push('Activity level');
  } else if (step === 3) {
    if (blank(form.timeline)) missing.push('Timeline');
  } else {
    if (form.story.trim().length < STORY_MIN) missing.push(`Story (at least ${STORY_MIN} characters)`);
    missing.push(...sourcingProblems(form));
  }
  return missing;
}

export type SourcingField = 'sourcingVendorUrl' | 'sourcingPurity' | 'sourcingVolumeMl';

/** Messages shown in red under each optional sourcing field that is filled but invalid. */
export const SOURCING_MESSAGES: Record<SourcingField, string> = {
  sourcingVendorUrl: 'Enter a web address starting with http:// or https://',
  sourcingPurity: 'Purity must be a number between 0 and 100',
  sourcingVolumeMl: 'Volume must be a positive number of ml (at most 1000)',
};

/** Optional sourcing fields, when filled, must match the contract: http(s) URL, purity 0-100, volume > 0 (at most 1000 ml). */
export function sourcingErrors(form: WizardForm): Partial<Record<SourcingField, string>> {
  const errors: Partial<Record<SourcingField, string>> = {};
  const url = form.sourcingVendorUrl.trim();
  if (url) {
    let ok = false;
    try {
      ok = /^https?:$/.test(new URL(url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) errors.sourcingVendorUrl = SOURCING_MESSAGES.sourcingVendorUrl;
  }
  if (form.sourcingPurity.trim()) {
    const n = Number(form.sourcingPurity);
    if (!Number.isFinite(n) || n < 0 || n > 100) errors.sourcingPurity = SOURCING_MESSAGES.sourcingPurity;
  }
  if (form.sourcingVolumeMl.trim()) {
    const n = Number(form.sourcingVolumeMl);
    if (!Number.isFinite(n) || n <= 0 || n > 1000) errors.sourcingVolumeMl = SOURCING_MESSAGES.sourcingVolumeMl;
  }
  return errors;
}

const SOURCING_LABELS: Record<SourcingField, string> = {
  sourcingVendorUrl: 'Vendor URL (a web address starting with http or https)',
  sourcingPurity: 'Purity (between 0 and 100)',
  sourcingVolumeMl: 'Volume (a positive number of ml, at most 1000)',
};

/** The invalid sourcing fields as labels for the "Still needed" line. */
export function sourcingProblems(form: WizardForm): string[] {
  return (Object.keys(sourcingErrors(form)) as SourcingField[]).map((f) => SOURCING_LABELS[f]);
}

export function isStepValid(step: WizardStep, form: WizardForm): boolean {
  return missingFields(step, form).length === 0;
}

/** Selecting a peptide: one outcome per common effect, each at 5. */
export function outcomesFor(commonEffects: readonly string[], defaultValue = 5): Record<string, number> {
  const out: Record<string, number> = {};
  for (const effect of cleanList(commonEffects)) out[effect] = defaultValue;
  return out;
}

function optionalNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Builds the POST body. Vendor details are shown but never sent; sourcing only when any field is
 * filled, and published on the card only with publishSourcing (always sent, true or false).
 */
export function buildPayload(form: WizardForm) {
  const sourcing = {
    vendorUrl: form.sourcingVendorUrl.trim() || undefined,
    batchId: form.sourcingBatchId.trim() || undefined,
    purityPercentage: optionalNumber(form.sourcingPurity),
    volumeMl: optionalNumber(form.sourcingVolumeMl),
  };
  const anySourcing = Object.values(sourcing).some((v) => v !== undefined);
  return {
    peptideId: form.peptideId,
    dosage: form.dosage.trim(),
    frequency: form.frequency,
    duration: parseDuration(form.duration),
    routeOfAdministration: form.routeOfAdministration,
    primaryPurpose: form.primaryPurpose,
    demographics: { ageRange: form.ageRange, biologicalSex: form.biologicalSex, activityLevel: form.activityLevel },
    outcomes: form.outcomes,
    effects: cleanList(form.effects),
    timeline: form.timeline,
    story: form.story,
    stack: cleanList(form.stack),
    ...(anySourcing ? { sourcing } : {}),
    publishSourcing: form.publishSourcing === true,
  };
}
