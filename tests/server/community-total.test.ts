// Community's total and peptide filter (GET /api/experiences): the first page says how many
// published reports match the filters, from the trigger-kept counters where they answer the
// filter, otherwise (a search) counted up to MATCH_COUNT_CAP ("1,000+"); Load more never counts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, ExperienceListResponse, MATCH_COUNT_CAP, PeptideListResponse } from '../../contract';
import { createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, newMember, rows, uniqueWord } from './fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newMember(t, 'creator')).accessToken;
});
afterAll(() => t.close());

async function feed(query: Record<string, string | number | undefined>) {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const res = await t.app.inject({ method: 'GET', url: `/api/experiences?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return ExperienceListResponse.parse(json(res)).data;
}

/** A peptide of its own (in `category`) with `published` reports (every third one about sleep) and one held report. */
async function peptideWithReports(published: number, category = 'Cognitive Enhancement') {
  const id = await createPeptide(t, token, { name: uniqueWord('Total'), category });
  const word = uniqueWord('sleepy');
  for (let i = 0; i < published; i++) {
    const base = validSubmission(id, { primaryPurpose: [i % 2 ? 'Focus' : 'Recovery'] });
    const report = await submit(t, { ...base, story: i % 3 === 0 ? `${base.story} Slept ${word}.` : base.story });
    expect(report).toMatchObject({ status: 'published' });
  }
  // A link holds a report for review: never counted, never listed.
  const held = await submit(
    t,
    validSubmission(id, { story: `${validSubmission(id).story} ${word} https://example.org/shop` }),
  );
  expect(held).toMatchObject({ status: 'held' });
  return { id, word };
}

describe('GET /api/experiences total', () => {
  it('counts the published reports of one peptide from its counter, filters by peptide, and counts only on the first page', async () => {
    const { id } = await peptideWithReports(5);
    const first = await feed({ peptideId: id, limit: 2 });
    expect(first.total).toEqual({ count: 5, capped: false });
    expect(first.experiences.every((e) => e.peptideId === id)).toBe(true);
    const all = [...first.experiences];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await feed({ peptideId: id, limit: 2, cursor });
      expect(page.total).toBeNull();
      all.push(...page.experiences);
      cursor = page.nextCursor;
    }
    expect(all).toHaveLength(5);
    expect(new Set(all.map((e) => e.peptideId))).toEqual(new Set([id]));
  });

  it('counts every published report without filters, and applies search and category with the peptide', async () => {
    const { id, word } = await peptideWithReports(6);
    const [published] = await rows<{ n: number }>(
      t,
      `select count(*)::int as n from experiences where status = 'published'`,
    );
    expect((await feed({})).total).toEqual({ count: Number(published!.n), capped: false });
    // Reports 0 and 3 carry the word; the held one does too but is not counted.
    expect((await feed({ peptideId: id, search: word })).total).toEqual({ count: 2, capped: false });
    expect((await feed({ search: word })).total).toEqual({ count: 2, capped: false });
    // A report is in its peptide's category, whatever its purposes.
    expect((await feed({ peptideId: id, category: 'Cognitive Enhancement' })).total).toEqual({
      count: 6,
      capped: false,
    });
    expect((await feed({ peptideId: id, category: 'Healing & Recovery' })).total).toEqual({ count: 0, capped: false });
    expect((await feed({ peptideId: id, category: 'Cognitive Enhancement', search: word })).total).toEqual({
      count: 2,
      capped: false,
    });
  });

  it('counts a category from the kept counters: published reports only, through holds, hides, deletions and edits', async () => {
    const { id } = await peptideWithReports(3, 'Metabolic Health');
    const truth = async () =>
      Number(
        (
          await rows<{ n: number }>(
            t,
            `select count(*)::int as n from experiences e join peptides p on p.id = e.peptide_id
              where e.status = 'published' and p.category = 'Metabolic Health'`,
          )
        )[0]!.n,
      );
    const expectCounts = async (mine: number) => {
      t.ctx.cache.invalidate();
      expect((await feed({ peptideId: id, category: 'Metabolic Health' })).total).toEqual({
        count: mine,
        capped: false,
      });
      expect((await feed({ category: 'Metabolic Health' })).total).toEqual({ count: await truth(), capped: false });
    };
    await expectCounts(3);
    const mine = await rows<{ id: string }>(
      t,
      `select id from experiences where peptide_id = $1 and status = 'published' order by created_at, id`,
      [id],
    );
    // A moderator hides one, another goes back to the queue, a third is deleted.
    await rows(t, `update experiences set status = 'hidden' where id = $1`, [mine[0]!.id]);
    await expectCounts(2);
    await rows(t, `update experiences set status = 'held' where id = $1`, [mine[1]!.id]);
    await expectCounts(1);
    await rows(t, `update experiences set status = 'published' where id in ($1, $2)`, [mine[0]!.id, mine[1]!.id]);
    await expectCounts(3);
    await rows(t, 'delete from experiences where id = $1', [mine[2]!.id]);
    await expectCounts(2);
    // Every page of the category, by every sort, holds exactly the counted reports, each once.
    for (const sort of ['newest', 'oldest', 'helpful', 'rating']) {
      const seen: string[] = [];
      let page = await feed({ category: 'Metabolic Health', sort, limit: 7 });
      const total = page.total!.count;
      for (;;) {
        seen.push(...page.experiences.map((e) => e._id));
        if (!page.nextCursor) break;
        page = await feed({ category: 'Metabolic Health', sort, limit: 7, cursor: page.nextCursor });
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(total);
    }
  });

  it('every category finds the same peptides on Community as on the peptide list', async () => {
    await peptideWithReports(2, 'Anti-Aging');
    for (const category of CATEGORIES) {
      const listed = PeptideListResponse.parse(
        json(
          await t.app.inject({
            method: 'GET',
            url: `/api/peptides?${new URLSearchParams({ category, limit: '100' })}`,
          }),
        ),
      ).data.peptides;
      const reported = listed.filter((p) => p.totalExperiences > 0);
      const first = await feed({ category, limit: 100 });
      expect(first.total, category).toEqual({
        count: reported.reduce((n, p) => n + p.totalExperiences, 0),
        capped: false,
      });
      const seen = new Set(first.experiences.map((e) => e.peptideId));
      for (let cursor = first.nextCursor; cursor; ) {
        const page = await feed({ category, limit: 100, cursor });
        for (const e of page.experiences) seen.add(e.peptideId);
        cursor = page.nextCursor;
      }
      expect(seen, category).toEqual(new Set(reported.map((p) => p._id)));
    }
  });

  it("a search's first page and its count come from one pass over the matches, and every sort pages through them in order", async () => {
    const { id, word } = await peptideWithReports(36);
    // Reports 0, 3, ..., 33 carry the word: spread their days, votes and ratings so every sort
    // orders them differently (ties broken by id, as the keyset does).
    const mine = await rows<{ id: string }>(
      t,
      `select id from experiences where peptide_id = $1 and status = 'published' and search_text like $2 order by id`,
      [id, `%${word.toLowerCase()}%`],
    );
    expect(mine).toHaveLength(12);
    for (const [i, r] of mine.entries()) {
      await rows(
        t,
        `update experiences set created_at = utc_day(now()) - make_interval(days => $2), helpful_count = $3, rating = $4 where id = $1`,
        [r.id, (i * 7) % 5, i % 3, 1 + ((i * 5) % 4)],
      );
    }
    t.ctx.cache.invalidate();
    const truth = await rows<{ id: string; created_at: Date; helpful_count: number; rating: number }>(
      t,
      `select id, created_at, helpful_count, rating from experiences where id = any($1::uuid[])`,
      [mine.map((r) => r.id)],
    );
    const by = (keys: ((r: (typeof truth)[number]) => number | string)[], dir: 1 | -1) =>
      [...truth]
        .sort((a, b) => {
          for (const k of keys) if (k(a) !== k(b)) return (k(a) < k(b) ? -1 : 1) * dir;
          return 0;
        })
        .map((r) => r.id);
    const time = (r: (typeof truth)[number]) => r.created_at.getTime();
    const expected: Record<string, string[]> = {
      newest: by([time, (r) => r.id], -1),
      oldest: by([time, (r) => r.id], 1),
      helpful: by([(r) => r.helpful_count, time, (r) => r.id], -1),
      rating: by([(r) => r.rating, time, (r) => r.id], -1),
    };
    const sent: string[] = [];
    const original = t.ctx.db.query.bind(t.ctx.db);
    t.ctx.db.query = (async (sql: string, params?: unknown[]) => {
      if (/from experiences e/.test(sql)) sent.push(sql);
      return original(sql, params);
    }) as typeof t.ctx.db.query;
    try {
      for (const sort of ['newest', 'oldest', 'helpful', 'rating']) {
        sent.length = 0;
        let page = await feed({ search: word, sort, limit: 5 });
        expect(page.total).toEqual({ count: 12, capped: false });
        // One statement gave the count and the page.
        expect(sent).toHaveLength(1);
        const seen: string[] = [];
        for (;;) {
          seen.push(...page.experiences.map((e) => e._id));
          if (!page.nextCursor) break;
          page = await feed({ search: word, sort, limit: 5, cursor: page.nextCursor });
          expect(page.total).toBeNull();
        }
        expect(seen, sort).toEqual(expected[sort]);
      }
      // Its plan reads the matches by the trigram index or the table, never the sort's index
      // filtered report by report (EXPLAIN).
      sent.length = 0;
      await rows(t, 'analyze experiences');
      t.ctx.cache.invalidate();
      await feed({ search: word, sort: 'newest' });
      const params = [`%${word.toLowerCase()}%`, 1001, 21];
      const plan = (await original<{ 'QUERY PLAN': string }>(`explain ${sent[0]}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).not.toMatch(/Index Scan using experiences_(newest|helpful|rating)_idx/);
      // A term with no match at all: zero, and an empty page.
      sent.length = 0;
      expect(await feed({ search: uniqueWord('nowhere') })).toMatchObject({
        experiences: [],
        nextCursor: null,
        total: { count: 0, capped: false },
      });
      expect(sent).toHaveLength(1);
    } finally {
      t.ctx.db.query = original;
    }
  });

  it('an unknown peptide matches nothing, and a malformed one is a 400', async () => {
    const page = await feed({ peptideId: '00000000-0000-4000-8000-000000000000' });
    expect(page).toMatchObject({ experiences: [], total: { count: 0, capped: false } });
    const res = await t.app.inject({ method: 'GET', url: '/api/experiences?peptideId=nope' });
    expect(res.statusCode).toBe(400);
  });

  it('stops counting a search at the cap and says so', async () => {
    const { id, word } = await peptideWithReports(1);
    const [source] = await rows<{ id: string }>(
      t,
      `select id from experiences where peptide_id = $1 and status = 'published'`,
      [id],
    );
    const columns = (
      await rows<{ column_name: string }>(
        t,
        `select column_name from information_schema.columns where table_name = 'experiences' and column_name not in ('id', 'tracking_hash')`,
      )
    ).map((c) => c.column_name);
    // Without the aggregate triggers, so ten thousand rows go in within seconds; the peptide's
    // counter then stays at 1, which the last line checks is still what an unfiltered peptide reads.
    await rows(t, 'alter table experiences disable trigger user');
    await rows(
      t,
      `insert into experiences (tracking_hash, ${columns.join(', ')})
       select 'bulk-' || g || '-' || $2, ${columns.map((c) => `e.${c}`).join(', ')}
         from experiences e, generate_series(1, ${MATCH_COUNT_CAP + 5}) g where e.id = $1`,
      [source!.id, word],
    );
    await rows(t, 'alter table experiences enable trigger user');
    // Their public text, which the trigger left out too (migration 018_public_json.sql).
    await rows(
      t,
      `insert into experience_public select e.id, experience_public_json(e) from experiences e where e.tracking_hash like 'bulk-%'`,
    );
    t.ctx.cache.invalidate();
    // Beyond the cap, the page is read by the sort's index: full, newest first, and it pages on.
    const capped = await feed({ search: word, limit: 20 });
    expect(capped.total).toEqual({ count: MATCH_COUNT_CAP, capped: true });
    expect(capped.experiences).toHaveLength(20);
    const next = await feed({ search: word, limit: 20, cursor: capped.nextCursor! });
    expect(next.experiences).toHaveLength(20);
    expect(new Set([...capped.experiences, ...next.experiences].map((e) => e._id)).size).toBe(40);
    // Without a search the peptide's counter answers (the rows above bypassed it on purpose).
    expect((await feed({ peptideId: id })).total).toEqual({ count: 1, capped: false });
  }, 120_000);
});
