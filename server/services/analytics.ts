// Community analytics (the public figures, members' trends and compare) from trigger-kept
// aggregates (peptides, experience_daily, peptide_outcomes): no request scans every experience.
// The moderators' Research Hub is services/research.ts. Definitions: docs/product-rules.md, "Figures".
import type { Analytics, ComparedPeptide, MemberAnalytics, OutcomeDifference, Trends } from '../../contract/analytics';
import { CATEGORIES } from '../../contract/common';
import { differenceIsClear } from '../../contract/how-sure';
import { equalSpanGrowth, growthPercent } from '../../contract/rules';
import type { AppContext } from '../context';
import { notFound } from '../lib/errors';
import { ratingFigure } from './how-sure';
import { utcDay } from './publication/grid';
import { PEPTIDE_COLUMNS, PEPTIDE_MAXIMA, PEPTIDES_WITH_COUNTERS, peptideRating, type PeptideRow } from './peptides';

// Rating means and their intervals are rounded once, here (services/how-sure.ts ratingFigure:
// one decimal from the unrounded stored sums, null below 5 ratings); screens write them as they
// come, so one mean reads one way everywhere.
const MONTH_START = `date_trunc('month', now() at time zone 'UTC')::date`;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A run of whole UTC days, both ends included (ISO dates). */
export interface DaySpan {
  from: string;
  to: string;
}

/**
 * The days so far of the month or ISO week in progress (its first day up to and including today,
 * UTC) and the same days of the period before: from its first day up to the same day number,
 * capped at its last day (on the 31st, a 30-day month is compared whole). A period in progress
 * is compared only over these equal spans (docs/product-rules.md, "Figures").
 */
export function equalSpans(unit: 'month' | 'week', now: Date): { current: DaySpan; previous: DaySpan } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start =
    unit === 'month'
      ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
      : today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const previousStart =
    unit === 'month' ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1) : start - 7 * DAY_MS;
  const previousEnd = Math.min(previousStart + (today - start), start - DAY_MS);
  return {
    current: { from: isoDay(start), to: isoDay(today) },
    previous: { from: isoDay(previousStart), to: isoDay(previousEnd) },
  };
}

export async function communityAnalytics(ctx: AppContext): Promise<Analytics> {
  return ctx.cache.get('analytics', async () => {
    const totals = await ctx.db.query<{
      experiences: number;
      rating_sum: number;
      rating_sq_sum: number;
      peptides: number;
      categories: number;
    }>(
      `select coalesce(sum(c.experience_count), 0)::int as experiences, coalesce(sum(c.rating_sum), 0)::float8 as rating_sum,
              coalesce(sum(c.rating_sq_sum), 0)::float8 as rating_sq_sum,
              (count(*) filter (where p.deleted_at is null))::int as peptides,
              (count(distinct p.category) filter (where p.deleted_at is null))::int as categories
         from ${PEPTIDES_WITH_COUNTERS}`,
    );
    // The days come from ctx.clock (docs/architecture.md, "One clock"), so a test can set today.
    const { current, previous } = equalSpans('month', ctx.clock.now());
    const spans = [current.from, current.to, previous.from, previous.to];
    const months = await ctx.db.query<{ this_month: number; last_month: number }>(
      `select coalesce(sum(experiences) filter (where day >= $1::date), 0)::int as this_month,
              coalesce(sum(experiences) filter (where day <= $4::date), 0)::int as last_month
         from experience_daily
        where (day between $1::date and $2::date) or (day between $3::date and $4::date)`,
      spans,
    );
    const active = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from account_activity where month = ${MONTH_START}`,
    );
    const categories = await ctx.db.query<{ name: string; this_month: number; last_month: number }>(
      `select p.category as name,
              coalesce(sum(d.experiences) filter (where d.day >= $1::date), 0)::int as this_month,
              coalesce(sum(d.experiences) filter (where d.day <= $4::date), 0)::int as last_month
         from experience_daily d join peptides p on p.id = d.peptide_id
        where (d.day between $1::date and $2::date) or (d.day between $3::date and $4::date)
        group by p.category`,
      spans,
    );
    const top = await ctx.db.query<PeptideRow>(
      `select ${PEPTIDE_COLUMNS} from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA}
        where p.deleted_at is null and c.experience_count > 0
        order by c.experience_count desc, lower(p.name) limit 6`,
    );
    const outcomes = top.rows.length
      ? await ctx.db.query<OutcomeRow>(
          `select peptide_id, outcome, total, total_sq, n from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0
            order by n desc, outcome`,
          [top.rows.map((r) => r.id)],
        )
      : { rows: [] };

    const t = totals.rows[0];
    const m = months.rows[0];
    // A category with nothing to compare with (null) comes after those with a growth figure.
    const trending = categories.rows
      .map((c) => ({ name: c.name, growth: equalSpanGrowth(c.this_month, c.last_month), experiences: c.this_month }))
      .filter((c) => c.experiences > 0)
      .sort(
        (a, b) =>
          (b.growth ?? Number.NEGATIVE_INFINITY) - (a.growth ?? Number.NEGATIVE_INFINITY) ||
          b.experiences - a.experiences ||
          a.name.localeCompare(b.name),
      )
      .slice(0, 6);
    const activeUsers = active.rows[0].n;
    const overall = ratingFigure({ n: t.experiences, sum: t.rating_sum, sumOfSquares: t.rating_sq_sum });
    return {
      totalExperiences: t.experiences,
      experienceGrowth: equalSpanGrowth(m.this_month, m.last_month),
      experiencesThisMonth: m.this_month,
      totalPeptides: t.peptides,
      categories: t.categories,
      averageRating: overall.mean,
      averageRatingInterval: overall.interval,
      activeUsers,
      activeUsersCount: activeUsers,
      trendingCategories: trending,
      topPeptides: top.rows.map((r) => {
        const { mean, interval } = peptideRating(r);
        return {
          _id: r.id,
          name: r.name,
          category: r.category,
          rating: mean,
          ratingInterval: interval,
          experiences: r.experience_count,
        };
      }),
      effectivenessData: top.rows.map((r) => {
        const effectiveness: Record<string, number | null> = {};
        const intervals: Record<string, { low: number; high: number } | null> = {};
        const sampleSizes: Record<string, number> = {};
        for (const o of outcomes.rows.filter((x) => x.peptide_id === r.id).slice(0, 8)) {
          const figure = outcomeFigure(o);
          effectiveness[o.outcome] = figure.mean;
          intervals[o.outcome] = figure.interval;
          sampleSizes[o.outcome] = o.n;
        }
        const { mean, interval } = peptideRating(r);
        return {
          peptide: r.name,
          peptideId: r.id,
          rating: mean,
          ratingInterval: interval,
          experiences: r.experience_count,
          effectiveness,
          intervals,
          sampleSizes,
        };
      }),
      // The UTC day, not the moment: the same figures then read the same to the byte when the
      // kept answer is made again (every 30 s, lib/cache.ts), so its ETag, and the home page that
      // arrives with it (lib/page-render.ts), change only with the figures.
      generatedAt: utcDay(ctx.clock.now()),
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
    const res = await ctx.db.query<{
      category: string;
      peptides: number;
      experiences: number;
      rating_sum: number;
      rating_sq_sum: number;
    }>(
      `select p.category, count(*)::int as peptides, coalesce(sum(c.experience_count), 0)::int as experiences,
              coalesce(sum(c.rating_sum), 0)::float8 as rating_sum, coalesce(sum(c.rating_sq_sum), 0)::float8 as rating_sq_sum
         from ${PEPTIDES_WITH_COUNTERS} where p.deleted_at is null group by p.category`,
    );
    return CATEGORIES.map((name) => {
      const row = res.rows.find((r) => r.category === name);
      const figure = ratingFigure({
        n: row?.experiences ?? 0,
        sum: row?.rating_sum ?? 0,
        sumOfSquares: row?.rating_sq_sum ?? 0,
      });
      return {
        name,
        peptides: row?.peptides ?? 0,
        experiences: row?.experiences ?? 0,
        meanRating: figure.mean,
        interval: figure.interval,
      };
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

export async function trends(
  ctx: AppContext,
  period: 'monthly' | 'weekly',
  groupBy: 'peptide' | 'category',
): Promise<Trends> {
  return ctx.cache.get(`trends:${period}:${groupBy}`, async () => {
    const unit = period === 'monthly' ? 'month' : 'week';
    const count = 12;
    const group = groupBy === 'peptide' ? 'p.id::text' : 'p.category';
    // The bucket comes back as text: node-postgres reads a `date` as local midnight, which
    // shifts it to the previous day in any time zone east of UTC.
    // The days come from ctx.clock (docs/architecture.md, "One clock"), so a test can set today.
    const now = ctx.clock.now();
    const buckets = bucketStarts(unit, count, now);
    const { current, previous } = equalSpans(unit, now);
    const res = await ctx.db.query<{ bucket: string; key: string; name: string; n: number }>(
      `select to_char(date_trunc('${unit}', d.day::timestamp), 'YYYY-MM-DD') as bucket, ${group} as key, min(p.name) as name,
              sum(d.experiences)::int as n
         from experience_daily d join peptides p on p.id = d.peptide_id
        where d.day between $1::date and $2::date
        group by 1, 2 having sum(d.experiences) > 0`,
      [buckets[0], current.to],
    );
    const sameDays = await ctx.db.query<{ n: number }>(
      `select coalesce(sum(experiences), 0)::int as n from experience_daily where day between $1::date and $2::date`,
      [previous.from, previous.to],
    );
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
    // The last period is in progress: against a whole period it would read as a fall, so it is
    // compared with the same days of the period before.
    const growth = totals.map((n, i) =>
      i === 0 ? null : i === count - 1 ? equalSpanGrowth(n, sameDays.rows[0].n) : growthPercent(n, totals[i - 1]),
    );
    return { period, groupBy, buckets, series, totals, growth, asOf: current.to };
  });
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The first day of each of the last `count` months or ISO weeks (UTC), oldest first. */
export function bucketStarts(unit: 'month' | 'week', count: number, now: Date): string[] {
  const out: string[] = [];
  if (unit === 'month') {
    for (let i = count - 1; i >= 0; i--)
      out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 10));
  } else {
    const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    for (let i = count - 1; i >= 0; i--)
      out.push(new Date(monday.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10));
  }
  return out;
}

interface OutcomeRow {
  peptide_id: string;
  outcome: string;
  total: number;
  total_sq: number;
  n: number;
}
const outcomeSums = (o: OutcomeRow) => ({ n: o.n, sum: o.total, sumOfSquares: o.total_sq });
const outcomeFigure = (o: OutcomeRow) => ratingFigure(outcomeSums(o));

type Comparison = { peptides: ComparedPeptide[]; differences: OutcomeDifference[] };

export async function compare(ctx: AppContext, ids: string[]): Promise<Comparison> {
  // Read from aggregates only, yet three queries: cached like the other analytics.
  return ctx.cache.get(`compare:${ids.join(',')}`, () => compareUncached(ctx, ids));
}

async function compareUncached(ctx: AppContext, ids: string[]): Promise<Comparison> {
  const res = await ctx.db.query<PeptideRow>(
    `select ${PEPTIDE_COLUMNS} from ${PEPTIDES_WITH_COUNTERS}, ${PEPTIDE_MAXIMA} where p.id = any($1::uuid[]) and p.deleted_at is null`,
    [ids],
  );
  const missing = ids.filter((id) => !res.rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`Peptide not found: ${missing.join(', ')}`);
  const outcomes = await ctx.db.query<OutcomeRow>(
    'select peptide_id, outcome, total, total_sq, n from peptide_outcomes where peptide_id = any($1::uuid[]) and n > 0 order by n desc, outcome',
    [ids],
  );
  const effects = await ctx.db.query<{ peptide_id: string; effect: string; n: number }>(
    'select * from peptide_reported_effects where peptide_id = any($1::uuid[]) and n > 0 order by n desc, effect',
    [ids],
  );
  const peptides = ids.map((id) => {
    const r = res.rows.find((x) => x.id === id)!;
    const { mean, interval } = peptideRating(r);
    return {
      _id: r.id,
      name: r.name,
      category: r.category,
      averageRating: mean,
      ratingInterval: interval,
      totalExperiences: r.experience_count,
      popularity: r.popularity,
      outcomeMeans: outcomes.rows
        .filter((o) => o.peptide_id === id)
        .slice(0, 10)
        .map((o) => ({ name: o.outcome, n: o.n, ...outcomeFigure(o) })),
      commonEffects: r.common_effects,
      reportedEffects: effects.rows
        .filter((e) => e.peptide_id === id)
        .slice(0, 10)
        .map((e) => ({ name: e.effect, count: e.n })),
    };
  });
  // Each pair, on each outcome both show (the ten most-rated of each), by Welch's t-test.
  const differences: OutcomeDifference[] = [];
  const shown = (id: string) => {
    const names = new Set(peptides.find((p) => p._id === id)!.outcomeMeans.map((o) => o.name));
    return outcomes.rows.filter((o) => o.peptide_id === id && names.has(o.outcome));
  };
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const b = shown(ids[j]);
      for (const oa of shown(ids[i])) {
        const ob = b.find((o) => o.outcome === oa.outcome);
        const verdict = ob && differenceIsClear(outcomeSums(oa), outcomeSums(ob));
        if (verdict) differences.push({ outcome: oa.outcome, peptides: [ids[i], ids[j]], verdict });
      }
    }
  return { peptides, differences };
}
