// How sure a mean is (docs/product-rules.md, "How sure"): its 95% interval from n, the sum and
// the sum of squares the aggregates keep (server/db/migrations/035_rating_spread.sql), the figure
// rankings use, and whether two means differ by more than chance gives. Plain functions, shared
// by the server, the pages and the tests.

/** No mean is shown from fewer ratings than this: "too few to say". */
export const MIN_N = 5;
/** Ratings run from 1 to 10; an interval never reaches past them. */
const SCALE_LOW = 1;
const SCALE_HIGH = 10;

/** What the aggregates keep for one mean: how many ratings, their sum and the sum of their squares. */
export interface RatingSums {
  n: number;
  sum: number;
  sumOfSquares: number;
}

export interface MeanInterval {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/**
 * Student's t at 97.5% (two-sided 95%) for 1-30 degrees of freedom, to four decimals; beyond
 * 30 the Cornish-Fisher expansion below, within 0.0002 of the exact value.
 */
export const T_975 = [
  12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314,
  2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
] as const;
const Z_975 = 1.959964;
/** z + (z^3 + z) / 4df + (5z^5 + 16z^3 + 3z) / 96df^2, the first two terms written out. */
export const T_975_TERM1 = 2.3722215;
export const T_975_TERM2 = 2.822425;

/** t at 97.5% for `df` degrees of freedom; a fraction (Welch's df) rounds down, which is the cautious side. */
export function tQuantile975(df: number): number {
  if (!(df >= 1)) return Number.POSITIVE_INFINITY;
  if (df <= T_975.length) return T_975[Math.floor(df) - 1];
  return Z_975 + T_975_TERM1 / df + T_975_TERM2 / (df * df);
}

/** The sample variance (n - 1 below), never negative: a sum of squares minus its mean part can round below 0. */
function variance({ n, sum, sumOfSquares }: RatingSums): number {
  return Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
}

/**
 * The mean and its 95% interval, mean ± t(n - 1) · s / √n, clamped to 1-10; null below MIN_N
 * ratings. Unrounded: answers round each number once (contract/rules.ts roundRating).
 */
export function meanInterval(sums: RatingSums): MeanInterval | null {
  const { n, sum } = sums;
  if (!(n >= MIN_N)) return null;
  const mean = sum / n;
  const half = tQuantile975(n - 1) * Math.sqrt(variance(sums) / n);
  return {
    mean,
    low: Math.max(SCALE_LOW, mean - half),
    high: Math.min(SCALE_HIGH, mean + half),
    n,
  };
}

/**
 * What rankings by rating order by: the interval's lower bound, so a mean from few ratings must
 * be high enough to stand above chance. Null below MIN_N: such a peptide ranks after every one
 * with a figure.
 */
export function rankingScore(sums: RatingSums): number | null {
  return meanInterval(sums)?.low ?? null;
}

/** Compare's verdict on two means: a clear difference, or within what chance gives. */
export type Difference = 'clear' | 'within-chance';

/**
 * Welch's t-test at 5% (two-sided): t = (m1 - m2) / √(v1/n1 + v2/n2) against t at 97.5% for the
 * Welch-Satterthwaite degrees of freedom. Null when either side has fewer than MIN_N ratings.
 * Two spreads of 0 have no chance in them: any difference of means is clear.
 */
export function differenceIsClear(a: RatingSums, b: RatingSums): Difference | null {
  if (!(a.n >= MIN_N && b.n >= MIN_N)) return null;
  const diff = a.sum / a.n - b.sum / b.n;
  const qa = variance(a) / a.n;
  const qb = variance(b) / b.n;
  const se2 = qa + qb;
  if (se2 === 0) return Math.abs(diff) > 1e-9 ? 'clear' : 'within-chance';
  const df = (se2 * se2) / ((qa * qa) / (a.n - 1) + (qb * qb) / (b.n - 1));
  return Math.abs(diff) / Math.sqrt(se2) > tQuantile975(df) ? 'clear' : 'within-chance';
}
