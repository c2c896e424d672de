import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeUtc, formatCount, formatSideEffects, monthYear, shortDate } from './format';

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
