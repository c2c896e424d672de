// Doses (docs/product-rules.md, "Doses"): reading stored text, the text a dose writes, the check
// before sending, and the figures' arithmetic, as a visitor or a researcher would check them.
import { describe, expect, it } from 'vitest';
import { FREQUENCIES } from './vocabulary';
import {
  DOSES_PER_WEEK,
  DoseInput,
  checkDose,
  computeDoseFigures,
  doseMcg,
  doseOf,
  doseText,
  quantile,
  readDoseText,
  usualDose,
  type DoseFigureRow,
} from './doses';

describe('reading a stored dose where it is unambiguous', () => {
  it.each([
    ['250 mcg', { amount: 250, unit: 'mcg' }],
    ['250mcg', { amount: 250, unit: 'mcg' }],
    ['0.5mg', { amount: 0.5, unit: 'mg' }],
    ['.5 mg', { amount: 0.5, unit: 'mg' }],
    ['2 IU', { amount: 2, unit: 'IU' }],
    ['2 iu', { amount: 2, unit: 'IU' }],
    ['250 ug', { amount: 250, unit: 'mcg' }],
    ['250 µg', { amount: 250, unit: 'mcg' }],
    ['1.75 milligrams', { amount: 1.75, unit: 'mg' }],
    ['  300   MCG ', { amount: 300, unit: 'mcg' }],
    ['0.1 mL of 2.5 mg/mL', { amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } }],
  ])('%j reads as %j', (text, dose) => {
    expect(readDoseText(text)).toEqual(dose);
  });

  it.each([
    '250',
    '250 mgc',
    '0.25 ml',
    '10 units',
    '0.25 mg starting dose, titrated up to 2.4 mg',
    '200-300 mcg',
    '2,500 mcg',
    '0,5 mg',
    'about 250mcg, sometimes more',
    '0 mcg',
    '9999999 mcg',
    '',
  ])('%j is not read: it stays as written, out of the figures', (text) => {
    expect(readDoseText(text)).toBeNull();
  });

  it('the text a dose writes reads back as the same dose', () => {
    const doses = [
      { amount: 250, unit: 'mcg' as const },
      { amount: 0.25, unit: 'mg' as const },
      { amount: 2500, unit: 'mcg' as const },
      { amount: 2, unit: 'IU' as const },
      { amount: 0.12, unit: 'mL' as const, strength: { amount: 5, unit: 'mg' as const } },
      { amount: 0.1, unit: 'mL' as const, strength: { amount: 1000, unit: 'IU' as const } },
    ];
    for (const dose of doses) expect(readDoseText(doseText(dose))).toEqual(dose);
    expect(doseText({ amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } })).toBe('0.1 mL of 2.5 mg/mL');
  });
});

describe('a dose in mcg', () => {
  it('converts mg and mL of a mcg or mg solution; IU has no sound conversion', () => {
    expect(doseMcg({ amount: 0.5, unit: 'mg' })).toBe(500);
    expect(doseMcg({ amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } })).toBe(250);
    expect(doseMcg({ amount: 0.3, unit: 'mL', strength: { amount: 1000, unit: 'mcg' } })).toBe(300);
    expect(doseMcg({ amount: 2, unit: 'IU' })).toBeNull();
    expect(doseMcg({ amount: 0.1, unit: 'mL', strength: { amount: 100, unit: 'IU' } })).toBeNull();
  });

  it('mL needs its strength, and only mL takes one', () => {
    expect(DoseInput.safeParse({ amount: 0.1, unit: 'mL' }).error?.issues[0].message).toMatch(/strength is required/);
    expect(DoseInput.safeParse({ amount: 1, unit: 'mg', strength: { amount: 1, unit: 'mg' } }).success).toBe(false);
    expect(DoseInput.safeParse({ amount: 0, unit: 'mg' }).success).toBe(false);
    expect(DoseInput.safeParse({ amount: Number.POSITIVE_INFINITY, unit: 'mg' }).success).toBe(false);
    expect(doseOf({ amount: 250, unit: 'mcg', strength: null })).toEqual({
      amount: 250,
      unit: 'mcg',
      strength: null,
      mcg: 250,
    });
  });

  it('every frequency has its doses per week; as needed has none', () => {
    for (const f of FREQUENCIES) expect(Object.hasOwn(DOSES_PER_WEEK, f)).toBe(true);
    expect(DOSES_PER_WEEK['twice-daily']).toBe(14);
    expect(DOSES_PER_WEEK['five-on-two-off']).toBe(5);
    expect(DOSES_PER_WEEK['as-needed']).toBeNull();
  });
});

describe('the check before sending (never a block)', () => {
  // BPC-157's page: 200, 350 and 500 mcg.
  const bpc = usualDose(['200 mcg', '350 mcg', '500 mcg'], null)!;

  it('"250 mg" of BPC-157 asks "Did you mean mcg?" with the usual range', () => {
    expect(bpc).toEqual({ lowMcg: 200, highMcg: 500 });
    expect(checkDose({ amount: 250, unit: 'mg' }, bpc)).toEqual({ kind: 'suggest', unit: 'mcg', usual: bpc });
  });

  it('"0.25 mcg" of a peptide usually taken in mg asks "Did you mean mg?"', () => {
    const tb500 = usualDose(['1 mg', '2.5 mg', '5 mg'], null)!;
    expect(checkDose({ amount: 0.25, unit: 'mcg' }, tb500)).toMatchObject({ kind: 'suggest', unit: 'mg' });
  });

  it('a usual dose, or one within 10 times, asks nothing; far in both units shows the range', () => {
    expect(checkDose({ amount: 250, unit: 'mcg' }, bpc)).toBeNull();
    expect(checkDose({ amount: 4.9, unit: 'mg' }, bpc)).toBeNull();
    expect(checkDose({ amount: 2, unit: 'IU' }, bpc)).toBeNull();
    expect(checkDose({ amount: 250, unit: 'mcg' }, null)).toBeNull();
    expect(checkDose({ amount: 5, unit: 'mL', strength: { amount: 10, unit: 'mg' } }, bpc)).toEqual({
      kind: 'far',
      usual: bpc,
    });
  });

  it("what is usual widens to the community's middle half", () => {
    expect(usualDose(['200 mcg', 'n/a'], { median: 600, low: 400, high: 900, n: 20 })).toEqual({
      lowMcg: 200,
      highMcg: 900,
    });
    expect(usualDose(['a lot'], null)).toBeNull();
  });
});

describe('the figures', () => {
  it('quantiles are type 7 (PostgreSQL percentile_cont, R and numpy by default)', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([10], 0.75)).toBe(10);
  });

  const row = (doseMcg: number | null, over: Partial<DoseFigureRow> = {}): DoseFigureRow => ({
    route: 'subcutaneous',
    frequency: 'daily',
    duration: 30,
    doseMcg,
    outcomes: { Sleep: 6 },
    ...over,
  });

  it('per administration and per week with the middle half; unread doses are counted as left out', () => {
    const rows = [100, 200, 250, 250, 300, 500].map((d) => row(d)).concat([row(null), row(null)]);
    rows.push(row(250, { frequency: 'as-needed' }));
    const f = computeDoseFigures(rows);
    expect(f.reports).toBe(9);
    expect(f.leftOut).toBe(2);
    expect(f.perAdministration).toEqual({ median: 250, low: 225, high: 275, n: 7 });
    // As needed is left out of the weekly figure.
    expect(f.perWeek?.n).toBe(6);
    expect(f.perWeek?.median).toBe(250 * 7);
    expect(f.frequency).toEqual({ usual: 'daily', n: 8, of: 9 });
    expect(f.duration).toEqual({ median: 30, low: 30, high: 30, n: 9 });
  });

  it('below 5 readable doses there is no figure; bands need 5 ratings in every third', () => {
    expect(computeDoseFigures([row(100), row(200)]).perAdministration).toBeNull();
    const rows = Array.from({ length: 15 }, (_, i) => row(100 + i * 10, { outcomes: { Sleep: i < 5 ? 5 : 8 } }));
    const f = computeDoseFigures(rows);
    expect(f.bands).toHaveLength(1);
    expect(f.bands[0].outcome).toBe('sleep');
    expect(f.bands[0].bands.map((b) => [b.band, b.n, b.mean, b.fromMcg, b.toMcg])).toEqual([
      ['lower', 5, 5, 100, 140],
      ['middle', 5, 8, 150, 190],
      ['higher', 5, 8, 200, 240],
    ]);
    // One dose for everyone: no middle third, so no bands.
    expect(computeDoseFigures(Array.from({ length: 30 }, () => row(250))).bands).toEqual([]);
  });
});
