// Only published reports are public (migration 009_moderation.sql, docs/product-rules.md
// "Moderation"): a held or hidden report leaves the feed, the home page, its detail (404), its
// peptide's count and rating, analytics, trends, the research export and the demographic counts
// the peptide's shares are computed from, and comes back to all of them when published again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, newMember, rows, storyOf } from './fixtures';
import { runBatch } from '../../server/services/publication/queue';

const REPORTS = 5;
let t: TestApp;
let mod: string;
let peptideId: string;
let peptideName: string;
const ids: string[] = [];
let memberHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  mod = await moderatorToken(t);
  const m = await newMember(t, 'status');
  memberHeaders = m.headers;
  peptideId = await createPeptide(t, m.accessToken);
  peptideName = (await rows<{ name: string }>(t, 'select name from peptides where id = $1', [peptideId]))[0].name;
  // Five reports sharing one combination of demographics (no card ever shows it).
  for (let i = 0; i < REPORTS; i++) {
    const created = await submit(
      t,
      validSubmission(peptideId, {
        outcomes: { energy: 2 + i },
        story: `Status report number ${i} about steady sleep and calm. ${storyOf(100)}`,
      }),
    );
    ids.push(created.experience._id);
  }
});
afterAll(() => t.close());

/** Sets a report's status, then runs a publication batch: the peptide's shares move only at batches. */
async function setStatus(id: string, status: string) {
  await t.ctx.db.query('update experiences set status = $2 where id = $1', [id, status]);
  await runBatch(t.ctx, new Date());
  t.ctx.cache.invalidate();
}

async function view() {
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const feed = json(await get(`/api/experiences?peptideId=${peptideId}&limit=50`)).data.experiences as {
    _id: string;
    demographics: unknown;
  }[];
  const home = json(await get('/api/experiences/home/public')).data.experiences as { _id: string }[];
  const peptide = json(await get(`/api/peptides/${peptideId}`)).data.peptide;
  const analytics = json(await get('/api/analytics/public')).data;
  const trends = json(await get('/api/analytics/trends?period=monthly&groupBy=peptide', memberHeaders)).data;
  const exportRows = (
    json(await get('/api/research/export?limit=1000', bearer(mod))).data.rows as { peptide: string }[]
  ).filter((r) => r.peptide === peptideName);
  const overview = json(await get('/api/research/overview', bearer(mod))).data;
  const cell = await rows<{ n: number }>(t, 'select n from demographic_cells where peptide_id = $1', [peptideId]);
  return { feed, home, peptide, analytics, trends, exportRows, overview, cell: cell.reduce((a, r) => a + r.n, 0) };
}

describe('statuses', () => {
  it.each(['held', 'hidden'])(
    'a %s report leaves every public view and count, and returns when published',
    async (status) => {
      const first = await view();
      expect(first.feed).toHaveLength(REPORTS);
      expect(first.feed.every((e) => e.demographics === null)).toBe(true);
      expect(first.cell).toBe(REPORTS);
      // The newest page (home) shows some of ours: the same hour orders by id.
      const target = ids.find((id) => first.home.some((e) => e._id === id))!;
      expect(target).toBeDefined();
      // A vote on it, which the Research Hub's vote total counts only while the report is published.
      const voter = await newMember(t, `voter-${status}`);
      const cast = await t.app.inject({
        method: 'POST',
        url: `/api/experiences/${target}/vote`,
        headers: voter.headers,
        payload: { voteType: 'detailed' },
      });
      expect(cast.statusCode).toBe(201);
      const before = await view();
      const ratingSum = async () =>
        (
          await rows<{ s: number }>(t, 'select rating_sum as s from peptide_counters where peptide_id = $1', [
            peptideId,
          ])
        )[0].s;
      const sumBefore = await ratingSum();

      await setStatus(target, status);
      const after = await view();
      expect(after.feed.map((e) => e._id)).not.toContain(target);
      expect(after.home.map((e) => e._id)).not.toContain(target);
      expect((await t.app.inject({ method: 'GET', url: `/api/experiences/${target}` })).statusCode).toBe(404);
      expect(after.peptide.totalExperiences).toBe(before.peptide.totalExperiences - 1);
      const targetRating = (
        await rows<{ r: number }>(t, 'select rating as r from experiences where id = $1', [target])
      )[0].r;
      expect(await ratingSum()).toBeCloseTo(sumBefore - targetRating, 6);
      // Five reports give a mean; the four left are too few (contract/how-sure.ts MIN_N).
      expect(before.peptide.averageRating).not.toBeNull();
      expect(after.peptide.averageRating).toBeNull();
      expect(after.analytics.totalExperiences).toBe(before.analytics.totalExperiences - 1);
      expect(after.overview.experiences).toBe(before.overview.experiences - 1);
      const votesOnTarget = (
        await rows<{ n: number }>(
          t,
          'select (helpful_count + not_helpful_count + detailed_count + concerning_count)::int as n from experiences where id = $1',
          [target],
        )
      )[0].n;
      expect(votesOnTarget).toBeGreaterThan(0);
      expect(after.overview.votes).toBe(before.overview.votes - votesOnTarget);
      const total = (tr: { totals: number[] }) => tr.totals.reduce((a: number, b: number) => a + b, 0);
      expect(total(after.trends)).toBe(total(before.trends) - 1);
      expect(after.exportRows).toHaveLength(REPORTS - 1);
      // It leaves the counts the peptide's shares are computed from.
      expect(after.cell).toBe(REPORTS - 1);
      // Votes on it are refused like on an unknown report.
      const vote = await t.app.inject({
        method: 'POST',
        url: `/api/experiences/${target}/vote`,
        headers: memberHeaders,
        payload: { voteType: 'helpful' },
      });
      expect(vote.statusCode).toBe(404);

      await setStatus(target, 'published');
      const back = await view();
      expect(back.feed).toHaveLength(REPORTS);
      expect(back.peptide.totalExperiences).toBe(before.peptide.totalExperiences);
      expect(back.peptide.averageRating).toBeCloseTo(before.peptide.averageRating!, 6);
      expect(back.analytics.totalExperiences).toBe(before.analytics.totalExperiences);
      expect(back.overview.votes).toBe(before.overview.votes);
      expect(back.exportRows).toHaveLength(REPORTS);
      expect(back.cell).toBe(REPORTS);
    },
  );

  it('the feed reads the partial indexes of published reports (EXPLAIN on a few thousand rows)', async () => {
    await t.ctx.db.query(
      `insert into experiences (tracking_hash, peptide_id, dosage, frequency, duration_days, route, primary_purpose, age_range,
         biological_sex, activity_level, outcomes, rating, timeline, story, search_text, status)
       select 'explain-' || i, $1, '250 mcg', 'daily', 30, 'oral', '{Sleep}', '30-34', 'male', 'active', '{"sleep": 5}', 5,
              '1-week', 'x', 'x', case when i % 10 = 0 then 'held' else 'published' end
         from generate_series(1, 3000) i`,
      [peptideId],
    );
    await t.ctx.db.query('analyze experiences');
    const plan = async (sql: string) =>
      (await t.ctx.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const feeds = [
      `select id from experiences e where e.status = 'published' order by e.created_at desc, e.id desc limit 21`,
      `select id from experiences e where e.status = 'published' order by e.helpful_count desc, e.created_at desc, e.id desc limit 21`,
      `select id from experiences e where e.status = 'published' and e.peptide_id = '${peptideId}' order by e.rating desc, e.created_at desc, e.id desc limit 21`,
    ];
    for (const sql of feeds)
      expect(await plan(sql)).toMatch(/Index (Only )?Scan using experiences_(peptide_)?(newest|helpful|rating)_idx/);
  });

  it("the moderators' queue reads its own indexes, never a scan of the published reports (EXPLAIN)", async () => {
    // Rows of the previous test: 3,000 reports, one in ten held. Some hidden, three flagged.
    await t.ctx.db.query(
      `update experiences set status = 'hidden' where tracking_hash in (select 'explain-' || i from generate_series(5, 3000, 20) i)`,
    );
    const flagger = (await rows<{ id: string }>(t, `select id from users where status = 'approved' limit 1`))[0].id;
    await t.ctx.db.query(
      `insert into flags (experience_id, user_id, reason)
       select id, $1, 'spam' from experiences where tracking_hash in ('explain-1', 'explain-2', 'explain-3')`,
      [flagger],
    );
    await t.ctx.db.query('analyze');
    // The queries the queue really sends, captured and explained with their parameters.
    const sent: { sql: string; params: unknown[] }[] = [];
    const original = t.ctx.db.query.bind(t.ctx.db);
    t.ctx.db.query = (async (sql: string, params?: unknown[]) => {
      if (/order by e\.created_at, e\.id limit \$1/.test(sql)) sent.push({ sql, params: params ?? [] });
      return original(sql, params);
    }) as typeof t.ctx.db.query;
    try {
      for (const view of ['waiting', 'hidden']) {
        const first = json(
          await t.app.inject({
            method: 'GET',
            url: `/api/moderation/queue?view=${view}&limit=5`,
            headers: bearer(mod),
          }),
        ).data;
        expect(first.items.length).toBe(5);
        await t.app.inject({
          method: 'GET',
          url: `/api/moderation/queue?view=${view}&limit=5&cursor=${encodeURIComponent(first.nextCursor)}`,
          headers: bearer(mod),
        });
      }
    } finally {
      t.ctx.db.query = original;
    }
    expect(sent).toHaveLength(4);
    for (const { sql, params } of sent) {
      const plan = (await t.ctx.db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).not.toMatch(/Seq Scan on experiences/);
      expect(plan).toMatch(/experiences_(held|hidden)_idx/);
    }
  });
});
