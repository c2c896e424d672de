// Who reports a peptide (docs/product-rules.md, "Anonymity"): no report shows its age range,
// biological sex or activity level; each peptide shows the shares of its settled reports by each
// of the three on its own, never their combinations, from SHARES_MIN_REPORTS reports. The shares
// are written here, at publication batches only (services/publication/queue.ts), kept in reporter_shares
// (migration 029_reporter_shares.sql), and read as they are by the peptide's page and the research
// export, so both always show the same numbers.
//
// Someone comparing the figures before and after one report settles must learn as little as
// possible about it. Three things see to that:
// - A peptide's shares are recomputed only once at least SHARES_RECOMPUTE_CHANGES of its settled
//   reports changed (settled, deleted, hidden, moved) since the last time: any difference between
//   two versions mixes at least that many reports.
// - Each count gets noise before it becomes a share (shareNoise: two-sided geometric, the discrete
//   Laplace mechanism), drawn anew for every question whose counts moved, so every answer of that
//   question moves, not only the ones whose reports changed.
// - Each share is rounded to a whole step of SHARE_STEP_PERCENT.
// What this leaves to an observer, and to someone who pads a peptide with reports of their own, is
// measured in tests/server/demographics-attacks.test.ts and said in docs/product-rules.md.
import { createHmac } from 'node:crypto';
import type { ExportShares } from '../../contract/analytics';
import type { ReporterShare, ReporterShares } from '../../contract/peptides';
import { SHARES_MIN_REPORTS, SHARES_RECOMPUTE_CHANGES, sharePercent } from '../../contract/rules';
import { AGE_RANGES, BIOLOGICAL_SEXES, WIZARD_ACTIVITY_LEVELS } from '../../contract/vocabulary';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';

/** The three questions, each with its column and its answers in the wizard's order. */
export const QUESTIONS = {
  ageRange: { column: 'age_range', values: AGE_RANGES },
  biologicalSex: { column: 'biological_sex', values: BIOLOGICAL_SEXES },
  activityLevel: { column: 'activity_level', values: WIZARD_ACTIVITY_LEVELS },
} as const;
export type Question = keyof typeof QUESTIONS;
const QUESTION_NAMES = Object.keys(QUESTIONS) as Question[];

/** As reporter_shares keeps them: per question, each answer's share in percent. */
export type StoredShares = Record<Question, Record<string, number>>;

/** Settled reports of one peptide with one combination of answers. */
export interface SettledCell {
  peptide_id: string;
  age_range: string;
  biological_sex: string;
  activity_level: string;
  n: number;
}

/**
 * The noise's parameter α: the noise is 0 a quarter of the time ((1 - α) / (1 + α)), its standard
 * deviation 2.7 reports (√(2α) / (1 - α)). Each version of a question's shares then changes the
 * odds between two answers of one report by at most a factor (1/α)² ≈ 2.8 (ε = 2 ln(1/α) ≈ 1.0),
 * whatever else the observer knows; what this leaves in practice is measured in
 * tests/server/demographics-attacks.test.ts.
 */
export const SHARE_NOISE_ALPHA = 0.6;

/**
 * The noise added to the count of answer `index` of `question` before it becomes a share: two-sided
 * geometric with SHARE_NOISE_ALPHA, drawn from a keyed hash of the peptide, the question and all
 * its counts (`histogram`). So it stays the same as long as those counts do (no number of versions
 * averages it away while nothing changed), and every answer of the question is drawn anew when any
 * of its counts moves, so that which answers moved tells nothing.
 */
export function shareNoise(
  key: Buffer,
  peptideId: string,
  question: Question,
  histogram: readonly number[],
  index: number,
): number {
  const digest = createHmac('sha256', key)
    .update(`${peptideId}\u0000${question}\u0000${histogram.join(',')}\u0000${index}`)
    .digest();
  const uniform = (offset: number) => (digest.readUIntBE(offset, 6) + 1) / (2 ** 48 + 1);
  const geometric = (u: number) => Math.floor(Math.log(u) / Math.log(SHARE_NOISE_ALPHA));
  return geometric(uniform(0)) - geometric(uniform(6));
}

/** How many of `cells` give each answer of `question`, in the wizard's order. */
export function histogramOf(cells: readonly SettledCell[], question: Question): number[] {
  const { column, values } = QUESTIONS[question];
  return values.map((value) => cells.reduce((sum, c) => (c[column] === value ? sum + c.n : sum), 0));
}

/**
 * One peptide's shares from its settled cells: the number of reports, and per question each
 * answer's noisy count as a share of them (contract/rules.ts sharePercent); null below
 * SHARES_MIN_REPORTS reports.
 */
export function computeShares(
  key: Buffer,
  peptideId: string,
  cells: readonly SettledCell[],
): { reports: number; shares: StoredShares | null } {
  const reports = cells.reduce((sum, c) => sum + c.n, 0);
  if (reports < SHARES_MIN_REPORTS) return { reports, shares: null };
  const shares = {} as StoredShares;
  for (const question of QUESTION_NAMES) {
    const histogram = histogramOf(cells, question);
    shares[question] = Object.fromEntries(
      QUESTIONS[question].values.map((value, i) => [
        value,
        sharePercent(histogram[i] + shareNoise(key, peptideId, question, histogram, i), reports),
      ]),
    );
  }
  return { reports, shares };
}

/** The settle cutoff at batch time `at`: reports public since before it count. */
export function settledBefore(ctx: AppContext, at: Date): string {
  return new Date(at.getTime() - ctx.config.demographicsSettleDays * 86_400_000).toISOString();
}

/**
 * Settled reports per peptide and combination: the counts of all published reports, kept by
 * trigger (demographic_cells, migration 008), less those published after the cutoff $1 (read by
 * their index, migration 019), so this reads a few thousand small rows at any number of reports.
 * `only`: the peptides of $2 only.
 */
function settledSql(only: boolean): string {
  const filter = only ? 'and peptide_id = any($2::uuid[])' : '';
  return `select c.peptide_id, c.age_range, c.biological_sex, c.activity_level, (c.n - coalesce(r.n, 0))::int as n
    from demographic_cells c
    left join (select peptide_id, age_range, biological_sex, activity_level, count(*)::int as n
                 from experiences where status = 'published' and published_at > $1::timestamptz ${filter} group by 1, 2, 3, 4) r
      using (peptide_id, age_range, biological_sex, activity_level)
   where c.n - coalesce(r.n, 0) > 0 ${filter.replace('peptide_id', 'c.peptide_id')}`;
}

/**
 * Recomputes the shares of every peptide (or of `peptideIds`, a change applied at once) whose
 * settled reports differ by at least SHARES_RECOMPUTE_CHANGES from those they were last computed
 * from, in the caller's transaction, at batch time `at`. The difference is counted per combination
 * of answers (reporter_basis): a report that settles, leaves or moves counts once for each
 * combination it enters or leaves. Returns the peptides recomputed.
 */
export async function refreshShares(
  ctx: AppContext,
  tx: Queryable,
  at: Date,
  peptideIds?: readonly string[],
): Promise<string[]> {
  if (peptideIds && !peptideIds.length) return [];
  const only = peptideIds !== undefined;
  const values: unknown[] = only ? [settledBefore(ctx, at), [...new Set(peptideIds)]] : [settledBefore(ctx, at)];
  const due = await tx.query<{ peptide_id: string }>(
    `with settled as (${settledSql(only)}),
          basis as (select * from reporter_basis ${only ? 'where peptide_id = any($2::uuid[])' : ''})
     select coalesce(s.peptide_id, b.peptide_id) as peptide_id
       from settled s full join basis b
         on b.peptide_id = s.peptide_id and b.age_range = s.age_range and b.biological_sex = s.biological_sex and b.activity_level = s.activity_level
      group by 1
     having sum(abs(coalesce(s.n, 0) - coalesce(b.n, 0))) >= ${SHARES_RECOMPUTE_CHANGES}`,
    values,
    { prepare: true },
  );
  const recomputed = due.rows.map((r) => r.peptide_id);
  if (!recomputed.length) return [];
  const cells = await tx.query<SettledCell>(settledSql(true), [values[0], recomputed], { prepare: true });
  const byPeptide = new Map<string, SettledCell[]>(recomputed.map((id) => [id, []]));
  for (const c of cells.rows) byPeptide.get(c.peptide_id)?.push(c);
  const day = at.toISOString().slice(0, 10);
  const rows = [...byPeptide].map(([peptide_id, own]) => ({
    peptide_id,
    computed_on: day,
    ...computeShares(ctx.noiseKey, peptide_id, own),
  }));
  await tx.query('delete from reporter_basis where peptide_id = any($1::uuid[])', [recomputed], { prepare: true });
  for (let i = 0; i < cells.rows.length; i += 500) {
    await tx.query(
      `insert into reporter_basis (peptide_id, age_range, biological_sex, activity_level, n)
       select peptide_id, age_range, biological_sex, activity_level, n
         from jsonb_to_recordset($1::jsonb) as x(peptide_id uuid, age_range text, biological_sex text, activity_level text, n integer)`,
      [JSON.stringify(cells.rows.slice(i, i + 500))],
      { prepare: true },
    );
  }
  for (let i = 0; i < rows.length; i += 500) {
    await tx.query(
      `insert into reporter_shares (peptide_id, reports, computed_on, shares)
       select peptide_id, reports, computed_on, shares
         from jsonb_to_recordset($1::jsonb) as x(peptide_id uuid, reports integer, computed_on date, shares jsonb)
       on conflict (peptide_id) do update set reports = excluded.reports, computed_on = excluded.computed_on, shares = excluded.shares`,
      [JSON.stringify(rows.slice(i, i + 500))],
      { prepare: true },
    );
  }
  return recomputed;
}

interface SharesRow {
  reports: number;
  as_of: string;
  shares: StoredShares | null;
}

const SHARES_COLUMNS = `s.reports, to_char(s.computed_on, 'YYYY-MM-DD') as as_of, s.shares`;

/** The stored shares as an answer gives them: every answer of every question, in the wizard's order. */
function served(ctx: AppContext, row: SharesRow | undefined): ReporterShares {
  const list = (question: Question): ReporterShare[] =>
    QUESTIONS[question].values.map((value) => ({ value, percent: row?.shares?.[question]?.[value] ?? 0 }));
  return {
    reports: row?.reports ?? 0,
    minimum: SHARES_MIN_REPORTS,
    settleDays: ctx.config.demographicsSettleDays,
    asOf: row?.as_of ?? null,
    shares: row?.shares
      ? { ageRange: list('ageRange'), biologicalSex: list('biologicalSex'), activityLevel: list('activityLevel') }
      : null,
  };
}

/** Who reports one peptide (the peptide's page: services/peptides.ts getPeptideDetail). */
export async function peptideShares(ctx: AppContext, db: Queryable, peptideId: string): Promise<ReporterShares> {
  const res = await db.query<SharesRow>(
    `select ${SHARES_COLUMNS} from reporter_shares s where s.peptide_id = $1`,
    [peptideId],
    { prepare: true },
  );
  return served(ctx, res.rows[0]);
}

/** Every peptide with shares, by name, for the research export: the same stored numbers as their pages. */
export async function exportShares(ctx: AppContext): Promise<ExportShares[]> {
  return ctx.cache.get('research:shares', async () => {
    const res = await ctx.db.query<SharesRow & { peptide: string }>(
      `select p.name as peptide, ${SHARES_COLUMNS}
         from reporter_shares s join peptides p on p.id = s.peptide_id
        where p.deleted_at is null and s.shares is not null
        order by p.name, p.id`,
    );
    return res.rows.map((r) => ({ peptide: r.peptide, ...served(ctx, r) }));
  });
}
