import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRatingStat,
  dateTimeUtc,
  formatCount,
  formatDaysSpread,
  formatDoseAmount,
  formatDoseRange,
  formatDoseSpread,
  formatMean,
  formatNumber,
  formatSideEffects,
  monthYear,
  shortDate,
} from './format';

const intlCount = new Intl.NumberFormat('en-US');
const intlShort = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const intlMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('formatCount', () => {
  it('groups any integer exactly as Intl en-US does', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: -999_999, max: 999_999 })),
        (n) => formatCount(n) === intlCount.format(n),
      ),
    );
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
  });

  it('leaves fractions and non-finite numbers to Intl', () => {
    expect(formatCount(1234.5678)).toBe('1,234.568');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});

describe('dates in UTC', () => {
  it('write any instant of years 1000-9999 as Intl en-US does', () => {
    const instants = fc.date({
      min: new Date('1000-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        instants,
        (d) => shortDate(d.toISOString()) === intlShort.format(d) && monthYear(d.toISOString()) === intlMonth.format(d),
      ),
    );
  });

  it('read the stored day, whatever the zone in the string', () => {
    expect(shortDate('2026-10-28T23:30:00.000Z')).toBe('Oct 28, 2026');
    expect(shortDate('2026-10-28T23:30:00-05:00')).toBe('Oct 29, 2026');
    expect(monthYear('2026-03-01')).toBe('Mar 2026');
    expect(dateTimeUtc('2026-10-28T23:05:00-05:00')).toBe('Oct 29, 2026, 04:05 UTC');
  });

  it('show input that is not a date as it came, instead of throwing', () => {
    expect(shortDate('not a date')).toBe('not a date');
    expect(monthYear('')).toBe('');
    expect(dateTimeUtc('soon')).toBe('soon');
  });
});

describe('formatMean', () => {
  it('writes a mean with its likely range and n, and says too few below 5', () => {
    expect(formatMean(7.2, { low: 6.8, high: 7.6 }, 41)).toBe('7.2, likely 6.8-7.6, n = 41');
    expect(formatMean(7, { low: 7, high: 7 }, 1200, { showN: false })).toBe('7.0, likely 7.0-7.0');
    expect(formatMean(null, null, 3)).toBe('too few to say (n = 3)');
    // A mean with fewer than 5 ratings is never written, even if one were given.
    expect(formatMean(9, { low: 8, high: 10 }, 4)).toBe('too few to say (n = 4)');
    expect(formatMean(null, null, 0)).toBe('No ratings yet');
  });

  it('the stat card says how sure the average is', () => {
    expect(averageRatingStat(7.2, { low: 6.8, high: 7.6 }, 41)).toEqual({
      value: '7.2/10',
      detail: "likely 6.8-7.6, mean of 41 reports' ratings",
    });
    expect(averageRatingStat(null, null, 2).value).toBe('—');
  });
});

describe('formatSideEffects', () => {
  it('writes each side effect with its severity, one line for the list, and says when there are none', () => {
    expect(
      formatSideEffects([
        { name: 'Headache', severity: 'mild' },
        { name: 'Nausea', severity: 'severe' },
      ]),
    ).toBe('Headache (mild), Nausea (severe)');
    expect(formatSideEffects([])).toBe('None');
    expect(formatSideEffects([], 'None reported')).toBe('None reported');
  });
});

describe('dose amounts', () => {
  it('writes mcg below 1,000 and mg from 1,000, never a thousand-fold other', () => {
    expect(formatDoseAmount(250)).toBe('250 mcg');
    expect(formatDoseAmount(262.5)).toBe('262.5 mcg');
    expect(formatDoseAmount(0.25)).toBe('0.25 mcg');
    expect(formatDoseAmount(999)).toBe('999 mcg');
    expect(formatDoseAmount(1000)).toBe('1 mg');
    expect(formatDoseAmount(2500)).toBe('2.5 mg');
    expect(formatDoseAmount(1750)).toBe('1.75 mg');
    expect(formatDoseAmount(1_200_000)).toBe('1,200 mg');
    // What would round to 1,000 mcg is written as 1 mg, not "1,000 mcg".
    expect(formatDoseAmount(999.96)).toBe('1 mg');
  });

  it('writes a range in the unit of its higher end', () => {
    expect(formatDoseRange(200, 350)).toBe('200-350 mcg');
    expect(formatDoseRange(800, 1200)).toBe('0.8-1.2 mg');
    expect(formatDoseRange(1400, 2450)).toBe('1.4-2.45 mg');
  });

  it('writes a dose figure and a duration with their middle half and n', () => {
    expect(formatDoseSpread({ median: 250, low: 200, high: 350, n: 41 })).toBe(
      'Median 250 mcg (middle half 200-350 mcg), n = 41',
    );
    expect(formatDoseSpread({ median: 1750, low: 1400, high: 2450, n: 1200 })).toBe(
      'Median 1.75 mg (middle half 1.4-2.45 mg), n = 1,200',
    );
    // One unit in one sentence: the higher end's.
    expect(formatDoseSpread({ median: 700, low: 490, high: 1010, n: 36 })).toBe(
      'Median 0.7 mg (middle half 0.49-1.01 mg), n = 36',
    );
    expect(formatDaysSpread({ median: 42, low: 28, high: 60, n: 41 })).toBe(
      'Median 42 days (middle half 28-60), n = 41',
    );
  });

  it('formatNumber groups and keeps at most the decimals asked', () => {
    expect(formatNumber(1234.56)).toBe('1,234.6');
    expect(formatNumber(2.5, 2)).toBe('2.5');
    expect(formatNumber(-1000)).toBe('-1,000');
    expect(formatNumber(0.04)).toBe('0');
  });
});
