// The wizard's rules: each step checked with the contract's schema (wizard-validation.ts), the
// first outcomes, the POST body.
import { describe, expect, it } from 'vitest';
import { OVERALL_OUTCOME } from '@contract/rules';
import { EMPTY_DOSE } from '@/lib/dose/dose-draft';
import { previewExperience } from '@/features/submit/public-preview';
import { buildPayload, EMPTY_FORM, outcomesFor, type WizardForm } from '@/features/submit/wizard-rules';
import { checkOutcomeName, fieldOfPath, stepErrors } from '@/features/submit/wizard-validation';

const PID = '11111111-1111-4111-8111-111111111111';
const step1: WizardForm = {
  ...EMPTY_FORM,
  peptideId: PID,
  dose: { ...EMPTY_DOSE, amount: '250' },
  frequency: 'daily',
  duration: '30',
  routeOfAdministration: 'oral',
};
const fields = (form: WizardForm, step: 1 | 2 | 3 | 4) => Object.keys(stepErrors(form, step));

describe('wizard rules', () => {
  it('step 1 needs peptide, dose, frequency, route and a whole number of days within the contract limit', () => {
    expect(fields(EMPTY_FORM, 1)).toEqual(['peptideId', 'doseAmount', 'frequency', 'duration', 'route']);
    expect(stepErrors(step1, 1)).toEqual({});
    expect(stepErrors({ ...step1, duration: '12abc' }, 1)).toEqual({
      duration: 'Duration must be a whole number of days, like 30',
    });
    expect(stepErrors({ ...step1, duration: '42.7' }, 1)).toEqual({
      duration: 'Duration must be a whole number of days, like 30',
    });
    expect(stepErrors({ ...step1, duration: '99999' }, 1)).toEqual({ duration: 'Duration must be at most 3650 days' });
    expect(stepErrors({ ...step1, duration: '0' }, 1)).toEqual({ duration: 'Duration must be greater than 0' });
    const dose = (amount: string, more = {}) => stepErrors({ ...step1, dose: { ...EMPTY_DOSE, amount, ...more } }, 1);
    expect(dose('0')).toEqual({ doseAmount: 'Dose must be greater than 0' });
    expect(dose('200000')).toEqual({ doseAmount: 'Dose must be at most 100000' });
    expect(dose('2,5')).toEqual({ doseAmount: 'Dose must be a number, like 250 or 0.5' });
    expect(dose('0.1', { unit: 'mL', strengthAmount: '0' })).toEqual({
      doseStrength: 'Strength must be greater than 0',
    });
    expect(dose('0.1', { unit: 'mL', strengthAmount: '2.5' })).toEqual({});
  });
  it('step 2 needs a purpose and all demographics', () => {
    const f = {
      ...EMPTY_FORM,
      primaryPurpose: ['Recovery'],
      ageRange: '18-24',
      biologicalSex: 'male',
      activityLevel: 'active',
    };
    expect(stepErrors(f, 2)).toEqual({});
    expect(fields({ ...f, primaryPurpose: [] }, 2)).toEqual(['primaryPurpose']);
  });
  it('step 3 needs a timeline and at least one outcome; step 4 a 100-character story', () => {
    expect(fields(EMPTY_FORM, 3)).toEqual(['outcomes', 'timeline']);
    expect(stepErrors({ ...EMPTY_FORM, timeline: '1-week', outcomes: { Energy: 5 } }, 3)).toEqual({});
    const notRated = { outcomes: 'Rate at least one effect: move its slider off "Not rated"' };
    expect(stepErrors({ ...EMPTY_FORM, timeline: '1-week' }, 3)).toEqual(notRated);
    expect(stepErrors({ ...EMPTY_FORM, timeline: '1-week', outcomes: { Energy: null, Sleep: null } }, 3)).toEqual(
      notRated,
    );
    expect(stepErrors({ ...EMPTY_FORM, timeline: '1-week', outcomes: { Energy: null, Sleep: 3 } }, 3)).toEqual({});
    expect(fields({ ...EMPTY_FORM, story: 'x'.repeat(99) }, 4)).toEqual(['story']);
    expect(stepErrors({ ...EMPTY_FORM, story: 'x'.repeat(100) }, 4)).toEqual({});
  });
  it('step 4 checks filled sourcing fields with the contract limits', () => {
    const f = { ...EMPTY_FORM, story: 'x'.repeat(100) };
    expect(stepErrors({ ...f, sourcingVendorUrl: 'https://shop.example' }, 4)).toEqual({});
    expect(fields({ ...f, sourcingVendorUrl: 'ftp://x' }, 4)).toEqual(['sourcingVendorUrl']);
    expect(stepErrors({ ...f, sourcingPurity: '101' }, 4)).toEqual({
      sourcingPurity: 'Purity must be between 0 and 100',
    });
    expect(stepErrors({ ...f, sourcingPurity: '12abc' }, 4)).toEqual({
      sourcingPurity: 'Purity must be a number, like 98.5',
    });
    expect(stepErrors({ ...f, sourcingVolumeMl: '1001' }, 4)).toEqual({
      sourcingVolumeMl: 'Volume must be at most 1000',
    });
  });
  it('outcomes start "Not rated", one per common effect, or the overall effect when there are none', () => {
    expect(outcomesFor(['Energy', ' ', 'Sleep'])).toEqual({ Energy: null, Sleep: null });
    expect(outcomesFor([])).toEqual({ [OVERALL_OUTCOME]: null });
  });
  it('the dose is sent as an amount and a unit with dosage its text, and is on the preview card', () => {
    expect(buildPayload(step1)).toMatchObject({ dosage: '250 mcg', dose: { amount: 250, unit: 'mcg' } });
    expect(buildPayload({ ...step1, dose: EMPTY_DOSE })).not.toHaveProperty('dose');
    const card = previewExperience({ ...step1, dose: { ...EMPTY_DOSE, amount: '0.5', unit: 'mg' } }, undefined);
    expect(card).toMatchObject({ dosage: '0.5 mg', dose: { amount: 0.5, unit: 'mg', strength: null, mcg: 500 } });
    expect(previewExperience({ ...step1, dose: { ...EMPTY_DOSE, amount: 'x' } }, undefined).dose).toBeNull();
  });
  it('only rated outcomes are sent', () => {
    expect(buildPayload({ ...step1, outcomes: { Energy: null, Sleep: 7, Mood: null } }).outcomes).toEqual({ Sleep: 7 });
    expect(buildPayload({ ...step1, outcomes: { Energy: null } }).outcomes).toEqual({});
  });
  it('an added outcome name follows the contract', () => {
    expect(checkOutcomeName('  Focus ', {})).toEqual({ name: 'Focus' });
    expect(checkOutcomeName('focus', { Focus: null })).toEqual({ error: 'Focus is on the list already' });
    expect(checkOutcomeName('__proto__', {})).toHaveProperty('error');
    expect(checkOutcomeName('x'.repeat(61), {})).toEqual({ error: 'A name must be at most 60 characters' });
    expect(checkOutcomeName('  ', {})).toEqual({ error: 'Enter the name of an effect to rate' });
  });
  it("a 400's issue path names its field, the message worded for it", () => {
    expect(fieldOfPath('peptideId', 'peptideId: no such peptide')).toEqual({
      field: 'peptideId',
      text: 'Peptide: no such peptide',
    });
    expect(fieldOfPath('outcomes', 'outcomes must rate at least one effect')).toEqual({
      field: 'outcomes',
      text: 'Outcomes must rate at least one effect',
    });
    expect(fieldOfPath('sourcing.volumeMl', 'sourcing.volumeMl must be positive')).toEqual({
      field: 'sourcingVolumeMl',
      text: 'Volume must be positive',
    });
    expect(fieldOfPath('outcomes.Focus', 'outcomes.Focus must be at most 10')?.field).toBe('outcomes');
    expect(fieldOfPath('limit', 'Too many requests. Please try again in 5 seconds.')).toBeNull();
  });
  it('payload: cleaned lists, no effect still being typed, sourcing only when filled', () => {
    const p = buildPayload({ ...step1, effects: [' a ', ''], stack: ['', ' b'], pendingEffect: 'Typed, not added' });
    expect(p.duration).toBe(30);
    expect(p.effects).toEqual(['a']);
    expect(p.stack).toEqual(['b']);
    expect(p).not.toHaveProperty('sourcing');
    expect(JSON.stringify(p)).not.toContain('vendor');
    expect(JSON.stringify(p)).not.toContain('Typed, not added');
    const q = buildPayload({ ...step1, sourcingPurity: '98' });
    expect(q.sourcing).toEqual({ vendorUrl: undefined, batchId: undefined, purityPercentage: 98, volumeMl: undefined });
  });
});
