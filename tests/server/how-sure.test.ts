// How sure a mean is, end to end (docs/product-rules.md, "How sure"): the sums of squares the
// triggers keep (migration 035_rating_spread.sql) against a recomputation, no mean below 5
// ratings in any answer, rankings by the interval's lower bound, and Compare's verdicts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompareResponse, ResearchExportResponse, ResearchPeptidesResponse } from '../../contract/analytics';
import { meanInterval, rankingScore } from '../../contract/how-sure';
import { PeptideDetailResponse, PeptideListResponse, PeptideResponse } from '../../contract/peptides';
import { roundRating } from '../../contract/rules';
import { rankingScoreSql } from '../../server/services/how-sure';
import { expectAggregatesExact } from './aggregate-check';
import { createPeptide, moderatorToken, newMember, rows, uniqueWord } from './fixtures';
import {
  bearer,
  createTestApp,
  deleteTracked,
  json,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newMember(t, 'how-sure')).accessToken;
});
afterAll(() => t.close());

/** The peptide's kept counters and outcome sums beside the same figures computed from its published reports. */
async function keptAndTruth(peptideId: string) {
  const [kept] = await rows<{ n: number; sum: number; sq: number }>(
    t,
    'select experience_count as n, rating_sum as sum, rating_sq_sum as sq from peptide_counters where peptide_id = $1',
    [peptideId],
  );
  const [truth] = await rows<{ n: number; sum: number; sq: number }>(
    t,
    `select count(*)::int as n, coalesce(sum(rating), 0)::float8 as sum, coalesce(sum(rating * rating), 0)::float8 as sq
       from experiences where peptide_id = $1 and status = 'published'`,
    [peptideId],
  );
  const outcomes = await rows<{ outcome: string; kept: number; truth: number }>(
    t,
    `select o.outcome, o.total_sq as kept,
            coalesce((select sum(x.value::float8 * x.value::float8) from experiences e, jsonb_each_text(e.outcomes) x
                       where e.peptide_id = o.peptide_id and e.status = 'published' and lower(x.key) = o.outcome), 0)::float8 as truth
       from peptide_outcomes o where o.peptide_id = $1`,
    [peptideId],
  );
  return { kept, truth, outcomes };
}

async function expectSquaresKept(peptideId: string) {
  const { kept, truth, outcomes } = await keptAndTruth(peptideId);
  expect(kept.n).toBe(truth.n);
  expect(kept.sq).toBeCloseTo(truth.sq, 6);
  for (const o of outcomes) expect(o.kept, o.outcome).toBeCloseTo(o.truth, 6);
}

/** Copies one published report of the peptide once per rating, each rating as its only outcome. */
async function cloneWithRatings(peptideId: string, ratings: number[]): Promise<void> {
  const seed = await submit(t, validSubmission(peptideId, { outcomes: { energy: ratings[0] } }));
  await t.ctx.db.query(
    `insert into experiences (tracking_hash, peptide_id, dosage, frequency, duration_days, route, primary_purpose,
            age_range, biological_sex, activity_level, outcomes, rating, effects, timeline, story, stack,
            search_text, created_at)
     select md5(e.id::text || x.i::text), e.peptide_id, e.dosage, e.frequency, e.duration_days, e.route, e.primary_purpose,
            e.age_range, e.biological_sex, e.activity_level, jsonb_build_object('energy', x.r), x.r,
            e.effects, e.timeline, e.story, e.stack, e.search_text, e.created_at
       from experiences e, unnest($2::float8[]) with ordinality as x(r, i) where e.id = $1`,
    [seed.experience._id, ratings.slice(1)],
  );
}

const peptide = async (id: string) =>
  PeptideResponse.parse(json(await t.app.inject({ method: 'GET', url: `/api/peptides/${id}` }))).data.peptide;

describe('sums of squares', () => {
  it('are kept through a report published, corrected, hidden, published again and deleted', async () => {
    const id = await createPeptide(t, token, { name: uniqueWord('Spread') });
    const a = await submit(t, validSubmission(id, { outcomes: { energy: 3, sleep: 8 } }));
    const b = await submit(t, validSubmission(id, { outcomes: { energy: 10 } }));
    await expectSquaresKept(id);
    expect((await keptAndTruth(id)).kept.sq).toBeCloseTo(5.5 ** 2 + 10 ** 2, 6);

    expect((await updateTracked(t.app, a.trackingId, { outcomes: { energy: 6, mood: 2 } })).statusCode).toBe(200);
    await expectSquaresKept(id);
    await t.ctx.db.query(`update experiences set status = 'hidden', hidden_reason = 'other' where id = $1`, [
      b.experience._id,
    ]);
    await expectSquaresKept(id);
    expect((await keptAndTruth(id)).kept.sq).toBeCloseTo(16, 6);
    await t.ctx.db.query(`update experiences set status = 'published', hidden_reason = null where id = $1`, [
      b.experience._id,
    ]);
    await expectSquaresKept(id);
    expect((await deleteTracked(t.app, a.trackingId)).statusCode).toBe(200);
    await expectSquaresKept(id);
    expect((await keptAndTruth(id)).kept.sq).toBeCloseTo(100, 6);
    await expectAggregatesExact(t);
  });

  it("the migration's backfill computes them, and the ratings' spread, from the published reports", async () => {
    const migration = readFileSync(
      new URL('../../server/db/migrations/035_rating_spread.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.match(/^(?:update|insert) [\s\S]*?;$/gm)!;
    expect(backfill).toHaveLength(3);
    await t.ctx.db.query('update peptide_counters set rating_sq_sum = 0');
    await t.ctx.db.query('update peptide_outcomes set total_sq = 0');
    await t.ctx.db.query('delete from peptide_outcome_ratings');
    for (const sql of backfill) await t.ctx.db.query(sql);
    await expectAggregatesExact(t);
  });
});

describe('means and rankings', () => {
  it('a peptide with fewer than 5 reports shows no mean and no interval', async () => {
    const id = await createPeptide(t, token, { name: uniqueWord('Few') });
    await cloneWithRatings(id, [9, 9, 8]);
    const p = await peptide(id);
    expect(p).toMatchObject({ totalExperiences: 3, averageRating: null, ratingInterval: null });
  });

  it('gives the mean with its 95% interval from 5 reports', async () => {
    const id = await createPeptide(t, token, { name: uniqueWord('Five') });
    await cloneWithRatings(id, [6, 7, 8, 7, 7]);
    const p = await peptide(id);
    // mean 7, t(4) · √(0.5 / 5) = 0.878 (contract/how-sure.test.ts)
    expect(p).toMatchObject({ totalExperiences: 5, averageRating: 7, ratingInterval: { low: 6.1, high: 7.9 } });
    // Its page shows each outcome's spread: how many gave each rating 1-10.
    const detail = PeptideDetailResponse.parse(json(await t.app.inject({ method: 'GET', url: `/api/peptides/${id}` })))
      .data.peptide;
    expect(detail.outcomes).toEqual([
      { name: 'energy', n: 5, mean: 7, interval: { low: 6.1, high: 7.9 }, counts: [0, 0, 0, 0, 0, 1, 3, 1, 0, 0] },
    ]);
  });

  it('ranks a peptide with 50 reports of mean 7.5 above one with 2 reports of mean 9', async () => {
    const prefix = uniqueWord('Ranked');
    const many = await createPeptide(t, token, { name: `${prefix}Many` });
    const few = await createPeptide(t, token, { name: `${prefix}Few` });
    await cloneWithRatings(
      many,
      Array.from({ length: 50 }, (_, i) => (i % 2 ? 7 : 8)),
    );
    await cloneWithRatings(few, [9, 9]);
    const list = PeptideListResponse.parse(
      json(await t.app.inject({ method: 'GET', url: `/api/peptides?search=${prefix}&sort=rating` })),
    ).data.peptides;
    expect(list.map((p) => p._id)).toEqual([many, few]);
    expect(list[0]).toMatchObject({ averageRating: 7.5, totalExperiences: 50 });
    expect(list[1]).toMatchObject({ averageRating: null, ratingInterval: null, totalExperiences: 2 });

    const mod = bearer(await moderatorToken(t));
    const research = ResearchPeptidesResponse.parse(
      json(await t.app.inject({ method: 'GET', url: '/api/research/peptides?limit=100&sort=rating', headers: mod })),
    ).data.peptides;
    const order = research.map((p) => p._id);
    expect(order.indexOf(many)).toBeLessThan(order.indexOf(few));
    // Every peptide with a mean comes first, by its lower bound.
    const withMean = research.filter((p) => p.meanRating !== null);
    expect(research.slice(0, withMean.length)).toEqual(withMean);
    const lows = withMean.map((p) => p.interval!.low);
    expect(lows).toEqual([...lows].sort((x, y) => y - x));
  });

  it("the SQL lower bound is the contract's rankingScore", async () => {
    const cases = [
      { n: 4, sum: 30, sumOfSquares: 230 },
      { n: 5, sum: 35, sumOfSquares: 247 },
      { n: 31, sum: 200, sumOfSquares: 1400 },
      { n: 41, sum: 295.2, sumOfSquares: 2183.04 },
      { n: 1000, sum: 7000, sumOfSquares: 52000 },
      { n: 5, sum: 41, sumOfSquares: 401 },
      { n: 6, sum: 6, sumOfSquares: 6 },
    ];
    for (const c of cases) {
      const [r] = await rows<{ score: number | null }>(
        t,
        `select ${rankingScoreSql('n', 'sum', 'sq')} as score from (select $1::int as n, $2::float8 as sum, $3::float8 as sq) x`,
        [c.n, c.sum, c.sumOfSquares],
      );
      const expected = rankingScore(c);
      if (expected === null) expect(r.score).toBeNull();
      else expect(Number(r.score)).toBeCloseTo(expected, 9);
    }
  });
});

describe('compare', () => {
  it('says per outcome whether two peptides differ clearly or within chance', async () => {
    const prefix = uniqueWord('Compared');
    const [low, high, near] = await Promise.all(
      ['Low', 'High', 'Near'].map((s) => createPeptide(t, token, { name: `${prefix}${s}` })),
    );
    await cloneWithRatings(low, [6, 7, 8, 7, 7]);
    await cloneWithRatings(high, [8, 9, 10, 9, 9]);
    await cloneWithRatings(near, [7, 8, 9, 8, 8]);
    const member = await newMember(t, 'how-sure-compare');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/compare?ids=${low},${high},${near}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = CompareResponse.parse(json(res)).data;
    expect(data.differences).toEqual([
      { outcome: 'energy', peptides: [low, high], verdict: 'clear' },
      { outcome: 'energy', peptides: [low, near], verdict: 'within-chance' },
      { outcome: 'energy', peptides: [high, near], verdict: 'within-chance' },
    ]);
    const energy = data.peptides[0].outcomeMeans.find((o) => o.name === 'energy')!;
    const expected = meanInterval({ n: 5, sum: 35, sumOfSquares: 247 })!;
    expect(energy).toEqual({
      name: 'energy',
      n: 5,
      mean: 7,
      interval: { low: roundRating(expected.low), high: roundRating(expected.high) },
    });
  });
});

describe('export', () => {
  it('carries every mean with its n and interval, the numbers the pages show, in JSON and CSV', async () => {
    const name = uniqueWord('Exported');
    const id = await createPeptide(t, token, { name });
    await cloneWithRatings(id, [6, 7, 8, 7, 7]);
    const p = await peptide(id);
    const mod = bearer(await moderatorToken(t));
    const res = await t.app.inject({ method: 'GET', url: '/api/research/export?limit=1', headers: mod });
    const means = ResearchExportResponse.parse(json(res)).data.means.filter((m) => m.peptide === name);
    expect(means).toEqual([
      { peptide: name, outcome: null, n: 5, mean: p.averageRating, low: 6.1, high: 7.9 },
      { peptide: name, outcome: 'energy', n: 5, mean: 7, low: 6.1, high: 7.9 },
    ]);
    expect(p.ratingInterval).toEqual({ low: 6.1, high: 7.9 });

    const csv = await t.app.inject({ method: 'GET', url: '/api/research/export?format=csv&table=means', headers: mod });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-next-cursor']).toBeUndefined();
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('peptide,outcome,n,mean,low,high');
    expect(lines).toContain(`"${name}","","5","7","6.1","7.9"`);
    expect(lines).toContain(`"${name}","energy","5","7","6.1","7.9"`);
  });
});
