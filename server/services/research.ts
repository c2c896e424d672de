// The moderators' Research Hub: the overview's counts, the paged per-peptide table and the
// export, from the same trigger-kept aggregates as community analytics (services/analytics.ts).
// Definitions: docs/product-rules.md, "Figures"; the export's rules, "Anonymity".
import type {
  EXPORT_CSV_TABLES,
  ExportMean,
  ExportRow,
  ResearchOverview,
  ResearchPeptides,
} from '../../contract/analytics';
import { CATEGORIES, MAX_PAGE_SIZE } from '../../contract/common';
import { SHARES_MIN_REPORTS, roundTo } from '../../contract/rules';
import type { SideEffect } from '../../contract/side-effects';
import type { Dose } from '../../contract/doses';
import type { AppContext } from '../context';
import { communityAnalytics } from './analytics';
import { decodeCursor } from './experience-feed';
import { rankingScoreSql, ratingFigure } from './how-sure';
import { PEPTIDES_WITH_COUNTERS } from './peptides';
import { exportShares } from './reporter-shares';
import { PENDING_REVIEW } from './users';

// Rating means and intervals are rounded once (services/how-sure.ts), as in community analytics;
// shares and a report's own rating in the export keep two decimals.
const round2 = (n: number) => roundTo(n, 2);

export async function researchOverview(ctx: AppContext): Promise<ResearchOverview> {
  const analytics = await communityAnalytics(ctx);
  const counts = await ctx.db.query<{ votes: number; members: number; pending: number; held: number; flags: number }>(
    // Votes on published reports only: the peptides' vote counters (migrations 009, 016) are kept
    // by the aggregate triggers, so this reads one row per peptide, not the votes table.
    `select (select coalesce(sum(vote_count), 0) from peptide_counters)::int as votes,
            (select count(*) from users where status = 'approved')::int as members,
            (select count(*) from users where ${PENDING_REVIEW})::int as pending,
            (select count(*) from experiences where status = 'held')::int as held,
            (select count(*) from flags where resolved_at is null)::int as flags`,
  );
  // Optional parts only: the story, demographics and timeline are required of every report, so a
  // share of reports with those would be 100% by construction.
  const detailed = await ctx.cache.get('research:optional-details', async () => {
    const res = await ctx.db.query<{ detailed: number; total: number }>(
      `select (count(*) filter (where cardinality(stack) > 0 or cardinality(effects) > 0 or sourcing is not null))::int as detailed,
              count(*)::int as total
         from experiences where status = 'published'`,
    );
    return res.rows[0];
  });
  const perPeptide = await ctx.db.query<{
    id: string;
    name: string;
    category: string;
    experiences: number;
    rating_sum: number;
    rating_sq_sum: number;
  }>(
    `select p.id, p.name, p.category, c.experience_count as experiences, c.rating_sum, c.rating_sq_sum
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null order by c.experience_count desc, lower(p.name), p.id
      limit ${MAX_PAGE_SIZE}`,
  );
  // Categories are summed in SQL over every peptide, not only the capped list above.
  const categoryRows = await ctx.db.query<{
    category: string;
    experiences: number;
    rating_sum: number;
    rating_sq_sum: number;
  }>(
    `select p.category, coalesce(sum(c.experience_count), 0)::int as experiences, coalesce(sum(c.rating_sum), 0)::float8 as rating_sum,
            coalesce(sum(c.rating_sq_sum), 0)::float8 as rating_sq_sum
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null group by p.category`,
  );
  const perCategory = CATEGORIES.map((name) => {
    const row = categoryRows.rows.find((r) => r.category === name);
    const experiences = row?.experiences ?? 0;
    const { mean, interval } = ratingFigure({
      n: experiences,
      sum: row?.rating_sum ?? 0,
      sumOfSquares: row?.rating_sq_sum ?? 0,
    });
    return { name, experiences, meanRating: mean, interval };
  });
  const c = counts.rows[0];
  return {
    experiences: analytics.totalExperiences,
    experiencesThisMonth: analytics.experiencesThisMonth,
    peptides: analytics.totalPeptides,
    votes: c.votes,
    members: c.members,
    pendingRegistrations: c.pending,
    heldReports: c.held,
    openFlags: c.flags,
    // Deprecated (contract/analytics.ts): the form requires every part it counted.
    completeReportShare: detailed.total ? 1 : 0,
    optionalDetailsShare: detailed.total ? round2(detailed.detailed / detailed.total) : 0,
    perPeptide: perPeptide.rows.map((r) => {
      const { mean, interval } = ratingFigure({ n: r.experiences, sum: r.rating_sum, sumOfSquares: r.rating_sq_sum });
      return { _id: r.id, name: r.name, category: r.category, experiences: r.experiences, meanRating: mean, interval };
    }),
    perCategory,
  };
}

const RESEARCH_PEPTIDE_ORDER = {
  experiences: 'c.experience_count desc, lower(p.name), p.id',
  // The interval's lower bound (contract/how-sure.ts rankingScore); peptides with fewer than 5
  // reports have no mean and go last rather than counting as 0.
  rating: `${rankingScoreSql('c.experience_count', 'c.rating_sum', 'c.rating_sq_sum')} desc nulls last, c.experience_count desc, lower(p.name), p.id`,
  name: 'lower(p.name), p.id',
} as const;

/** The Database tab: per-peptide counts and means, each mean with its n, one page at a time. */
export async function researchPeptides(
  ctx: AppContext,
  page: number,
  limit: number,
  sort: keyof typeof RESEARCH_PEPTIDE_ORDER,
): Promise<ResearchPeptides> {
  const res = await ctx.db.query<{
    id: string;
    name: string;
    category: string;
    experiences: number;
    votes: number;
    rating_sum: number;
    rating_sq_sum: number;
    total: number;
  }>(
    `select p.id, p.name, p.category, c.experience_count as experiences, c.vote_count as votes,
            c.rating_sum, c.rating_sq_sum,
            (count(*) over ())::int as total
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null
      order by ${RESEARCH_PEPTIDE_ORDER[sort]}
      limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  const ids = res.rows.map((r) => r.id);
  const outcomes = ids.length
    ? await ctx.db.query<{ peptide_id: string; outcome: string; total: number; total_sq: number; n: number }>(
        `select peptide_id, outcome, total, total_sq, n from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0
          order by n desc, outcome`,
        [ids],
      )
    : { rows: [] };
  let total = res.rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the count.
    const c = await ctx.db.query<{ n: number }>('select count(*)::int as n from peptides where deleted_at is null');
    total = c.rows[0].n;
  }
  return {
    peptides: res.rows.map((r) => {
      const { mean, interval } = ratingFigure({ n: r.experiences, sum: r.rating_sum, sumOfSquares: r.rating_sq_sum });
      return {
        _id: r.id,
        name: r.name,
        category: r.category,
        experiences: r.experiences,
        meanRating: mean,
        interval,
        votes: Number(r.votes),
        outcomeMeans: outcomes.rows
          .filter((o) => o.peptide_id === r.id)
          .slice(0, 3)
          .map((o) => ({
            name: o.outcome,
            n: o.n,
            ...ratingFigure({ n: o.n, sum: o.total, sumOfSquares: o.total_sq }),
          })),
      };
    }),
    total,
    page,
    pageSize: limit,
  };
}

interface ExportDbRow {
  id: string;
  created_at: Date;
  peptide: string;
  category: string;
  dosage: string;
  dose: Dose | null;
  frequency: string;
  duration_days: number;
  route: string;
  primary_purpose: string[];
  timeline: string;
  rating: number;
  outcomes: Record<string, number>;
  side_effects: SideEffect[];
  effects: string[];
}

/**
 * Research export (docs/product-rules.md, "Anonymity"): each report's public id and month, never a
 * day, and no age range, sex or activity level (the columns stay, null); who reports each peptide
 * comes as its shares, the same stored numbers as its page (services/reporter-shares.ts).
 */
export async function researchExport(ctx: AppContext, limit: number, cursor?: string) {
  const values: unknown[] = [limit + 1];
  let after = '';
  if (cursor) {
    const [createdAt, id] = decodeCursor(ctx, cursor, ['timestamp', 'uuid']);
    values.push(createdAt, id);
    after = 'and (e.created_at, e.id) < ($2::timestamptz, $3::uuid)';
  }
  const res = await ctx.db.query<ExportDbRow>(
    `with page as (select * from experiences e where e.status = 'published' ${after} order by e.created_at desc, e.id desc limit $1)
     select e.id, e.created_at, p.name as peptide, p.category, e.dosage, e.dose, e.frequency, e.duration_days, e.route,
            e.primary_purpose, e.timeline, e.rating, e.outcomes, e.side_effects, e.effects
       from page e join peptides p on p.id = e.peptide_id
      order by e.created_at desc, e.id desc`,
    values,
  );
  const pageRows = res.rows.slice(0, limit);
  const [shares, means] = await Promise.all([exportShares(ctx), exportMeans(ctx)]);
  const last = pageRows[pageRows.length - 1];
  return {
    k: SHARES_MIN_REPORTS,
    generatedAt: ctx.clock.now().toISOString(),
    rows: pageRows.map((r) => ({
      id: r.id,
      peptide: r.peptide,
      category: r.category,
      month: r.created_at.toISOString().slice(0, 7),
      dosage: r.dosage,
      dose: r.dose,
      frequency: r.frequency,
      durationDays: r.duration_days,
      route: r.route,
      primaryPurpose: r.primary_purpose,
      timeline: r.timeline,
      rating: round2(r.rating),
      outcomes: r.outcomes,
      sideEffects: r.side_effects,
      effects: r.effects,
      ageRange: null,
      biologicalSex: null,
      activityLevel: null,
    })),
    nextCursor: res.rows.length > limit && last ? ctx.cursors.encode([last.created_at.toISOString(), last.id]) : null,
    means,
    shares,
    breakdown: [],
  };
}

/**
 * Every mean the pages show, from the same kept sums and rounded by the same rule
 * (services/how-sure.ts ratingFigure), so a reader of the export finds the pages' figures: each
 * peptide with reports (by name), its rating first, then its outcomes, most rated first.
 */
export async function exportMeans(ctx: AppContext): Promise<ExportMean[]> {
  return ctx.cache.get('research:means', async () => {
    const res = await ctx.db.query<{ peptide: string; outcome: string | null; n: number; sum: number; sq: number }>(
      `select p.name as peptide, null as outcome, c.experience_count as n, c.rating_sum as sum, c.rating_sq_sum as sq,
              0 as kind, 0 as rank_n
         from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null and c.experience_count > 0
       union all
       select p.name, o.outcome, o.n, o.total, o.total_sq, 1, o.n
         from peptide_outcomes o join peptides p on p.id = o.peptide_id where p.deleted_at is null and o.n > 0
       order by 1, kind, rank_n desc, 2`,
    );
    return res.rows.map((r) => {
      const { mean, interval } = ratingFigure({ n: r.n, sum: r.sum, sumOfSquares: r.sq });
      return {
        peptide: r.peptide,
        outcome: r.outcome,
        n: r.n,
        mean,
        low: interval?.low ?? null,
        high: interval?.high ?? null,
      };
    });
  });
}

/** The columns of each CSV table (ResearchExportQuery `table`); outcomes go in a table of their own. */
export const CSV_COLUMNS = {
  reports: [
    'id',
    'peptide',
    'category',
    'month',
    'dosage',
    'doseAmount',
    'doseUnit',
    'doseStrengthAmount',
    'doseStrengthUnit',
    'doseMcg',
    'frequency',
    'durationDays',
    'route',
    'primaryPurpose',
    'timeline',
    'rating',
    'effects',
    'ageRange',
    'biologicalSex',
    'activityLevel',
  ],
  outcomes: ['id', 'outcome', 'rating'],
  sideEffects: ['id', 'sideEffect', 'severity'],
  means: ['peptide', 'outcome', 'n', 'mean', 'low', 'high'],
} as const satisfies Record<(typeof EXPORT_CSV_TABLES)[number], readonly string[]>;

/** A report's dose in the CSV reports table: one cell per part, all empty when the dose is text that was not read. */
function doseCells(dose: Dose | null) {
  return {
    doseAmount: dose?.amount,
    doseUnit: dose?.unit,
    doseStrengthAmount: dose?.strength?.amount,
    doseStrengthUnit: dose?.strength?.unit,
    doseMcg: dose?.mcg,
  };
}

/**
 * CSV (RFC 4180) with every cell quoted, lossless: a list is a JSON array (`["a; b","c"]` stays
 * two items), an empty cell is null (none; the demographic columns are always empty). Cells that look like formulas get a
 * leading `'` so spreadsheets never run them; a reader strips it from a cell that starts with `'=`,
 * `'+`, `'-`, `'@`.
 */
export function toCsv(
  table: (typeof EXPORT_CSV_TABLES)[number],
  rows: ExportRow[],
  bom: boolean,
  means: ExportMean[] = [],
): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : Array.isArray(v) ? JSON.stringify(v) : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  const columns: readonly string[] = CSV_COLUMNS[table];
  const records: Record<string, unknown>[] =
    table === 'outcomes'
      ? rows.flatMap((r) => Object.entries(r.outcomes).map(([outcome, rating]) => ({ id: r.id, outcome, rating })))
      : table === 'sideEffects'
        ? rows.flatMap((r) => r.sideEffects.map((s) => ({ id: r.id, sideEffect: s.name, severity: s.severity })))
        : table === 'means'
          ? means
          : rows.map((r) => ({ ...r, ...doseCells(r.dose) }));
  const lines = [columns.join(','), ...records.map((r) => columns.map((c) => cell(r[c])).join(','))];
  return (bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n';
}
