// Bulk data for load tests and benchmarks: many realistic reports inserted set-based (one
// statement per batch through json_to_recordset), then every aggregate recomputed from scratch.
// Rows are marked is_demo: generated data is demo data (docs/product-rules.md, "Figures").
import { randomBytes, randomUUID } from 'node:crypto';
import { AGE_RANGES, BIOLOGICAL_SEXES, TIMELINES, WIZARD_ACTIVITY_LEVELS } from '../../../contract/common';
import { type Dose, doseOf } from '../../../contract/doses';
import { experienceRating } from '../../../contract/rules';
import { SEVERITIES } from '../../../contract/side-effects';
import { newTrackingId, trackingHash } from '../../lib/tracking';
import type { Db } from '../client';
import { recomputeAggregates } from '../aggregates';
import {
  DEMO_FREQUENCIES,
  byPopularity,
  clamp,
  demoDose,
  mulberry32,
  pick,
  pickSome,
  purposesFor,
  routeFor,
  story as makeStory,
} from './generate';

/** A bulk report's dose as the table keeps it (demoDose's, converted as a submission would be). */
function bulkDose(rand: () => number, commonDosage: string): { dosage: string; dose: Dose | null } {
  const { dosage, dose } = demoDose(rand, commonDosage || '250 mcg');
  return { dosage: dosage.slice(0, 60), dose: dose ? doseOf(dose) : null };
}

export interface BulkOptions {
  experiences: number;
  /** Accounts that cast the generated votes (approved, cannot sign in). */
  voters?: number;
  seed?: number;
  batchSize?: number;
  /** Spread of report dates, in months back from now. */
  months?: number;
  onProgress?: (done: number) => void;
  /** Loads at least this large drop the secondary indexes and rebuild them after (default 50,000). */
  dropIndexesAbove?: number;
  /** Progress lines about the phases after the rows (index builds). */
  onPhase?: (line: string) => void;
}

const VOTE_KINDS = ['helpful', 'helpful', 'helpful', 'not-helpful', 'detailed', 'concerning'] as const;

interface CataloguePeptide {
  id: string;
  name: string;
  category: string;
  common_dosage: string;
  common_effects: string[];
  side_effects: string[];
  common_stacks: string[];
}

/** Inserts `experiences` reports (and votes on them) and recomputes the aggregates. */
export async function bulkSeed(db: Db, options: BulkOptions): Promise<{ experiences: number; votes: number }> {
  const rand = mulberry32(options.seed ?? 2024);
  const batchSize = options.batchSize ?? 2000;
  const months = options.months ?? 24;
  const catalogue = (
    await db.query<CataloguePeptide>(
      `select id, name, category, common_dosage, common_effects, side_effects, common_stacks
         from peptides where deleted_at is null order by lower(name)`,
    )
  ).rows;
  if (!catalogue.length) throw new Error('The catalogue is empty: start the server once (or seed) first');

  // Zipf-like popularity over a shuffled catalogue: a few peptides hold most reports.
  const { order, choose } = byPopularity(rand, catalogue, (i) => 1 / Math.pow(i + 1, 1.07));
  // Each peptide has its own typical outcome level and spread, so ratings differ by peptide.
  const profile = new Map(order.map((p) => [p.id, { base: 4.5 + rand() * 4, spread: 1.5 + rand() * 3 }]));

  const voterIds = await bulkVoters(db, options.voters ?? 300);
  // A large load into indexed tables spends most of its time keeping the indexes (the trigram
  // GIN above all) row by row: drop the secondary ones and build each once at the end, which
  // is several times faster (1,000,000 reports on PostgreSQL: docs/performance-log.md).
  const rebuild =
    options.experiences >= (options.dropIndexesAbove ?? 50_000)
      ? await dropSecondaryIndexes(db, options.onPhase)
      : null;
  const now = Date.now();
  const span = months * 30.44 * 86_400_000;
  let inserted = 0;
  let votes = 0;
  try {
    while (inserted < options.experiences) {
      const n = Math.min(batchSize, options.experiences - inserted);
      const rows: Record<string, unknown>[] = [];
      const voteRows: Record<string, unknown>[] = [];
      for (let i = 0; i < n; i++) {
        const p = choose();
        const { base, spread } = profile.get(p.id)!;
        // Growth: more reports in recent months (density rises towards now). Reports are
        // inserted oldest first, as a live database receives them, so the table's physical order
        // follows their dates: the k-th of n is at quantile k/n of the same skewed distribution
        // (in random order, every walk of a date index jumped between pages, which no community
        // that grew over time has; docs/performance-log.md, "Generating a million reports").
        const createdAt = new Date(now - Math.pow(1 - (inserted + i + rand()) / options.experiences, 1.6) * span);
        // Kept to the day, as every report is (migration 007_coarse_time.sql).
        createdAt.setUTCHours(0, 0, 0, 0);
        const outcomes: Record<string, number> = {};
        const rated = p.common_effects.length ? p.common_effects : ['energy', 'sleep', 'mood'];
        for (const effect of rated) {
          if (rand() < 0.15 && Object.keys(outcomes).length) continue;
          outcomes[effect] = clamp(Math.round(base + (rand() - 0.5) * spread * 2), 1, 10);
        }
        const purposes = purposesFor(rand, p);
        const sideEffects =
          p.side_effects.length && rand() < 0.3
            ? pickSome(rand, p.side_effects, 1, 2).map((name) => ({ name, severity: pick(rand, SEVERITIES) }))
            : [];
        const story = makeStory(rand);
        const id = randomUUID();
        rows.push({
          id,
          tracking_hash: trackingHash(newTrackingId()),
          peptide_id: p.id,
          ...bulkDose(rand, p.common_dosage),
          frequency: pick(rand, DEMO_FREQUENCIES),
          duration_days: 7 + Math.floor(rand() * 120),
          route: routeFor(rand, p),
          primary_purpose: purposes,
          age_range: pick(rand, AGE_RANGES),
          biological_sex: rand() < 0.03 ? 'prefer-not-to-say' : pick(rand, BIOLOGICAL_SEXES.slice(0, 2)),
          activity_level: pick(rand, WIZARD_ACTIVITY_LEVELS),
          outcomes,
          rating: experienceRating(outcomes),
          side_effects: sideEffects,
          effects: [],
          timeline: pick(rand, TIMELINES),
          story,
          stack: p.common_stacks.length && rand() < 0.25 ? p.common_stacks.slice(0, 1) : [],
          search_text: [p.name, story, ...sideEffects.map((e) => e.name), ...purposes].join(' ').toLowerCase(),
          created_at: createdAt.toISOString(),
        });
        // Votes are skewed too: most reports get none, a few get many.
        const voteCount = Math.min(voterIds.length, Math.floor(Math.pow(rand(), 3) * 12));
        for (const voter of pickSome(rand, voterIds, voteCount, voteCount)) {
          voteRows.push({
            experience_id: id,
            user_id: voter,
            vote_type: pick(rand, VOTE_KINDS),
            created_at: createdAt.toISOString(),
          });
        }
      }
      await db.transaction(async (tx) => {
        await tx.exec(
          'alter table experiences disable trigger experiences_aggregates; alter table experiences disable trigger experiences_demographic_cells; alter table experiences disable trigger experiences_dose_figures_version; alter table votes disable trigger votes_counts',
        );
        await tx.query(
          `insert into experiences (id, tracking_hash, peptide_id, dosage, dose, dose_checked, frequency, duration_days, route, primary_purpose,
             age_range, biological_sex, activity_level, outcomes, rating, side_effects, effects, timeline, story, stack,
             search_text, created_at, is_demo)
           select id, tracking_hash, peptide_id, dosage, dose, true, frequency, duration_days, route, primary_purpose,
                  age_range, biological_sex, activity_level, outcomes, rating, side_effects, effects, timeline, story, stack, search_text,
                  created_at, true
             from json_to_recordset($1::json) as x(id uuid, tracking_hash text, peptide_id uuid, dosage text, dose jsonb, frequency text,
                  duration_days integer, route text, primary_purpose text[], age_range text,
                  biological_sex text, activity_level text, outcomes jsonb, rating double precision, side_effects jsonb, effects text[],
                  timeline text, story text, stack text[], search_text text, created_at timestamptz)`,
          [JSON.stringify(rows)],
        );
        if (voteRows.length) {
          await tx.query(
            `insert into votes (experience_id, user_id, vote_type, created_at)
             select experience_id, user_id, vote_type, created_at
               from json_to_recordset($1::json) as x(experience_id uuid, user_id uuid, vote_type text, created_at timestamptz)`,
            [JSON.stringify(voteRows)],
          );
        }
        // The per-row triggers are off for the batch: set this batch's vote counters in one statement.
        await tx.query(
          `update experiences e set
             helpful_count = v.helpful, not_helpful_count = v.not_helpful, detailed_count = v.detailed, concerning_count = v.concerning
            from (select experience_id,
                         (count(*) filter (where vote_type = 'helpful'))::int as helpful,
                         (count(*) filter (where vote_type = 'not-helpful'))::int as not_helpful,
                         (count(*) filter (where vote_type = 'detailed'))::int as detailed,
                         (count(*) filter (where vote_type = 'concerning'))::int as concerning
                    from votes where experience_id = any($1::uuid[]) group by experience_id) v
           where e.id = v.experience_id`,
          [rows.map((r) => r.id)],
        );
        await tx.exec(
          'alter table experiences enable trigger experiences_aggregates; alter table experiences enable trigger experiences_demographic_cells; alter table experiences enable trigger experiences_dose_figures_version; alter table votes enable trigger votes_counts',
        );
      });
      inserted += n;
      votes += voteRows.length;
      options.onProgress?.(inserted);
    }
  } finally {
    if (rebuild) await rebuild();
  }
  await db.transaction(async (tx) => {
    await recomputeAggregates(tx);
    // Every peptide's dose figures are due at the next start or batch (services/doses.ts refreshDoseFigures).
    await tx.query('update peptide_dose_figures set version = version + 1');
  });
  return { experiences: inserted, votes };
}

/**
 * Drops the indexes of experiences and votes that back no constraint and returns a function
 * that creates them again from their saved definitions (pg_get_indexdef).
 */
async function dropSecondaryIndexes(db: Db, log: (line: string) => void = () => {}): Promise<() => Promise<void>> {
  const { rows } = await db.query<{ name: string; def: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relname in ('experiences', 'votes') and t.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const r of rows) await db.query(`drop index if exists "${r.name}"`);
  return async () => {
    for (const r of rows) {
      const started = Date.now();
      // More sort memory than the default 64 MB: the trigram index of 1,000,000 reports
      // builds several times faster.
      await db.transaction(async (tx) => {
        await tx.query(`set local maintenance_work_mem = '512MB'`);
        await tx.query(r.def);
      });
      log(`index ${r.name} rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
}

/** Approved accounts that cast generated votes; their password is random and discarded. */
async function bulkVoters(db: Db, n: number): Promise<string[]> {
  const res = await db.query<{ id: string }>(
    `insert into users (email, password_hash, role, status)
     select 'bulk-voter-' || i || '@demo.invalid', 'disabled$' || md5(random()::text || $1), 'user', 'approved'
       from generate_series(1, $2::int) i
     on conflict ((lower(email))) do update set status = 'approved'
     returning id`,
    [randomBytes(8).toString('hex'), n],
  );
  return res.rows.map((r) => r.id);
}
