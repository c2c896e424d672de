// Analytics computed from the data: community figures, trends, compare, the research hub and its
// k-anonymous export, and the trigger-kept aggregates against a recomputation from scratch.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnalyticsResponse,
  CATEGORIES,
  MemberAnalyticsResponse,
  CompareResponse,
  ResearchExportResponse,
  ResearchOverviewResponse,
  SubmitExperienceRequest,
  TrendsResponse,
  VOTE_TYPES,
  equalSpanGrowth,
  growthPercent,
  type ExportRow,
} from '../../contract';
import { mulberry32 } from '../../server/db/seed/generate';
import { submitExperience } from '../../server/services/experiences';
import { SHARES_MIN_REPORTS } from '../../contract/rules';
import { computeShares, type SettledCell } from '../../server/services/reporter-shares';
import {
  bearer,
  createTestApp,
  deleteTracked,
  json,
  member,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';
import { figureOf } from './aggregate-check';
import { createPeptide, expectError, moderatorToken, newMember, rows, storyOf, uniqueEmail } from './fixtures';

let t: TestApp;
let user: Awaited<ReturnType<typeof newMember>>;
let mod: Record<string, string>;
let ids: { bpc: string; tb: string; semax: string; selank: string; ghk: string };

// Ratings and their intervals are rounded once, by the contract's rule (figureOf); shares keep two decimals.
const round2 = (n: number) => Math.round(n * 100) / 100;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Writes an experience with a chosen date, through the same service the API uses. */
async function submitAt(peptideId: string, createdAt: Date, overrides: Record<string, unknown> = {}) {
  return submitExperience(t.ctx, SubmitExperienceRequest.parse(validSubmission(peptideId, overrides)), createdAt);
}

function monthsAgo(n: number, day = 10): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day, 12));
}

beforeAll(async () => {
  t = await createTestApp();
  user = await newMember(t, 'analyst');
  mod = bearer(await moderatorToken(t));
  const p = (name: string) => t.peptides.get(name)!;
  ids = { bpc: p('BPC-157'), tb: p('TB-500'), semax: p('Semax'), selank: p('Selank'), ghk: p('GHK-Cu') };
  // This month, last month and further back, over several peptides and categories.
  await submit(t, validSubmission(ids.bpc, { outcomes: { Energy: 8, recovery: 9 } }));
  await submit(t, validSubmission(ids.bpc, { outcomes: { energy: 6, Sleep: 5 }, effects: ['Warmth', 'warmth'] }));
  await submit(t, validSubmission(ids.semax, { outcomes: { focus: 9, mood: 7 } }));
  await submitAt(ids.bpc, monthsAgo(1), { outcomes: { energy: 4 } });
  await submitAt(ids.tb, monthsAgo(1), { outcomes: { recovery: 7 } });
  await submitAt(ids.tb, monthsAgo(1, 20), { outcomes: { recovery: 5 } });
  await submitAt(ids.selank, monthsAgo(3), { outcomes: { mood: 6 } });
  // 10 months back: still inside the 12-month window if the month turns while the file runs.
  await submitAt(ids.ghk, monthsAgo(10), { outcomes: { skin: 8 } });
  await submitAt(ids.ghk, monthsAgo(14), { outcomes: { skin: 3 } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function analytics(path = '/api/analytics/public', headers: Record<string, string> = {}) {
  const res = await get(path, headers);
  expect(res.statusCode, res.body).toBe(200);
  return AnalyticsResponse.parse(json(res)).data;
}

interface ExpRow {
  id: string;
  peptide_id: string;
  rating: number;
  outcomes: Record<string, number>;
  effects: string[];
  created_at: Date;
}
const allExperiences = () =>
  rows<ExpRow>(t, 'select id, peptide_id, rating, outcomes, effects, created_at from experiences');

function monthStart(d: Date, back = 0): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
}

/** Reports of this month's days so far, and of the same days of last month (its 1st to the same day number). */
function soFarAndSameDays(exps: { created_at: Date }[], now: Date) {
  const end = monthStart(now) + now.getUTCDate() * 86_400_000;
  const previousEnd = Math.min(monthStart(now, 1) + now.getUTCDate() * 86_400_000, monthStart(now));
  const within = (from: number, to: number) =>
    exps.filter((e) => e.created_at.getTime() >= from && e.created_at.getTime() < to).length;
  return { thisMonth: within(monthStart(now), end), lastMonth: within(monthStart(now, 1), previousEnd) };
}

describe('GET /api/analytics and /api/analytics/public', () => {
  it('public analytics for everyone; the member variant needs a sign-in and adds reports per month and by category', async () => {
    const pubRaw = json(await get('/api/analytics/public'));
    const pub = AnalyticsResponse.parse(pubRaw).data;
    const res = await get('/api/analytics', user.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { monthly, byCategory, ...shared } = MemberAnalyticsResponse.parse(json(res)).data;
    // The public figures are the same; the public answer has neither addition.
    expect({ ...shared, generatedAt: '' }).toEqual({ ...pub, generatedAt: '' });
    expect(pubRaw.data).not.toHaveProperty('monthly');
    expect(pubRaw.data).not.toHaveProperty('byCategory');
    // Reports per month: the trends' totals, the month in progress marked partial.
    const tr = TrendsResponse.parse(json(await get('/api/analytics/trends?period=monthly', user.headers))).data;
    expect(monthly).toEqual(tr.buckets.map((month, i) => ({ month, experiences: tr.totals[i], partial: i === 11 })));
    // Every category, its counts from the tables, its mean rounded once.
    const truth = await rows<{ category: string; peptides: number; n: number; ratings: number[] }>(
      t,
      `select p.category, count(distinct p.id)::int as peptides, count(e.id)::int as n,
              coalesce(array_agg(e.rating) filter (where e.id is not null), '{}') as ratings
         from peptides p left join experiences e on e.peptide_id = p.id and e.status = 'published'
        where p.deleted_at is null group by p.category`,
    );
    expect(byCategory.map((c) => c.name)).toEqual([...CATEGORIES]);
    for (const c of byCategory) {
      const r = truth.find((x) => x.category === c.name)!;
      expect(c, c.name).toEqual({
        name: c.name,
        peptides: r.peptides,
        experiences: r.n,
        // No mean below 5 ratings; from 5, with its interval (contract/how-sure.ts).
        meanRating: figureOf(r.ratings).mean,
        interval: figureOf(r.ratings).interval,
      });
    }
    expectError(await get('/api/analytics'), 401);
  });

  it('totals, average rating, top peptides and effectiveness match the experiences table', async () => {
    const a = await analytics();
    const exps = await allExperiences();
    expect(a.totalExperiences).toBe(exps.length);
    expect(exps.length).toBeGreaterThanOrEqual(5);
    expect({ mean: a.averageRating, interval: a.averageRatingInterval }).toEqual(figureOf(exps.map((e) => e.rating)));
    const [live] = await rows<{ n: number; c: number }>(
      t,
      'select count(*)::int as n, count(distinct category)::int as c from peptides where deleted_at is null',
    );
    expect(a.totalPeptides).toBe(live.n);
    expect(a.categories).toBe(live.c);
    expect(a.categories).toBe(6);

    const names = new Map(
      (await rows<{ id: string; name: string }>(t, 'select id, name from peptides')).map((r) => [r.id, r.name]),
    );
    const byPeptide = new Map<string, ExpRow[]>();
    for (const e of exps) byPeptide.set(e.peptide_id, [...(byPeptide.get(e.peptide_id) ?? []), e]);
    const expectedTop = [...byPeptide.entries()]
      .sort(
        ([ia, a1], [ib, b1]) =>
          b1.length - a1.length || names.get(ia)!.toLowerCase().localeCompare(names.get(ib)!.toLowerCase()),
      )
      .slice(0, 6);
    expect(a.topPeptides.map((p) => p._id)).toEqual(expectedTop.map(([id]) => id));
    for (const [id, list] of expectedTop) {
      const top = a.topPeptides.find((p) => p._id === id)!;
      expect(top.experiences).toBe(list.length);
      // Null below 5 reports, else with its interval (contract/how-sure.ts).
      expect({ mean: top.rating, interval: top.ratingInterval }).toEqual(figureOf(list.map((e) => e.rating)));
      // The effectiveness entry carries the very same figure (one rating per peptide per page).
      const entry = a.effectivenessData.find((e) => e.peptideId === id)!;
      expect({ rating: entry.rating, interval: entry.ratingInterval }).toEqual({
        rating: top.rating,
        interval: top.ratingInterval,
      });
    }

    expect(a.effectivenessData.map((e) => e.peptideId)).toEqual(a.topPeptides.map((p) => p._id));
    for (const entry of a.effectivenessData) {
      const list = byPeptide.get(entry.peptideId)!;
      expect(entry.experiences).toBe(list.length);
      const values = new Map<string, number[]>();
      for (const e of list) {
        for (const [k, v] of Object.entries(e.outcomes))
          values.set(k.toLowerCase(), [...(values.get(k.toLowerCase()) ?? []), v]);
      }
      expect(Object.keys(entry.effectiveness).length).toBe(Math.min(8, values.size));
      for (const [outcome, mean] of Object.entries(entry.effectiveness)) {
        const v = values.get(outcome)!;
        expect({ mean, interval: entry.intervals[outcome] }, `${entry.peptide} ${outcome}`).toEqual(figureOf(v));
        expect(entry.sampleSizes[outcome]).toBe(v.length);
      }
    }
    // Outcome names differing only in case are one outcome: BPC-157 has Energy and energy.
    const bpc = a.effectivenessData.find((e) => e.peptideId === ids.bpc)!;
    expect(bpc.sampleSizes.energy).toBe(3);
  });

  // Changed with the rule: the month so far against the same days of last month, not the whole of
  // it (tests/server/growth-spans.test.ts sets the clock for the edges).
  it("growth is this month's days so far against the same days of last month", async () => {
    const check = async () => {
      const a = await analytics();
      const { thisMonth, lastMonth } = soFarAndSameDays(await allExperiences(), new Date());
      expect(a.experiencesThisMonth).toBe(thisMonth);
      expect(a.experienceGrowth).toBe(equalSpanGrowth(thisMonth, lastMonth));
      return { thisMonth, lastMonth, growth: a.experienceGrowth };
    };
    // A report of this month made here, not only in beforeAll: if the month turned since, this
    // month would hold none and the growth would be -100% before and after.
    await submit(t, validSubmission(ids.selank));
    // Last month's 1st is always one of the same days.
    await submitAt(ids.selank, monthsAgo(1, 1));
    const before = await check();
    expect(before.lastMonth).toBeGreaterThan(0);
    await submitAt(ids.selank, monthsAgo(1, 1));
    const after = await check();
    expect(after.lastMonth).toBe(before.lastMonth + 1);
    expect(after.growth!).toBeLessThan(before.growth!);
    await submit(t, validSubmission(ids.selank));
    expect((await check()).thisMonth).toBe(after.thisMonth + 1);
  });

  it('trending categories are ordered by growth over the same days of last month, with this month’s counts', async () => {
    // This month's Cognitive Enhancement report, made here (beforeAll's may be last month's by now).
    await submit(t, validSubmission(ids.semax));
    const a = await analytics();
    const now = new Date();
    const exps = await allExperiences();
    const cats = new Map(
      (await rows<{ id: string; category: string }>(t, 'select id, category from peptides')).map((r) => [
        r.id,
        r.category,
      ]),
    );
    for (const c of a.trendingCategories) {
      const { thisMonth, lastMonth } = soFarAndSameDays(
        exps.filter((e) => cats.get(e.peptide_id) === c.name),
        now,
      );
      expect(c.experiences).toBe(thisMonth);
      expect(c.growth).toBe(equalSpanGrowth(thisMonth, lastMonth));
    }
    // Those with nothing to compare with (null) last.
    const growths = a.trendingCategories.map((c) => c.growth ?? Number.NEGATIVE_INFINITY);
    expect(growths).toEqual([...growths].sort((x, y) => y - x));
    expect(a.trendingCategories.map((c) => c.name)).toContain('Cognitive Enhancement');
  });

  it('active users are the distinct accounts that signed in this month', async () => {
    // member() below signs the moderator in: active this month already, so that it adds only the new member.
    await moderatorToken(t);
    const before = await analytics();
    const [activity] = await rows<{ n: number }>(
      t,
      `select count(distinct user_id)::int as n from account_activity where month = date_trunc('month', now() at time zone 'UTC')::date`,
    );
    expect(before.activeUsers).toBe(activity.n);
    expect(before.activeUsersCount).toBe(before.activeUsers);
    // A new member signs in twice: one more active user, not two.
    const email = uniqueEmail('active');
    await member(t, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'correct-horse-battery' },
    });
    const after = await analytics();
    expect(after.activeUsers).toBe(before.activeUsers + 1);
    // A pending account that tries to sign in is not active.
    const pending = uniqueEmail('pending');
    await member(t, pending, { approve: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: pending, password: 'correct-horse-battery' },
    });
    expect((await analytics()).activeUsers).toBe(after.activeUsers);
  });
});

describe('GET /api/analytics/trends', () => {
  function bucketOf(d: Date, period: 'monthly' | 'weekly'): string {
    if (period === 'monthly') return new Date(monthStart(d)).toISOString().slice(0, 10);
    const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
    return day.toISOString().slice(0, 10);
  }

  it.each([
    ['monthly', 'peptide'],
    ['monthly', 'category'],
    ['weekly', 'peptide'],
    ['weekly', 'category'],
  ] as const)('%s by %s: 12 buckets whose counts match the experiences table', async (period, groupBy) => {
    const res = await get(`/api/analytics/trends?period=${period}&groupBy=${groupBy}`, user.headers);
    expect(res.statusCode).toBe(200);
    const tr = TrendsResponse.parse(json(res)).data;
    expect(tr).toMatchObject({ period, groupBy });
    expect(tr.buckets).toHaveLength(12);
    expect(tr.totals).toHaveLength(12);
    expect(tr.growth).toHaveLength(12);
    const now = new Date();
    expect(tr.buckets[11]).toBe(bucketOf(now, period));
    for (let i = 1; i < 12; i++) {
      const prev = new Date(`${tr.buckets[i - 1]}T00:00:00Z`);
      const cur = new Date(`${tr.buckets[i]}T00:00:00Z`);
      if (period === 'weekly') {
        expect(cur.getTime() - prev.getTime()).toBe(7 * 86_400_000);
        expect(cur.getUTCDay()).toBe(1);
      } else {
        expect(cur.getUTCDate()).toBe(1);
        expect(cur.getUTCMonth()).toBe((prev.getUTCMonth() + 1) % 12);
      }
    }

    const exps = await allExperiences();
    const expected = tr.buckets.map((b) => exps.filter((e) => bucketOf(e.created_at, period) === b).length);
    expect(tr.totals).toEqual(expected);
    expect(tr.totals.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    for (let i = 0; i < 12; i++) expect(tr.series.reduce((s, x) => s + x.counts[i], 0)).toBe(tr.totals[i]);
    expect(tr.growth[0]).toBeNull();
    for (let i = 1; i < 11; i++) expect(tr.growth[i]).toBe(growthPercent(tr.totals[i], tr.totals[i - 1]));
    // The period in progress is marked (counts run to today) and compared only with the same days
    // of the period before (changed with the rule; it was not compared at all).
    if (period === 'monthly') {
      const { thisMonth, lastMonth } = soFarAndSameDays(exps, now);
      expect(tr.totals[11]).toBe(thisMonth);
      expect(tr.growth[11]).toBe(equalSpanGrowth(thisMonth, lastMonth));
    }
    expect(tr.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(tr.asOf >= tr.buckets[11]!).toBe(true);
    expect(tr.series.length).toBeLessThanOrEqual(9);
    for (const s of tr.series) expect(s.counts).toHaveLength(12);

    if (groupBy === 'category') {
      for (const s of tr.series) expect(CATEGORIES as readonly string[]).toContain(s.name);
    } else {
      const bpc = tr.series.find((s) => s.key === ids.bpc)!;
      expect(bpc.name).toBe('BPC-157');
      const bpcExpected = tr.buckets.map(
        (b) => exps.filter((e) => e.peptide_id === ids.bpc && bucketOf(e.created_at, period) === b).length,
      );
      expect(bpc.counts).toEqual(bpcExpected);
    }
  });

  it('counts are the same whatever the server process time zone (dates read from the database)', async () => {
    const utc = TrendsResponse.parse(json(await get('/api/analytics/trends?period=weekly', user.headers))).data;
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      t.ctx.cache.invalidate();
      const tokyo = TrendsResponse.parse(json(await get('/api/analytics/trends?period=weekly', user.headers))).data;
      expect(tokyo.totals).toEqual(utc.totals);
      expect(tokyo.series).toEqual(utc.series);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
      t.ctx.cache.invalidate();
    }
  });

  it('a report older than the window is not counted', async () => {
    const tr = TrendsResponse.parse(json(await get('/api/analytics/trends', user.headers))).data;
    const ghk = tr.series.find((s) => s.key === ids.ghk);
    // GHK-Cu has one report 10 months ago (inside) and one 14 months ago (outside).
    expect(ghk?.counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('401 for visitors, 400 for unknown period or grouping', async () => {
    expectError(await get('/api/analytics/trends'), 401);
    expectError(
      await get('/api/analytics/trends?period=daily', user.headers),
      400,
      /period must be one of: monthly, weekly/,
    );
    expectError(await get('/api/analytics/trends?groupBy=vendor', user.headers), 400, /groupBy/);
  });
});

describe('GET /api/analytics/compare', () => {
  it('compares up to three peptides side by side, in the order asked', async () => {
    const res = await get(`/api/analytics/compare?ids=${ids.tb},${ids.bpc},${ids.tb}`, user.headers);
    expect(res.statusCode).toBe(200);
    const peptides = CompareResponse.parse(json(res)).data.peptides;
    expect(peptides.map((p) => p.name)).toEqual(['TB-500', 'BPC-157']);
    const exps = await allExperiences();
    for (const p of peptides) {
      const detail = json(await get(`/api/peptides/${p._id}`)).data.peptide;
      expect(p).toMatchObject({
        averageRating: detail.averageRating,
        totalExperiences: detail.totalExperiences,
        popularity: detail.popularity,
      });
      const mine = exps.filter((e) => e.peptide_id === p._id);
      expect(p.totalExperiences).toBe(mine.length);
      for (const o of p.outcomeMeans) {
        const values = mine.flatMap((e) =>
          Object.entries(e.outcomes)
            .filter(([k]) => k.toLowerCase() === o.name)
            .map(([, v]) => v),
        );
        expect(o.n).toBe(values.length);
        expect({ mean: o.mean, interval: o.interval }).toEqual(figureOf(values));
      }
      for (const r of p.reportedEffects) {
        expect(r.count).toBe(mine.filter((e) => e.effects.some((x) => x.toLowerCase() === r.name)).length);
      }
    }
    // "Warmth" and "warmth" in one report count once.
    expect(peptides[1].reportedEffects).toContainEqual({ name: 'warmth', count: 1 });
    const three = await get(`/api/analytics/compare?ids=${ids.tb},${ids.bpc},${ids.semax}`, user.headers);
    expect(CompareResponse.parse(json(three)).data.peptides).toHaveLength(3);
  });

  it('4 ids → 400; unknown → 404; malformed or missing → 400; visitors → 401', async () => {
    const four = [ids.tb, ids.bpc, ids.semax, ids.selank].join(',');
    expectError(await get(`/api/analytics/compare?ids=${four}`, user.headers), 400, /at most 3/);
    expectError(
      await get(`/api/analytics/compare?ids=${ids.tb},${UNKNOWN_ID}`, user.headers),
      404,
      new RegExp(UNKNOWN_ID),
    );
    expectError(await get('/api/analytics/compare?ids=abc', user.headers), 400, /valid id/);
    expectError(await get('/api/analytics/compare', user.headers), 400, /ids is required/);
    expectError(await get(`/api/analytics/compare?ids=${ids.tb}`), 401);
  });
});

describe('research hub (moderators)', () => {
  it('overview: real figures from the database', async () => {
    const res = await get('/api/research/overview', mod);
    expect(res.statusCode).toBe(200);
    const o = ResearchOverviewResponse.parse(json(res)).data;
    const [c] = await rows<{ exps: number; votes: number; pending: number; approved: number; detailed: number }>(
      t,
      `select (select count(*) from experiences)::int as exps, (select count(*) from votes)::int as votes,
              (select count(*) from users where status = 'pending')::int as pending,
              (select count(*) from users where status = 'approved')::int as approved,
              (select count(*) from experiences
                where cardinality(stack) > 0 or cardinality(effects) > 0 or sourcing is not null)::int as detailed`,
    );
    expect(o).toMatchObject({
      experiences: c.exps,
      votes: c.votes,
      pendingRegistrations: c.pending,
      members: c.approved,
    });
    expect(o.optionalDetailsShare).toBe(round2(c.detailed / c.exps));
    expect(o.perPeptide.reduce((s, p) => s + p.experiences, 0)).toBe(c.exps);
    expect(o.perCategory.map((x) => x.name)).toEqual([...CATEGORIES]);
    expect(o.perCategory.reduce((s, x) => s + x.experiences, 0)).toBe(c.exps);
    expect(o.perPeptide.find((p) => p._id === ids.bpc)?.experiences).toBe(
      (await allExperiences()).filter((e) => e.peptide_id === ids.bpc).length,
    );
    // No placeholder figure is invented (docs/product-rules.md, "Figures").
    expect(res.body).not.toMatch(/papers|citations|collaborations/i);
  });

  it('overview and export: 401 for visitors, 403 for members', async () => {
    for (const url of ['/api/research/overview', '/api/research/export', '/api/research/export?format=csv']) {
      expectError(await get(url), 401);
      expectError(await get(url, user.headers), 403, /moderator/i);
    }
  });

  it("export rows carry no demographics; each peptide with 20 reports has its shares, each question on its own, with the server's noise", async () => {
    const owner = await newMember(t, 'shares');
    const name = `Shares${Date.now()}`;
    const pid = await createPeptide(t, owner.accessToken, { name });
    const common = { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' };
    for (let i = 0; i < 10; i++) await submit(t, validSubmission(pid, { demographics: common }));
    for (let i = 0; i < 6; i++)
      await submit(
        t,
        validSubmission(pid, {
          demographics: { ageRange: '50+', biologicalSex: 'female', activityLevel: 'sedentary' },
        }),
      );
    for (let i = 0; i < 4; i++)
      await submit(t, validSubmission(pid, { demographics: { ...common, activityLevel: 'athletic' } }));

    const res = await get('/api/research/export?limit=5000', mod);
    expect(res.statusCode).toBe(200);
    const data = ResearchExportResponse.parse(json(res)).data;
    expect(data.k).toBe(SHARES_MIN_REPORTS);
    const mine = data.rows.filter((r) => r.peptide === name);
    expect(mine).toHaveLength(20);
    for (const r of data.rows) expect(r).toMatchObject({ ageRange: null, biologicalSex: null, activityLevel: null });
    expect(data.breakdown).toEqual([]);

    // Shares by age range, by sex and by activity level, never their combinations: the counts
    // with the server's noise (services/reporter-shares.ts shareNoise) as whole steps of 5%.
    const shares = data.shares.find((s) => s.peptide === name)!;
    expect(shares).toMatchObject({ reports: 20, minimum: SHARES_MIN_REPORTS });
    const cells = await rows<SettledCell>(
      t,
      'select peptide_id, age_range, biological_sex, activity_level, n from demographic_cells where peptide_id = $1 and n > 0',
      [pid],
    );
    const expected = computeShares(t.ctx.noiseKey, pid, cells).shares!;
    const percent = (q: 'ageRange' | 'biologicalSex' | 'activityLevel') =>
      Object.fromEntries(shares.shares![q].map((x) => [x.value, x.percent]));
    expect({
      ageRange: percent('ageRange'),
      biologicalSex: percent('biologicalSex'),
      activityLevel: percent('activityLevel'),
    }).toEqual(expected);
    // The public page answers the same numbers.
    const { peptide: _name, ...fromExport } = shares;
    expect(json(await get(`/api/peptides/${pid}`)).data.peptide.reporters).toEqual(fromExport);
  });

  it('export rows carry the public report id and nothing else identifying: no tracking ID, account or exact date', async () => {
    const { trackingId, experience } = await submit(t, validSubmission(ids.semax));
    const res = await get('/api/research/export?limit=5000', mod);
    const data = ResearchExportResponse.parse(json(res)).data;
    expect(data.rows).toHaveLength((await allExperiences()).length);
    expect(res.body).not.toContain(trackingId);
    expect(res.body).not.toMatch(/"_id"|trackingId|TRK-/);
    // The id is the one of the report's public address, so exports taken apart merge cleanly.
    expect(data.rows.filter((r) => r.id === experience._id)).toHaveLength(1);
    for (const r of data.rows) {
      expect(r.month).toMatch(/^\d{4}-\d{2}$/);
      expect(Object.keys(r)).not.toContain('story');
    }
    // No other uuid in the rows (peptide or account ids).
    expect(JSON.stringify(data.rows.map(({ id: _id, ...rest }) => rest))).not.toMatch(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
    );
  });

  it('export pages with a cursor, every row exactly once', async () => {
    const total = (await allExperiences()).length;
    const seen: ExportRow[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await get(`/api/research/export?limit=4${cursor ? `&cursor=${cursor}` : ''}`, mod);
      const data = ResearchExportResponse.parse(json(res)).data;
      expect(data.rows.length).toBeLessThanOrEqual(4);
      seen.push(...data.rows);
      cursor = data.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(total);
    const full = ResearchExportResponse.parse(json(await get('/api/research/export?limit=5000', mod))).data.rows;
    expect(seen).toEqual(full);
    // Newest month first.
    const months = full.map((r) => r.month);
    expect(months).toEqual([...months].sort().reverse());
  });

  it('CSV export: header, one line per row, quoted cells, formulas neutralised, a byte-order mark on request', async () => {
    // Its link holds it (services/text-rules.ts): a moderator publishes it.
    const effects = ['=HYPERLINK("http://evil.example")', 'Calm, "quiet"'];
    const held = await submit(t, validSubmission(ids.selank, { effects }));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/moderation/experiences/${held.experience._id}/publish`,
          headers: mod,
        })
      ).statusCode,
    ).toBe(200);
    const res = await get('/api/research/export?format=csv&limit=5000', mod);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="peptide-experiences-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,peptide,category,month,dosage,doseAmount,doseUnit,doseStrengthAmount,doseStrengthUnit,doseMcg,frequency,durationDays,route,primaryPurpose,timeline,rating,effects,ageRange,biologicalSex,activityLevel',
    );
    expect(lines).toHaveLength((await allExperiences()).length + 1);
    // The list is one JSON array: it starts with "[", so no spreadsheet reads it as a formula.
    const cells = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(cells.find((c) => c.id === held.experience._id)?.effects).toBe(JSON.stringify(effects));
    expect(res.body).not.toMatch(/TRK-/);
    const paged = await get('/api/research/export?format=csv&limit=2', mod);
    expect(paged.headers['x-next-cursor']).toEqual(expect.any(String));
    expect(paged.headers.link).toContain(`cursor=${encodeURIComponent(String(paged.headers['x-next-cursor']))}`);
    expect(paged.body.trimEnd().split('\r\n')).toHaveLength(3);
    const excel = await get('/api/research/export?format=csv&limit=2&bom=true', mod);
    expect([...excel.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const outcomes = await get('/api/research/export?format=csv&table=outcomes&limit=2', mod);
    expect(outcomes.body.split('\r\n')[0]).toBe('id,outcome,rating');
    expect(outcomes.headers['content-disposition']).toMatch(/filename="peptide-outcomes-/);
  });

  it('CSV round trip: read back with a standard CSV reader, the three tables equal the JSON export row by row', async () => {
    const tricky = [
      {
        dosage: '250 mcg; twice, "split"',
        effects: ['a; b', 'c'],
        outcomes: { 'Schlaf, tief': 7, 'Énergie; "vive"': 9 },
        sideEffects: [
          { name: 'Kopfweh, "stark"', severity: 'severe' },
          { name: '=dizzy', severity: 'mild' },
        ],
      },
      { dosage: '½ vial, 睡眠', effects: ['a', 'b', 'c'], outcomes: { focus: 6 } },
      { dosage: '=1+1 mg', effects: ['-dry mouth', '@night'], outcomes: { 'naïve "calm"': 8 } },
    ];
    for (const fields of tricky) {
      const sent = await submit(t, validSubmission(ids.selank, fields));
      if (sent.status !== 'published')
        await t.app.inject({
          method: 'POST',
          url: `/api/moderation/experiences/${sent.experience._id}/publish`,
          headers: mod,
        });
    }
    const exported = ResearchExportResponse.parse(json(await get('/api/research/export?limit=5000', mod))).data.rows;
    // What a careful reader does: CSV per RFC 4180, the leading ' of a neutralised formula
    // dropped, JSON arrays parsed, an empty cell as null.
    const read = (body: string) =>
      parse(body, {
        columns: true,
        bom: true,
        cast: (value: string) => (value === '' ? null : /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value),
      }) as Record<string, string | null>[];
    const reports = read((await get('/api/research/export?format=csv&limit=5000&bom=true', mod)).body);
    const ratings = read((await get('/api/research/export?format=csv&table=outcomes&limit=5000', mod)).body);
    const sideEffects = read((await get('/api/research/export?format=csv&table=sideEffects&limit=5000', mod)).body);
    const rebuilt = reports.map(({ doseAmount, doseUnit, doseStrengthAmount, doseStrengthUnit, doseMcg, ...r }) => ({
      ...r,
      // The dose's parts, one cell each, all empty for a dose that was not read.
      dose: doseUnit
        ? {
            amount: Number(doseAmount),
            unit: doseUnit,
            strength: doseStrengthUnit ? { amount: Number(doseStrengthAmount), unit: doseStrengthUnit } : null,
            mcg: doseMcg === null ? null : Number(doseMcg),
          }
        : null,
      durationDays: Number(r.durationDays),
      rating: Number(r.rating),
      primaryPurpose: JSON.parse(r.primaryPurpose!) as string[],
      effects: JSON.parse(r.effects!) as string[],
      outcomes: Object.fromEntries(ratings.filter((o) => o.id === r.id).map((o) => [o.outcome, Number(o.rating)])),
      sideEffects: sideEffects.filter((s) => s.id === r.id).map((s) => ({ name: s.sideEffect, severity: s.severity })),
    }));
    expect(rebuilt).toEqual(exported);
    expect(exported.some((r) => r.sideEffects.some((x) => x.name === '=dizzy' && x.severity === 'mild'))).toBe(true);
    for (const fields of tricky)
      expect(
        exported.some(
          (r) => r.dosage === fields.dosage && JSON.stringify(r.effects) === JSON.stringify(fields.effects),
        ),
      ).toBe(true);
  });

  it('export refuses bad formats, limits and cursors with 400', async () => {
    expectError(await get('/api/research/export?format=xml', mod), 400, /format must be one of: json, csv/);
    expectError(await get('/api/research/export?limit=0', mod), 400, /limit/);
    expectError(await get('/api/research/export?limit=5001', mod), 400, /limit/);
    expectError(await get('/api/research/export?cursor=bm9wZQ', mod), 400, /cursor is invalid/);
  });
});

describe('trigger-kept aggregates', () => {
  it('equal a recomputation from scratch after random submits, votes, updates and deletes', async () => {
    const rand = mulberry32(20240601);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
    const voters = [await newMember(t, 'rv'), await newMember(t, 'rv'), await newMember(t, 'rv')];
    const peptideIds = [ids.bpc, ids.tb, ids.semax];
    const outcomeNames = ['energy', 'Energy', 'sleep', 'mood', 'focus'];
    const effectNames = ['Warmth', 'warmth', 'Headache', 'Calm'];
    const randomOutcomes = () => {
      const o: Record<string, number> = {};
      for (const k of outcomeNames) if (rand() < 0.5) o[k] = 1 + Math.floor(rand() * 10);
      // "energy" in one report and "Energy" in another count as one outcome; one report may not
      // name both (the contract refuses it).
      if ('energy' in o && 'Energy' in o) delete o.Energy;
      return Object.keys(o).length ? o : { energy: 5 };
    };
    const tracked: { trackingId: string; id: string }[] = [];
    for (let step = 0; step < 60; step++) {
      const r = rand();
      if (r < 0.35 || tracked.length < 3) {
        const body = validSubmission(pick(peptideIds), {
          outcomes: randomOutcomes(),
          effects: effectNames.filter(() => rand() < 0.4),
        });
        const created =
          rand() < 0.3
            ? await submitAt(body.peptideId, monthsAgo(Math.floor(rand() * 3), 1 + Math.floor(rand() * 27)), body)
            : await submit(t, body);
        tracked.push({ trackingId: created.trackingId, id: created.experience._id });
      } else if (r < 0.7) {
        const e = pick(tracked);
        await t.app.inject({
          method: 'POST',
          url: `/api/experiences/${e.id}/vote`,
          headers: pick(voters).headers,
          payload: { voteType: pick(VOTE_TYPES) },
        });
      } else if (r < 0.88) {
        const e = pick(tracked);
        const changes = [
          { outcomes: randomOutcomes() },
          { effects: effectNames.filter(() => rand() < 0.5) },
          { story: storyOf(120 + step) },
        ];
        const res = await updateTracked(t.app, e.trackingId, pick(changes));
        expect(res.statusCode, res.body).toBe(200);
      } else {
        const i = Math.floor(rand() * tracked.length);
        const [e] = tracked.splice(i, 1);
        expect((await deleteTracked(t.app, e.trackingId)).statusCode).toBe(200);
      }
    }

    const mismatch = async (sql: string) => rows(t, sql);
    // Vote counters on each experience.
    expect(
      await mismatch(`select e.id from experiences e
        left join (select experience_id,
                          count(*) filter (where vote_type = 'helpful') as h, count(*) filter (where vote_type = 'not-helpful') as nh,
                          count(*) filter (where vote_type = 'detailed') as d, count(*) filter (where vote_type = 'concerning') as c
                     from votes group by experience_id) v on v.experience_id = e.id
        where e.helpful_count <> coalesce(v.h, 0) or e.not_helpful_count <> coalesce(v.nh, 0)
           or e.detailed_count <> coalesce(v.d, 0) or e.concerning_count <> coalesce(v.c, 0)`),
    ).toEqual([]);
    // Peptide experience_count, rating_sum, vote_count: published reports only (migrations 009, 016).
    expect(
      await mismatch(`select p.id, p.experience_count, x.n, p.rating_sum, x.s, p.vote_count, x.v
        from (select peptide_id as id, experience_count, rating_sum, vote_count from peptide_counters) p
        left join (select e.peptide_id, count(*) as n, sum(e.rating) as s,
                          sum((select count(*) from votes v where v.experience_id = e.id)) as v
                     from experiences e where e.status = 'published' group by e.peptide_id) x on x.peptide_id = p.id
        where p.experience_count <> coalesce(x.n, 0) or abs(p.rating_sum - coalesce(x.s, 0)) > 1e-6
           or p.vote_count <> coalesce(x.v, 0)`),
    ).toEqual([]);
    // Daily counts.
    expect(
      await mismatch(`with truth as (select peptide_id, (created_at at time zone 'UTC')::date as day, count(*) as n, sum(rating) as s
                                       from experiences where status = 'published' group by 1, 2)
        select coalesce(d.peptide_id, t.peptide_id) as peptide_id, coalesce(d.day, t.day)::text as day
          from experience_daily d full join truth t on t.peptide_id = d.peptide_id and t.day = d.day
         where coalesce(d.experiences, 0) <> coalesce(t.n, 0) or abs(coalesce(d.rating_sum, 0) - coalesce(t.s, 0)) > 1e-6`),
    ).toEqual([]);
    // Outcome sums.
    expect(
      await mismatch(`with truth as (select e.peptide_id, lower(o.key) as outcome, sum(o.value::float8) as total, count(*) as n
                                       from experiences e, jsonb_each_text(e.outcomes) o where e.status = 'published' group by 1, 2)
        select coalesce(a.peptide_id, t.peptide_id) as peptide_id, coalesce(a.outcome, t.outcome) as outcome
          from peptide_outcomes a full join truth t on t.peptide_id = a.peptide_id and t.outcome = a.outcome
         where coalesce(a.n, 0) <> coalesce(t.n, 0) or abs(coalesce(a.total, 0) - coalesce(t.total, 0)) > 1e-6`),
    ).toEqual([]);
    // Reported effects (each effect once per report, case-insensitively).
    expect(
      await mismatch(`with truth as (select e.peptide_id, x.effect, count(*) as n
                                       from experiences e, lateral (select distinct lower(y) as effect from unnest(e.effects) y) x
                                      where e.status = 'published' group by 1, 2)
        select coalesce(a.peptide_id, t.peptide_id) as peptide_id, coalesce(a.effect, t.effect) as effect
          from peptide_reported_effects a full join truth t on t.peptide_id = a.peptide_id and t.effect = a.effect
         where coalesce(a.n, 0) <> coalesce(t.n, 0)`),
    ).toEqual([]);
    // Ratings are the mean of the outcomes.
    expect(
      await mismatch(`select e.id from experiences e
        where abs(e.rating - (select avg(o.value::float8) from jsonb_each_text(e.outcomes) o)) > 1e-9`),
    ).toEqual([]);
  });
});
