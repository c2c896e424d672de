// The truth of the trigger-kept aggregates: what each counter, sum and cell must hold, computed
// from the reports and votes themselves, and the statements that rebuild them from it. The
// triggers keep them on every write (migrations 001, 009, 014, 016, 035); the bulk loader, which
// turns the triggers off, rebuilds them here, and the tests compare the kept tables with it.
import type { Queryable } from './types';

/** Rebuilds every trigger-kept aggregate from the experiences table, set-based. */
export async function recomputeAggregates(tx: Queryable): Promise<void> {
  for (const sql of Object.values(RECOMPUTE)) await tx.query(sql);
}

/**
 * The aggregates as the triggers define them, computed from scratch: published reports only
 * (migration 009_moderation.sql); the vote counters on each report count every vote. Used to rebuild after a
 * bulk load (db/seed/bulk.ts) and, in tests, to check the maintained tables against the truth
 * (tests/server/aggregate-check.ts).
 */
export const FROM_SCRATCH = {
  peptides: `select p.id as peptide_id, count(e.id)::int as experience_count, coalesce(sum(e.rating), 0)::float8 as rating_sum,
      coalesce(sum(e.rating * e.rating), 0)::float8 as rating_sq_sum,
      coalesce(sum(e.helpful_count + e.not_helpful_count + e.detailed_count + e.concerning_count), 0)::int as vote_count
    from peptides p left join experiences e on e.peptide_id = p.id and e.status = 'published' group by p.id`,
  daily: `select peptide_id, (created_at at time zone 'UTC')::date as day, count(*)::int as experiences, sum(rating)::float8 as rating_sum
    from experiences where status = 'published' group by 1, 2`,
  outcomes: `select e.peptide_id, lower(o.key) as outcome, sum(o.value::float8)::float8 as total,
      sum(o.value::float8 * o.value::float8)::float8 as total_sq, count(*)::int as n
    from experiences e, jsonb_each_text(e.outcomes) o where e.status = 'published' group by 1, 2`,
  outcomeRatings: `select e.peptide_id, lower(o.key) as outcome, least(10, greatest(1, round(o.value::float8)))::int as rating,
      count(*)::int as n
    from experiences e, jsonb_each_text(e.outcomes) o where e.status = 'published' group by 1, 2, 3`,
  effects: `select peptide_id, effect, count(*)::int as n
    from (select distinct e.id, e.peptide_id, lower(x) as effect from experiences e, unnest(e.effects) x where e.status = 'published') d group by 1, 2`,
  cells: `select peptide_id, age_range, biological_sex, activity_level, count(*)::int as n
    from experiences where status = 'published' group by 1, 2, 3, 4`,
  voteCounters: `select e.id, (count(v.id) filter (where v.vote_type = 'helpful'))::int as helpful,
      (count(v.id) filter (where v.vote_type = 'not-helpful'))::int as not_helpful,
      (count(v.id) filter (where v.vote_type = 'detailed'))::int as detailed,
      (count(v.id) filter (where v.vote_type = 'concerning'))::int as concerning
    from experiences e left join votes v on v.experience_id = e.id group by e.id`,
} as const;

const RECOMPUTE = {
  voteCounters: `update experiences e set helpful_count = c.helpful, not_helpful_count = c.not_helpful,
      detailed_count = c.detailed, concerning_count = c.concerning
    from (${FROM_SCRATCH.voteCounters}) c
    where e.id = c.id and (e.helpful_count, e.not_helpful_count, e.detailed_count, e.concerning_count)
      is distinct from (c.helpful, c.not_helpful, c.detailed, c.concerning)`,
  peptides: `update peptide_counters c set experience_count = a.experience_count, rating_sum = a.rating_sum,
      rating_sq_sum = a.rating_sq_sum, vote_count = a.vote_count
    from (${FROM_SCRATCH.peptides}) a where a.peptide_id = c.peptide_id`,
  dailyClear: 'delete from experience_daily',
  daily: `insert into experience_daily (peptide_id, day, experiences, rating_sum) ${FROM_SCRATCH.daily}`,
  outcomesClear: 'delete from peptide_outcomes',
  outcomes: `insert into peptide_outcomes (peptide_id, outcome, total, total_sq, n) ${FROM_SCRATCH.outcomes}`,
  outcomeRatingsClear: 'delete from peptide_outcome_ratings',
  outcomeRatings: `insert into peptide_outcome_ratings (peptide_id, outcome, rating, n) ${FROM_SCRATCH.outcomeRatings}`,
  effectsClear: 'delete from peptide_reported_effects',
  effects: `insert into peptide_reported_effects (peptide_id, effect, n) ${FROM_SCRATCH.effects}`,
  cellsClear: 'delete from demographic_cells',
  cells: `insert into demographic_cells (peptide_id, age_range, biological_sex, activity_level, n) ${FROM_SCRATCH.cells}`,
};
