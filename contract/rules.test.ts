// Pure product rules of contract/rules.ts (docs/product-rules.md, "Forms", "Figures").
import { describe, expect, it } from 'vitest';
import {
  PEPTIDE_SEQUENCE_RE,
  SHARES_MIN_REPORTS,
  SHARES_RECOMPUTE_CHANGES,
  SHARE_STEP_PERCENT,
  TRACKING_ID_RE,
  cleanList,
  experienceMatchesSearch,
  experienceRating,
  equalSpanGrowth,
  growthPercent,
  normaliseTrackingId,
  roundTo,
  sharePercent,
  parseBold,
  parseDuration,
  peptideMatchesSearch,
  peptideSearchNarrows,
  popularityScore,
  meanRating,
  reportRating,
  roundRating,
} from './rules';
import { readTimeMinutes, readTimeText, storyCounterMessage, storyCounterTone } from './story';

describe('PEPTIDE_SEQUENCE_RE (letters in segments separated by single hyphens)', () => {
  it.each(['GEPPPGKPADDAGLV', 'Ac-SYSMEHFRWG-NH', 'a', 'A-B-C', 'ghk'])('accepts %j', (s) => {
    expect(PEPTIDE_SEQUENCE_RE.test(s)).toBe(true);
  });
  it.each(['', '-A', 'A-', 'A--B', 'A B', 'A1', 'A_B', 'Ä', 'A-\nB', '123'])('refuses %j', (s) => {
    expect(PEPTIDE_SEQUENCE_RE.test(s)).toBe(false);
  });
});

describe('parseDuration', () => {
  it.each<[string | number, number]>([
    ['30', 30],
    ['30 days', 30],
    ['  7', 7],
    ['abc', 0],
    ['', 0],
    ['2.9', 2],
    [14, 14],
    [2.9, 2],
    [Number.NaN, 0],
    ['-3', -3],
  ])('%j → %d', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });
});

describe('cleanList', () => {
  it('trims entries and drops blanks, keeping order', () => {
    expect(cleanList([' a ', '', '   ', 'b', '\tc\n'])).toEqual(['a', 'b', 'c']);
    expect(cleanList([])).toEqual([]);
  });
});

describe('ratings', () => {
  it('experienceRating is the mean of all outcomes (1-10), null when none', () => {
    expect(experienceRating({ energy: 6, sleep: 7, mood: 8 })).toBe(7);
    expect(experienceRating({ focus: 3 })).toBe(3);
    expect(experienceRating({ a: 1, b: 2 })).toBe(1.5);
    expect(experienceRating({})).toBeNull();
    expect(experienceRating({ a: 4, b: Number.NaN })).toBe(4);
  });

  it('a rating is rounded once, to one decimal, from the unrounded mean', () => {
    // Hexarelin's stored mean in the old demo data: rounded to hundredths first (5.15), it read 5.2.
    expect(roundRating(5.145833333333334)).toBe(5.1);
    expect(roundRating(roundRating(5.145833333333334))).toBe(5.1);
    expect(meanRating(156.5, 20)).toBe(7.8);
    expect(meanRating(3, 0)).toBeNull();
    expect(reportRating({ a: 8, b: 5, c: 5, d: 5, e: 5 })).toBe(5.6);
    expect(reportRating({})).toBeNull();
  });

  it('roundTo rounds halves of the written decimal away from zero', () => {
    expect(roundTo(5.15, 1)).toBe(5.2);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-9.05, 1)).toBe(-9.1);
    expect(roundTo(-0.04, 1)).toBe(0);
    expect(roundTo(3.456, 1)).toBe(3.5);
    expect(roundTo(1e-9, 1)).toBe(0);
  });
});

describe('story helpers', () => {
  it('readTimeMinutes at 200 words per minute, at least 1 once written', () => {
    expect(readTimeMinutes('')).toBe(0);
    expect(readTimeMinutes('   ')).toBe(0);
    expect(readTimeMinutes('one')).toBe(1);
    expect(readTimeMinutes(Array(200).fill('w').join(' '))).toBe(1);
    expect(readTimeMinutes(Array(201).fill('w').join(' '))).toBe(2);
    expect(readTimeMinutes(`a\n\nb\tc`)).toBe(1);
  });

  it('readTimeText shows a read time only past a minute', () => {
    expect(readTimeText('ten characters')).toBeNull();
    expect(readTimeText(Array(200).fill('w').join(' '))).toBeNull();
    expect(readTimeText(Array(201).fill('w').join(' '))).toBe('2 min read');
  });

  it.each([
    [0, 1000, 'orange', 'At least 100 characters (100 to go)'],
    [10, 1000, 'orange', 'At least 100 characters (90 to go)'],
    [100, 1000, 'green', 'Long enough'],
    [900, 1000, 'green', 'Long enough'],
    [901, 1000, 'red', '99 characters left'],
    [1000, 1000, 'red', '0 characters left'],
    [1100, 1000, 'red', '100 over the limit of 1000 characters: shorten it to send it'],
    [4500, 5000, 'green', 'Long enough'],
  ] as const)('counter at %d of %d is %s', (length, max, tone, message) => {
    expect(storyCounterTone(length, max)).toBe(tone);
    expect(storyCounterMessage(length, max)).toBe(message);
  });

  it('parseBold splits plain and **bold** runs and never produces HTML', () => {
    expect(parseBold('a **b** c')).toEqual([
      { text: 'a ', bold: false },
      { text: 'b', bold: true },
      { text: ' c', bold: false },
    ]);
    expect(parseBold('**x****y**')).toEqual([
      { text: 'x', bold: true },
      { text: 'y', bold: true },
    ]);
    expect(parseBold('no markup <b>here</b>')).toEqual([{ text: 'no markup <b>here</b>', bold: false }]);
    expect(parseBold('**unclosed')).toEqual([{ text: '**unclosed', bold: false }]);
    expect(parseBold('**a\nb**')).toEqual([{ text: '**a\nb**', bold: false }]);
    expect(parseBold('')).toEqual([]);
  });
});

describe('analytics math', () => {
  it.each([
    [10, 5, 100],
    [5, 10, -50],
    [3, 3, 0],
    [1, 3, -66.7],
    [2, 3, -33.3],
    [4, 3, 33.3],
    [7, 0, 100],
    [0, 0, 0],
    [0, 4, -100],
  ])('growthPercent(%d, %d) = %d', (current, previous, expected) => {
    expect(growthPercent(current, previous)).toBe(expected);
  });

  it.each([
    [12, 10, 20],
    [3, 4, -25],
    [0, 4, -100],
    [7, 0, null],
    [0, 0, null],
  ])('equalSpanGrowth(%d, %d) = %s: no rate from an empty span', (current, previous, expected) => {
    expect(equalSpanGrowth(current, previous)).toBe(expected);
  });

  it('popularityScore weighs experiences 70% and votes 30%, relative to the maxima', () => {
    expect(popularityScore(10, 20, 10, 20)).toBe(100);
    expect(popularityScore(5, 0, 10, 20)).toBe(35);
    expect(popularityScore(0, 20, 10, 20)).toBe(30);
    expect(popularityScore(0, 0, 0, 0)).toBe(0);
    expect(popularityScore(1, 0, 3, 0)).toBe(23);
    expect(popularityScore(1, 1, 200, 3)).toBe(10);
    for (let e = 0; e <= 10; e++) {
      for (let v = 0; v <= 10; v++) {
        const s = popularityScore(e, v, 10, 10);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
      }
    }
  });

  it('who reports a peptide: shares from 20 settled reports, in steps of 5 percent, recomputed after 5 changes', () => {
    expect([SHARES_MIN_REPORTS, SHARE_STEP_PERCENT, SHARES_RECOMPUTE_CHANGES]).toEqual([20, 5, 5]);
    // 7 of 20 is 35%; 7 of 23 is 30.4%, shown as 30; 8 of 23 is 34.8%, shown as 35; halves go up (1 of 40 is 2.5%).
    expect([sharePercent(7, 20), sharePercent(7, 23), sharePercent(8, 23), sharePercent(1, 40)]).toEqual([
      35, 30, 35, 5,
    ]);
    // A noisy count below 0 or above the total is clamped: never a negative share or one above 100.
    expect([sharePercent(-3, 20), sharePercent(25, 20), sharePercent(0, 0)]).toEqual([0, 100, 0]);
    for (let reports = 20; reports <= 200; reports++) {
      for (let count = 0; count <= reports; count++) expect(sharePercent(count, reports) % SHARE_STEP_PERCENT).toBe(0);
    }
  });
});

describe('tracking IDs', () => {
  it('TRACKING_ID_RE is TRK- and exactly 20 digits', () => {
    expect(TRACKING_ID_RE.test('TRK-12345678901234567890')).toBe(true);
    expect(TRACKING_ID_RE.test('TRK-1234567890123456789')).toBe(false);
    expect(TRACKING_ID_RE.test('TRK-123456789012345678901')).toBe(false);
    expect(TRACKING_ID_RE.test('trk-12345678901234567890')).toBe(false);
    expect(TRACKING_ID_RE.test(' TRK-12345678901234567890')).toBe(false);
  });

  it('normaliseTrackingId trims and upper-cases', () => {
    expect(normaliseTrackingId('  trk-12345678901234567890 \n')).toBe('TRK-12345678901234567890');
    expect(TRACKING_ID_RE.test(normaliseTrackingId(' trk-00000000000000000001 '))).toBe(true);
  });
});

describe('search rules', () => {
  const e = {
    peptideName: 'BPC-157',
    story: 'My Shoulder healed',
    effects: ['Less Pain'],
    primaryPurpose: ['Injury Healing'],
  };

  it.each([
    ['bpc', true],
    ['SHOULDER', true],
    ['less pain', true],
    ['injury', true],
    ['  healed  ', true],
    ['', true],
    ['   ', true],
    ['tb-500', false],
    ['pain less', false],
  ])('experienceMatchesSearch(%j) = %s', (q, expected) => {
    expect(experienceMatchesSearch(e, q)).toBe(expected);
  });

  it('experienceMatchesSearch tolerates a missing story', () => {
    expect(experienceMatchesSearch({ ...e, story: null }, 'bpc')).toBe(true);
    expect(experienceMatchesSearch({ ...e, story: undefined }, 'shoulder')).toBe(false);
  });

  it.each([
    ['bpc', true],
    ['GASTRIC', true],
    ['', true],
    ['muscle', false],
  ])('peptideMatchesSearch(%j) = %s (name or description)', (q, expected) => {
    expect(peptideMatchesSearch({ name: 'BPC-157', description: 'A gastric pentadecapeptide' }, q)).toBe(expected);
  });

  it.each([
    ['', 'bpc', true],
    ['bp', 'BPC', true],
    [' bpc ', 'bpc-157', true],
    ['bpc', 'bpc', true],
    ['bpc-157', 'bpc', false],
    ['tb', 'bpc', false],
  ])(
    'peptideSearchNarrows(%j, %j) = %s: every match of the second text matches the first',
    (earlier, text, expected) => {
      expect(peptideSearchNarrows(earlier, text)).toBe(expected);
    },
  );
});
