// Community analytics from trigger-kept aggregates (peptides, experience_daily, peptide_outcomes):
// no request scans every experience. Definitions: docs/product-rules.md, "Figures".
import type { Analytics, ComparedPeptide, MemberAnalytics, ResearchOverview, ResearchPeptides, Trends } from '../../contract/analytics';
import { CATEGORIES, MAX_PAGE_SIZE } from '../../contract/common';
import { K_ANONYMITY, growthPercent, meanRating, roundTo } from '../../contract/rules';
import type { AppContext } from '../context';
import { notFound } from '../lib/errors';
import { PEPTIDE_COLUMNS, PEPTIDE_MAXIMA, PEPTIDES_WITH_COUNTERS, peptideRating, type PeptideRow } from './peptides';
import { decodeCursor } from './experience-feed';
import { DISCLOSED_JOIN, disclosedDemographics } from './public-view';

// Rating means are rounded once, here, by the contract's rule (meanRating: one decimal from the
// unrounded stored mean); screens write them as they come, so one mean reads one way everywhere.
// Shares (not ratings) keep two decimals.
const round2 = (n: number) => roundTo(n, 2);
const MONTH_START = `date_trunc('month', now() at time zone 'UTC')::date`;
const PREVIOUS_MONTH_START = `(date_trunc('month', now() at time zone 'UTC') - interval '1 month')::date`;

export async function communityAnalytics(ctx: AppContext): Promise<Analytics> {
  return ctx.cache.get('analytics', async () => {
    const totals = await ctx.db.query<{ experiences: number; rating_sum: number; peptides: number; categories: number }>(
      `select coalesce(sum(c.experience_count), 0)::int as experiences, coalesce(sum(c.rating_sum), 0)::float8 as rating_sum,
              (count(*) filter (where p.deleted_at is null))::int as peptides,
              (count(distinct p.category) filter (where p.deleted_at is null))::int as categories
         from ${PEPTIDES_WITH_COUNTERS}`,
    );
    const months = await ctx.db.query<{ this_month: number; last_month: number }>(
      `select coalesce(sum(experiences) filter (where day >= ${MONTH_START}), 0)::int as this_month,
              coalesce(sum(experiences) filter (where day >= ${PREVIOUS_MONTH_START} and day < ${MONTH_START}), 0)::int as last_month
         from experience_daily where day >= ${PREVIOUS_MONTH_START}`,
    );
    const active = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from account_activity where month = ${MONTH_START}`,
    );
    const categories = await ctx.db.query<{ name: string; this_month: number; last_month: number }>(
      `select p.category as name,
              coalesce(sum(d.experiences) filter (where d.day >= ${MONTH_START}), 0)::int as this_month,
              coalesce(sum(d.experiences) filter (where d.day < ${MONTH_START}), 0)::int as last_month
         from experience_daily d join peptides p on p.id = d.peptide_id
        where d.day >= ${PREVIOUS_MONTH_START}
        group by p.category`,
    );
    const top = await ctx.db.query<PeptideRow>(
      `select ${PEPTIDE_COLUMNS} from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA}
        where p.deleted_at is null and c.experience_count > 0
        order by c.experience_count desc, lower(p.name) limit 6`,
    );
    const outcomes = top.rows.length
      ? await ctx.db.query<{ peptide_id: string; outcome: string; total: number; n: number }>(
          `select peptide_id, outcome, total, n from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0
            order by n desc, outcome`,
          [top.rows.map((r) => r.id)],
        )
      : { rows: [] };

    const t = totals.rows[0];
    const m = months.rows[0];
    const trending = categories.rows
      .map((c) => ({ name: c.name, growth: growthPercent(c.this_month, c.last_month), experiences: c.this_month }))
      .filter((c) => c.experiences > 0)
      .sort((a, b) => b.growth - a.growth || b.experiences - a.experiences)
      .slice(0, 6);
    const activeUsers = active.rows[0].n;
    return {
      totalExperiences: t.experiences,
      experienceGrowth: growthPercent(m.this_month, m.last_month),
      experiencesThisMonth: m.this_month,
      totalPeptides: t.peptides,
      categories: t.categories,
      averageRating: meanRating(t.rating_sum, t.experiences) ?? 0,
      activeUsers,
      activeUsersCount: activeUsers,
      trendingCategories: trending,
      topPeptides: top.rows.map((r) => ({
        _id: r.id,
        name: r.name,
        category: r.category,
        rating: peptideRating(r),
        experiences: r.experience_count,
      })),
      effectivenessData: top.rows.map((r) => {
        const effectiveness: Record<string, number> = {};
        const sampleSizes: Record<string, number> = {};
        for (const o of outcomes.rows.filter((x) => x.peptide_id === r.id).slice(0, 8)) {
          effectiveness[o.outcome] = meanRating(o.total, o.n)!;
          sampleSizes[o.outcome] = o.n;
        }
        return { peptide: r.name, peptideId: r.id, rating: peptideRating(r), experiences: r.experience_count, effectiveness, sampleSizes };
      }),
      generatedAt: new Date().toISOString(),
    };
  });
}

/**
 * A member's analytics: the public figures, plus reports per month (the trends' totals, the last
 * month in progress) and every category's peptides, reports and mean rating.
 */
export async function memberAnalytics(ctx: AppContext): Promise<MemberAnalytics> {
  const [base, months] = await Promise.all([communityAnalytics(ctx), trends(ctx, 'monthly', 'category')]);
  const byCategory = await ctx.cache.get('analytics:by-category', async () => {
    const res = await ctx.db.query<{ category: string; peptides: number; experiences: number; rating_sum: number }>(
      `select p.category, count(*)::int as peptides, coalesce(sum(c.experience_count), 0)::int as experiences,
              coalesce(sum(c.rating_sum), 0)::float8 as rating_sum
         from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null group by p.category`,
    );
    return CATEGORIES.map((name) => {
      const row = res.rows.find((r) => r.category === name);
      return { name, peptides: row?.peptides ?? 0, experiences: row?.experiences ?? 0, meanRating: row ? meanRating(row.rating_sum, row.experiences) : null };
    });
  });
  const last = months.buckets.length - 1;
  return {
    ...base,
    monthly: months.buckets.map((month, i) => ({ month, experiences: months.totals[i] ?? 0, partial: i === last })),
    byCategory,
  };
}

const MAX_SERIES = 8;

export async function trends(ctx: AppContext, period: 'monthly' | 'weekly', groupBy: 'peptide' | 'category'): Promise<Trends> {
  return ctx.cache.get(`trends:${period}:${groupBy}`, async () => {
    const unit = period === 'monthly' ? 'month' : 'week';
    const count = 12;
    const group = groupBy === 'peptide' ? 'p.id::text' : 'p.category';
    // The bucket comes back as text: node-postgres reads a `date` as local midnight, which
    // shifts it to the previous day in any time zone east of UTC.
    const res = await ctx.db.query<{ bucket: string; key: string; name: string; n: number }>(
      `select to_char(date_trunc('${unit}', d.day::timestamp), 'YYYY-MM-DD') as bucket, ${group} as key, min(p.name) as name,
              sum(d.experiences)::int as n
         from experience_daily d join peptides p on p.id = d.peptide_id
        where d.day >= (date_trunc('${unit}', now() at time zone 'UTC') - interval '${count - 1} ${unit}')::date
        group by 1, 2 having sum(d.experiences) > 0`,
    );
    const buckets = bucketStarts(unit, count);
    const index = new Map(buckets.map((b, i) => [b, i]));
    const byKey = new Map<string, { key: string; name: string; counts: number[] }>();
    for (const row of res.rows) {
      const i = index.get(row.bucket);
      if (i === undefined) continue;
      const name = groupBy === 'peptide' ? row.name : row.key;
      const series = byKey.get(row.key) ?? { key: row.key, name, counts: new Array<number>(count).fill(0) };
      series.counts[i] += row.n;
      byKey.set(row.key, series);
    }
    const all = [...byKey.values()].sort((a, b) => sum(b.counts) - sum(a.counts) || a.name.localeCompare(b.name));
    const series = all.slice(0, MAX_SERIES);
    if (all.length > MAX_SERIES) {
      const other = { key: 'other', name: 'Other', counts: new Array<number>(count).fill(0) };
      for (const s of all.slice(MAX_SERIES)) s.counts.forEach((n, i) => (other.counts[i] += n));
      series.push(other);
    }
    const totals = buckets.map((_, i) => sum(all.map((s) => s.counts[i])));
    // The last period is in progress: growth against a whole period would read as a fall.
    const growth = totals.map((n, i) => (i === 0 || i === count - 1 ? null : growthPercent(n, totals[i - 1])));
    return { period, groupBy, buckets, series, totals, growth, asOf: new Date().toISOString().slice(0, 10) };
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The first day of each of the last `count` months or ISO weeks (UTC), oldest first. */
export function bucketStarts(unit: 'month' | 'week', count: number, now = new Date()): string[] {
  const out: string[] = [];
  if (unit === 'month') {
    for (let i = count - 1; i >= 0; i--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 10));
  } else {
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    for (let i = count - 1; i >= 0; i--) out.push(new Date(monday.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}

export async function compare(ctx: AppContext, ids: string[]): Promise<{ peptides: ComparedPeptide[] }> {
  // Read from aggregates only, yet three queries: cached like the other analytics.
  return ctx.cache.get(`compare:${ids.join(',')}`, () => compareUncached(ctx, ids));
}

async function compareUncached(ctx: AppContext, ids: string[]): Promise<{ peptides: ComparedPeptide[] }> {
  const res = await ctx.db.query<PeptideRow>(
    `select ${PEPTIDE_COLUMNS} from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA} where p.id = any($1::uuid[]) and p.deleted_at is null`,
    [ids],
  );
  const missing = ids.filter((id) => !res.rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`Peptide not found: ${missing.join(', ')}`);
  const outcomes = await ctx.db.query<{ peptide_id: string; outcome: string; total: number; n: number }>(
    'select * from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0 order by n desc, outcome',
    [ids],
  );
  const effects = await ctx.db.query<{ peptide_id: string; effect: string; n: number }>(
    'select * from peptide_reported_effects where peptide_id = any($1::uuid[]) and n > 0 order by n desc, effect',
    [ids],
  );
  const peptides = ids.map((id) => {
    const r = res.rows.find((x) => x.id === id)!;
    return {
      _id: r.id,
      name: r.name,
      category: r.category,
      averageRating: peptideRating(r),
      totalExperiences: r.experience_count,
      popularity: r.popularity,
      outcomeMeans: outcomes.rows
        .filter((o) => o.peptide_id === id)
        .slice(0, 10)
        .map((o) => ({ name: o.outcome, mean: meanRating(o.total, o.n)!, n: o.n })),
      commonEffects: r.common_effects,
      reportedEffects: effects.rows
        .filter((e) => e.peptide_id === id)
        .slice(0, 10)
        .map((e) => ({ name: e.effect, count: e.n })),
    };
  });
  return { peptides };
}

export async function researchOverview(ctx: AppContext): Promise<ResearchOverview> {
  const analytics = await communityAnalytics(ctx);
  const counts = await ctx.db.query<{ votes: number; members: number; pending: number; held: number; flags: number }>(
    // Votes on published reports only: the peptides' vote counters (migrations 009, 016) are kept
    // by the aggregate triggers, so this reads one row per peptide, not the votes table.
    `select (select coalesce(sum(vote_count), 0) from peptide_counters)::int as votes,
            (select count(*) from users where status = 'approved')::int as members,
            (select count(*) from users where status = 'pending')::int as pending,
            (select count(*) from experiences where status = 'held')::int as held,
            (select count(*) from flags where resolved_at is null)::int as flags`,
  );
  const complete = await ctx.cache.get('research:complete', async () => {
    const res = await ctx.db.query<{ complete: number; total: number }>(
      `select (count(*) filter (where length(story) >= 100 and age_range is not null and biological_sex is not null
                and activity_level is not null))::int as complete, count(*)::int as total from experiences
        where status = 'published'`,
    );
    return res.rows[0];
  });
  const perPeptide = await ctx.db.query<{ id: string; name: string; category: string; experiences: number; rating_sum: number }>(
    `select p.id, p.name, p.category, c.experience_count as experiences, c.rating_sum
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null order by c.experience_count desc, lower(p.name), p.id
      limit ${MAX_PAGE_SIZE}`,
  );
  // Categories are summed in SQL over every peptide, not only the capped list above.
  const categoryRows = await ctx.db.query<{ category: string; experiences: number; rating_sum: number }>(
    `select p.category, coalesce(sum(c.experience_count), 0)::int as experiences, coalesce(sum(c.rating_sum), 0)::float8 as rating_sum
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null group by p.category`,
  );
  const perCategory = CATEGORIES.map((name) => {
    const row = categoryRows.rows.find((r) => r.category === name);
    const experiences = row?.experiences ?? 0;
    return { name, experiences, meanRating: row ? meanRating(row.rating_sum, experiences) : null };
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
    completeReportShare: complete.total ? round2(complete.complete / complete.total) : 0,
    perPeptide: perPeptide.rows.map((r) => ({
      _id: r.id,
      name: r.name,
      category: r.category,
      experiences: r.experiences,
      meanRating: meanRating(Number(r.rating_sum), r.experiences),
    })),
    perCategory,
  };
}

const RESEARCH_PEPTIDE_ORDER = {
  experiences: 'c.experience_count desc, lower(p.name), p.id',
  // Peptides without experiences have no mean: they go last rather than counting as 0.
  rating: '(case when c.experience_count > 0 then c.rating_sum / c.experience_count end) desc nulls last, c.experience_count desc, lower(p.name), p.id',
  name: 'lower(p.name), p.id',
} as const;

/** The Database tab: per-peptide counts and means, each mean with its n, one page at a time. */
export async function researchPeptides(
  ctx: AppContext,
  page: number,
  limit: number,
  sort: keyof typeof RESEARCH_PEPTIDE_ORDER,
): Promise<ResearchPeptides> {
  const res = await ctx.db.query<{ id: string; name: string; category: string; experiences: number; votes: number; rating_sum: number; total: number }>(
    `select p.id, p.name, p.category, c.experience_count as experiences, c.vote_count as votes, c.rating_sum,
            (count(*) over ())::int as total
       from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null
      order by ${RESEARCH_PEPTIDE_ORDER[sort]}
      limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  const ids = res.rows.map((r) => r.id);
  const outcomes = ids.length
    ? await ctx.db.query<{ peptide_id: string; outcome: string; total: number; n: number }>(
        `select peptide_id, outcome, total, n from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0
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
    peptides: res.rows.map((r) => ({
      _id: r.id,
      name: r.name,
      category: r.category,
      experiences: r.experiences,
      meanRating: meanRating(Number(r.rating_sum), r.experiences),
      votes: Number(r.votes),
      outcomeMeans: outcomes.rows
        .filter((o) => o.peptide_id === r.id)
        .slice(0, 3)
        .map((o) => ({ name: o.outcome, mean: meanRating(o.total, o.n)!, n: o.n })),
    })),
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
  frequency: string;
  duration_days: number;
  route: string;
  primary_purpose: string[];
  timeline: string;
  rating: number;
  outcomes: Record<string, number>;
  effects: string[];
  age_range: string;
  biological_sex: string;
  activity_level: string;
  demographics_shown: boolean;
}

/**
 * Research export: no ids, months instead of dates, and demographics suppressed wherever the
 * (peptide, age range, sex, activity) cell holds fewer than K_ANONYMITY reports.
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
     select e.id, e.created_at, p.name as peptide, p.category, e.dosage, e.frequency, e.duration_days, e.route,
            e.primary_purpose, e.timeline, e.rating, e.outcomes, e.effects, e.age_range, e.biological_sex, e.activity_level,
            (dc.peptide_id is not null) as demographics_shown
       from page e join peptides p on p.id = e.peptide_id
       ${DISCLOSED_JOIN}
      order by e.created_at desc, e.id desc`,
    values,
  );
  const pageRows = res.rows.slice(0, limit);
  // Settled reports with noise fixed per cell and count, written at publication batches only
  // (services/publication.ts refreshBreakdown): comparing two exports tells no one report's
  // demographics. Cells whose noisy count is under K_ANONYMITY are not written at all: their very
  // row would tell the age range and sex of the few reports in it.
  const breakdown = await ctx.cache.get('research:breakdown', async () => {
    const b = await ctx.db.query<{ peptide: string; age_range: string; biological_sex: string; n: number }>(
      `select p.name as peptide, b.age_range, b.biological_sex, b.n
         from research_breakdown b join peptides p on p.id = b.peptide_id
        order by p.name, b.age_range, b.biological_sex`,
    );
    return b.rows.map((r) => ({ peptide: r.peptide, ageRange: r.age_range, biologicalSex: r.biological_sex, experiences: r.n }));
  });
  const last = pageRows[pageRows.length - 1];
  return {
    k: K_ANONYMITY,
    generatedAt: new Date().toISOString(),
    rows: pageRows.map((r) => {
      // The same rule as every public view (services/experiences.ts): never more than they show.
      const shown = disclosedDemographics(r.demographics_shown, r);
      return {
        peptide: r.peptide,
        category: r.category,
        month: r.created_at.toISOString().slice(0, 7),
        dosage: r.dosage,
        frequency: r.frequency,
        durationDays: r.duration_days,
        route: r.route,
        primaryPurpose: r.primary_purpose,
        timeline: r.timeline,
        rating: round2(r.rating),
        outcomes: r.outcomes,
        effects: r.effects,
        ageRange: shown?.ageRange ?? null,
        biologicalSex: shown?.biologicalSex ?? null,
        activityLevel: shown?.activityLevel ?? null,
      };
    }),
    nextCursor: res.rows.length > limit && last ? ctx.cursors.encode([last.created_at.toISOString(), last.id]) : null,
    breakdown,
  };
}

const CSV_COLUMNS = [
  'peptide', 'category', 'month', 'dosage', 'frequency', 'durationDays', 'route', 'primaryPurpose', 'timeline',
  'rating', 'outcomes', 'effects', 'ageRange', 'biologicalSex', 'activityLevel',
] as const;

/** CSV with every cell quoted; formula-looking cells are prefixed so spreadsheets never run them. */
export function toCsv(rows: Record<(typeof CSV_COLUMNS)[number], unknown>[]): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return `"${s.replace(/"/g, '""')}"`;
  };
  return [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n';
}
