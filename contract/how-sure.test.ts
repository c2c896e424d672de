// The how-sure figures against numbers worked out by hand (docs/product-rules.md, "How sure").
import { describe, expect, it } from 'vitest';
import { MIN_N, differenceIsClear, meanInterval, rankingScore, tQuantile975, type RatingSums } from './how-sure';

/** n, sum and sum of squares of a list of ratings, as the aggregates keep them. */
function sums(ratings: number[]): RatingSums {
  return {
    n: ratings.length,
    sum: ratings.reduce((a, b) => a + b, 0),
    sumOfSquares: ratings.reduce((a, b) => a + b * b, 0),
  };
}

describe('meanInterval', () => {
  it('is null below five ratings', () => {
    expect(MIN_N).toBe(5);
    expect(meanInterval(sums([7, 8, 9, 9]))).toBeNull();
    expect(meanInterval({ n: 0, sum: 0, sumOfSquares: 0 })).toBeNull();
  });

  it('uses t with n - 1 degrees of freedom for a small n', () => {
    // 6 7 8 7 7: mean 7, variance (247 - 35²/5) / 4 = 0.5, s/√n = √0.1 = 0.316228,
    // t(4) = 2.7764, half width 0.877975.
    const r = meanInterval(sums([6, 7, 8, 7, 7]))!;
    expect(r.n).toBe(5);
    expect(r.mean).toBe(7);
    expect(r.low).toBeCloseTo(6.122025, 5);
    expect(r.high).toBeCloseTo(7.877975, 5);
  });

  it("gives the ruling's example: 7.2, likely 6.8-7.6, n = 41", () => {
    // sd 1.2: sum 295.2, sum of squares 1.44 · 40 + 295.2² / 41 = 2183.04; t(40) = 2.021034,
    // s/√n = 0.187408, half width 0.378757.
    const r = meanInterval({ n: 41, sum: 295.2, sumOfSquares: 2183.04 })!;
    expect(r.mean).toBeCloseTo(7.2, 10);
    expect(r.low).toBeCloseTo(6.821243, 5);
    expect(r.high).toBeCloseTo(7.578757, 5);
  });

  it('stays within 1-10', () => {
    // 10 10 10 10 1: mean 8.2, variance (401 - 41²/5) / 4 = 16.2, s/√n = 1.8, half 4.99752.
    const r = meanInterval(sums([10, 10, 10, 10, 1]))!;
    expect(r.low).toBeCloseTo(3.20248, 5);
    expect(r.high).toBe(10);
    const low = meanInterval(sums([1, 1, 1, 1, 10]))!;
    expect(low.low).toBe(1);
  });

  it('is the mean itself when every rating is the same', () => {
    expect(meanInterval(sums([8, 8, 8, 8, 8]))).toEqual({ mean: 8, low: 8, high: 8, n: 5 });
  });
});

describe('tQuantile975', () => {
  it('reads the table to 30 and the expansion beyond, close to the exact values', () => {
    expect(tQuantile975(4)).toBe(2.7764);
    expect(tQuantile975(8.9)).toBe(2.306);
    expect(tQuantile975(30)).toBe(2.0423);
    expect(tQuantile975(40)).toBeCloseTo(2.0211, 3);
    expect(tQuantile975(120)).toBeCloseTo(1.9799, 3);
    expect(tQuantile975(100000)).toBeCloseTo(1.96, 3);
  });
});

describe('rankingScore', () => {
  it('is the lower bound, and null below five ratings', () => {
    expect(rankingScore(sums([6, 7, 8, 7, 7]))).toBeCloseTo(6.122025, 5);
    expect(rankingScore(sums([9, 9]))).toBeNull();
  });

  it('ranks fifty ratings of mean 7.5 above two of mean 9', () => {
    const many = sums(Array.from({ length: 50 }, (_, i) => (i % 2 ? 6.5 : 8.5)));
    const few = sums([9, 9]);
    const ranked = [
      { name: 'few', score: rankingScore(few) },
      { name: 'many', score: rankingScore(many) },
    ].sort((a, b) => (b.score ?? Number.NEGATIVE_INFINITY) - (a.score ?? Number.NEGATIVE_INFINITY));
    expect(ranked.map((r) => r.name)).toEqual(['many', 'few']);
  });
});

describe('differenceIsClear', () => {
  it("is Welch's t-test at 5%", () => {
    // Means 7 and 9, each variance 0.5 over 5: t = 2 / √0.2 = 4.472, df 8, t(8) = 2.306: clear.
    expect(differenceIsClear(sums([6, 7, 8, 7, 7]), sums([8, 9, 10, 9, 9]))).toBe('clear');
    // Means 7 and 8: t = 1 / √0.2 = 2.236 < 2.306: within chance.
    expect(differenceIsClear(sums([6, 7, 8, 7, 7]), sums([7, 8, 9, 8, 8]))).toBe('within-chance');
  });

  it('says nothing below five ratings on either side', () => {
    expect(differenceIsClear(sums([6, 7, 8, 7]), sums([8, 9, 10, 9, 9]))).toBeNull();
  });

  it('calls any difference clear when neither side varies', () => {
    expect(differenceIsClear(sums([7, 7, 7, 7, 7]), sums([8, 8, 8, 8, 8]))).toBe('clear');
    expect(differenceIsClear(sums([7, 7, 7, 7, 7]), sums([7, 7, 7, 7, 7]))).toBe('within-chance');
  });
});
