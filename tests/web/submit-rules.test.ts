import { describe, expect, it } from 'vitest';
import { buildPayload, EMPTY_FORM, isStepValid, missingFields, outcomesFor, type WizardForm } from '@/features/submit/wizard-rules';

const step1: WizardForm = { ...EMPTY_FORM, peptideId: 'p1', dosage: '250mcg', frequency: 'daily', duration: '30', routeOfAdministration: 'oral' };

describe('wizard rules', () => {
  it('step 1 needs peptide, dosage, frequency, route and duration > 0', () => {
    expect(isStepValid(1, EMPTY_FORM)).toBe(false);
    expect(isStepValid(1, step1)).toBe(true);
    expect(missingFields(1, { ...step1, duration: 'abc' })).toEqual(['Duration (days)']);
    expect(missingFields(1, { ...step1, duration: '0' })).toEqual(['Duration (days)']);
  });
  it('step 2 needs a purpose and all demographics', () => {
    const f = { ...EMPTY_FORM, primaryPurpose: ['Recovery'], ageRange: '18-25', biologicalSex: 'male', activityLevel: 'active' };
    expect(isStepValid(2, f)).toBe(true);
    expect(missingFields(2, { ...f, primaryPurpose: [] })).toEqual(['Primary purpose']);
  });
  it('step 3 needs a timeline; step 4 a 100-character story', () => {
    expect(isStepValid(3, EMPTY_FORM)).toBe(false);
    expect(isStepValid(3, { ...EMPTY_FORM, timeline: '1-week' })).toBe(true);
    expect(isStepValid(4, { ...EMPTY_FORM, story: 'x'.repeat(99) })).toBe(false);
    expect(isStepValid(4, { ...EMPTY_FORM, story: 'x'.repeat(100) })).toBe(true);
  });
  it('step 4 checks filled sourcing fields', () => {
    const f = { ...EMPTY_FORM, story: 'x'.repeat(100) };
    expect(isStepValid(4, { ...f, sourcingVendorUrl: 'https://shop.example' })).toBe(true);
    expect(missingFields(4, { ...f, sourcingVendorUrl: 'ftp://x' })).toHaveLength(1);
    expect(missingFields(4, { ...f, sourcingPurity: '101' })).toHaveLength(1);
    expect(missingFields(4, { ...f, sourcingVolumeMl: '0' })).toHaveLength(1);
  });
  it('outcomes default to 5 per common effect', () => {
    expect(outcomesFor(['Energy', ' ', 'Sleep'])).toEqual({ Energy: 5, Sleep: 5 });
  });
  it('payload: integer duration, cleaned lists, no vendor, sourcing only when filled', () => {
    const p = buildPayload({ ...step1, duration: '30.7', effects: [' a ', ''], stack: ['', ' b'], vendorName: 'V', vendorBatchId: 'B' });
    expect(p.duration).toBe(30);
    expect(p.effects).toEqual(['a']);
    expect(p.stack).toEqual(['b']);
    expect(p).not.toHaveProperty('sourcing');
    expect(JSON.stringify(p)).not.toContain('vendor');
    const q = buildPayload({ ...step1, sourcingPurity: '98' });
    expect(q.sourcing).toEqual({ vendorUrl: undefined, batchId: undefined, purityPercentage: 98, volumeMl: undefined });
  });
});
