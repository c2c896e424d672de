// The trigger-kept aggregates (per-peptide columns, experience_daily, peptide_outcomes,
// peptide_reported_effects, demographic_cells, vote counters) compared with a recomputation from
// scratch (server/db/aggregates.ts FROM_SCRATCH); shared by the tests that write around them.
import { expect } from 'vitest';
import { meanInterval } from '../../contract/how-sure';
import { roundRating } from '../../contract/rules';
import { FROM_SCRATCH } from '../../server/db/aggregates';
import type { TestApp } from './helpers';

type Rec = Record<string, unknown>;
const num = (v: unknown) => Math.round(Number(v) * 1e6) / 1e6;

/** Rows of a query as sorted "key => values" lines, numbers rounded (float sums differ in the last bits). */
async function snapshot(t: TestApp, sql: string, key: string[], value: string[], dropZero?: string): Promise<string[]> {
  const res = await t.ctx.db.query<Rec>(sql);
  return res.rows
    .filter((r) => !dropZero || Number(r[dropZero]) !== 0)
    .map(
      (r) =>
        `${key.map((k) => String(r[k] instanceof Date ? (r[k] as Date).toISOString().slice(0, 10) : r[k])).join('|')} => ${value.map((v) => num(r[v])).join(',')}`,
    )
    .sort();
}

export async function expectAggregatesExact(t: TestApp): Promise<void> {
  const same = async (kept: string, truth: string, key: string[], value: string[], dropZero?: string) =>
    expect(await snapshot(t, kept, key, value, dropZero)).toEqual(await snapshot(t, truth, key, value));
  await same(
    'select peptide_id, experience_count, rating_sum, rating_sq_sum, vote_count from peptide_counters',
    FROM_SCRATCH.peptides,
    ['peptide_id'],
    ['experience_count', 'rating_sum', 'rating_sq_sum', 'vote_count'],
  );
  // Trigger-kept tables keep a row at zero after deletes; a recomputation has none.
  await same(
    `select peptide_id, to_char(day, 'YYYY-MM-DD') as day, experiences, rating_sum from experience_daily`,
    `select peptide_id, to_char(day, 'YYYY-MM-DD') as day, experiences, rating_sum from (${FROM_SCRATCH.daily}) d`,
    ['peptide_id', 'day'],
    ['experiences', 'rating_sum'],
    'experiences',
  );
  await same(
    'select peptide_id, outcome, total, total_sq, n from peptide_outcomes',
    FROM_SCRATCH.outcomes,
    ['peptide_id', 'outcome'],
    ['total', 'total_sq', 'n'],
    'n',
  );
  await same(
    'select peptide_id, outcome, rating, n from peptide_outcome_ratings',
    FROM_SCRATCH.outcomeRatings,
    ['peptide_id', 'outcome', 'rating'],
    ['n'],
    'n',
  );
  await same(
    'select peptide_id, effect, n from peptide_reported_effects',
    FROM_SCRATCH.effects,
    ['peptide_id', 'effect'],
    ['n'],
    'n',
  );
  await same(
    'select peptide_id, age_range, biological_sex, activity_level, n from demographic_cells',
    FROM_SCRATCH.cells,
    ['peptide_id', 'age_range', 'biological_sex', 'activity_level'],
    ['n'],
    'n',
  );
  await same(
    'select id, helpful_count as helpful, not_helpful_count as not_helpful, detailed_count as detailed, concerning_count as concerning from experiences',
    FROM_SCRATCH.voteCounters,
    ['id'],
    ['helpful', 'not_helpful', 'detailed', 'concerning'],
  );
}

/**
 * A mean and its interval as answers must give them, recomputed from the ratings themselves
 * with the contract's rule (contract/how-sure.ts): both null below 5 ratings.
 */
export function figureOf(ratings: number[]): {
  mean: number | null;
  interval: { low: number; high: number } | null;
} {
  const r = meanInterval({
    n: ratings.length,
    sum: ratings.reduce((a, b) => a + b, 0),
    sumOfSquares: ratings.reduce((a, b) => a + b * b, 0),
  });
  if (!r) return { mean: null, interval: null };
  return { mean: roundRating(r.mean), interval: { low: roundRating(r.low), high: roundRating(r.high) } };
}
