// Every mean an answer gives, with its 95% interval, and the figure rankings by rating order by
// (docs/product-rules.md, "How sure"; the rules are contract/how-sure.ts).
import { MIN_N, T_975, T_975_TERM1, T_975_TERM2, meanInterval, type RatingSums } from '../../contract/how-sure';
import { roundRating } from '../../contract/rules';

export interface RatingFigure {
  mean: number | null;
  interval: { low: number; high: number } | null;
}

/** A mean and its interval as answers give them, each number rounded once; both null below MIN_N ratings. */
export function ratingFigure(sums: RatingSums): RatingFigure {
  const r = meanInterval({ n: Number(sums.n), sum: Number(sums.sum), sumOfSquares: Number(sums.sumOfSquares) });
  if (!r) return { mean: null, interval: null };
  return { mean: roundRating(r.mean), interval: { low: roundRating(r.low), high: roundRating(r.high) } };
}

/**
 * contract/how-sure.ts rankingScore in SQL, over columns holding n, the sum and the sum of squares:
 * the interval's lower bound, null below MIN_N (order by it `desc nulls last`). The t values come
 * from the same table, so the SQL and the answers' intervals agree (tests/server/how-sure.test.ts).
 */
export function rankingScoreSql(n: string, sum: string, sq: string): string {
  const df = `(${n} - 1)`;
  const t = `(case when ${df} <= ${T_975.length} then (array[${T_975.join(',')}]::float8[])[${df}]
    else 1.959964 + ${T_975_TERM1} / ${df} + ${T_975_TERM2} / (${df}::float8 * ${df}) end)`;
  const variance = `greatest(0, (${sq} - ${sum} * ${sum} / ${n}) / ${df})`;
  return `(case when ${n} >= ${MIN_N} then greatest(1, ${sum} / ${n} - ${t} * sqrt(${variance} / ${n})) end)`;
}
