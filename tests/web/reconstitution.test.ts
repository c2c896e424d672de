// src/lib/dose/: the vial helper's arithmetic (reconstitution.ts), the dose fields' pure parts
// (dose-draft.ts) and the words of the usual range (usual-words.ts).
import { describe, expect, it } from 'vitest';
import { draftOf, doseInputOf, dosageTextOf, EMPTY_DOSE, restoreDose } from '@/lib/dose/dose-draft';
import { type DrawUnit, reconstitute } from '@/lib/dose/reconstitution';
import { mcgWords, usualWords } from '@/lib/dose/usual-words';

describe('reconstitute', () => {
  const cases: [vialMg: string, waterMl: string, drawn: string, unit: DrawUnit, doseMcg: number, words: string][] = [
    ['5', '2', '10', 'units', 250, '5 mg in 2 mL is 2500 mcg per mL; 10 units is 0.1 mL, so 250 mcg.'],
    ['5', '2', '0.1', 'mL', 250, '5 mg in 2 mL is 2500 mcg per mL; 0.1 mL holds 250 mcg.'],
    ['10', '1', '25', 'units', 2500, '10 mg in 1 mL is 10000 mcg per mL; 25 units is 0.25 mL, so 2500 mcg.'],
    ['2', '2', '1', 'units', 10, '2 mg in 2 mL is 1000 mcg per mL; 1 unit is 0.01 mL, so 10 mcg.'],
    ['5', '3', '20', 'units', 333.33, '5 mg in 3 mL is 1666.67 mcg per mL; 20 units is 0.2 mL, so 333.33 mcg.'],
    ['0.5', '0.5', '0.5', 'mL', 500, '0.5 mg in 0.5 mL is 1000 mcg per mL; 0.5 mL holds 500 mcg.'],
    [' 5 ', '2', '200', 'units', 5000, '5 mg in 2 mL is 2500 mcg per mL; 200 units is 2 mL, so 5000 mcg.'],
  ];
  it.each(cases)('%s mg in %s mL, drawing %s %s, is %s mcg', (vialMg, waterMl, drawn, drawUnit, doseMcg, words) => {
    expect(reconstitute({ vialMg, waterMl, drawn, drawUnit })).toMatchObject({ doseMcg, words });
  });

  const bad: [vialMg: string, waterMl: string, drawn: string, unit: DrawUnit][] = [
    ['0', '2', '10', 'units'],
    ['5', '0', '10', 'units'],
    ['5', '2', '0', 'units'],
    ['', '2', '10', 'units'],
    ['5', '', '10', 'units'],
    ['5', '2', '', 'mL'],
    ['-5', '2', '10', 'units'],
    ['5', '-2', '10', 'units'],
    ['5', '2', '-0.1', 'mL'],
    ['5mg', '2', '10', 'units'],
    ['1e3', '2', '10', 'units'],
    // More than the vial holds: 300 units is 3 mL of 2.
    ['5', '2', '300', 'units'],
    ['5', '2', '2.5', 'mL'],
  ];
  it.each(bad)('gives no result for %j mg, %j mL, %j %s', (vialMg, waterMl, drawn, drawUnit) => {
    expect(reconstitute({ vialMg, waterMl, drawn, drawUnit })).toBeNull();
  });
});

describe('the dose fields', () => {
  it('send an amount and a unit, mL with its strength, and dosage as its text', () => {
    expect(doseInputOf({ ...EMPTY_DOSE, amount: ' 250 ' })).toEqual({ amount: 250, unit: 'mcg' });
    expect(doseInputOf({ ...EMPTY_DOSE, amount: '' })).toBeUndefined();
    const ml = { amount: '0.1', unit: 'mL', strengthAmount: '2.5', strengthUnit: 'mg' } as const;
    expect(doseInputOf(ml)).toEqual({ amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } });
    expect(dosageTextOf(ml)).toBe('0.1 mL of 2.5 mg/mL');
    // The strength is only for mL.
    expect(doseInputOf({ ...ml, unit: 'mg' })).toEqual({ amount: 0.1, unit: 'mg' });
    expect(dosageTextOf({ ...ml, strengthAmount: '' })).toBe('');
    expect(dosageTextOf({ ...EMPTY_DOSE, amount: '2,5' })).toBe('');
    expect(doseInputOf({ ...EMPTY_DOSE, amount: '2,5' })?.amount).toBeNaN();
  });

  it('restore a saved draft, or read an older draft’s text dosage, or start empty', () => {
    const saved = { amount: '5', unit: 'mg', strengthAmount: '', strengthUnit: 'mg' };
    expect(restoreDose(saved, undefined)).toEqual(saved);
    expect(restoreDose({ amount: 5, unit: 'grams' }, undefined)).toEqual(EMPTY_DOSE);
    expect(restoreDose(undefined, '250mcg')).toEqual({ ...EMPTY_DOSE, amount: '250', unit: 'mcg' });
    expect(restoreDose(undefined, '0.1 mL of 2.5 mg/mL')).toEqual({
      amount: '0.1',
      unit: 'mL',
      strengthAmount: '2.5',
      strengthUnit: 'mg',
    });
    expect(restoreDose(undefined, '250-500 mcg twice')).toEqual(EMPTY_DOSE);
    expect(restoreDose(undefined, 42)).toEqual(EMPTY_DOSE);
    expect(restoreDose(null, null)).toEqual(EMPTY_DOSE);
    expect(draftOf({ amount: 2, unit: 'IU', strength: null })).toEqual({ ...EMPTY_DOSE, amount: '2', unit: 'IU' });
  });
});

describe('the usual range in words', () => {
  it('gives mcg below 1000 and mg from there', () => {
    expect(mcgWords(250)).toBe('250 mcg');
    expect(mcgWords(2500)).toBe('2.5 mg');
    expect(mcgWords(0.333)).toBe('0.33 mcg');
    expect(usualWords({ lowMcg: 200, highMcg: 500 })).toBe('200-500 mcg');
    expect(usualWords({ lowMcg: 1000, highMcg: 2000 })).toBe('1-2 mg');
    expect(usualWords({ lowMcg: 500, highMcg: 2000 })).toBe('500 mcg to 2 mg');
    expect(usualWords({ lowMcg: 250, highMcg: 250 })).toBe('250 mcg');
  });
});
