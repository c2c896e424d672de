// The aggregates analytics read (per-peptide columns, experience_daily, peptide_outcomes,
// peptide_reported_effects, demographic cells, category counts, vote counters) must equal a from-scratch recomputation after any mix
// of writes, whether the triggers kept them (API writes) or the bulk loader rebuilt them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../server/db/seed/generate';
import { roundRating } from '../../contract/rules';
import { bulkSeed } from '../../server/db/seed/bulk';
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
import { expectAggregatesExact } from './aggregate-check';
import { newMember } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('aggregates', () => {
  it('the bulk loader inserts realistic reports and leaves every aggregate exact', async () => {
    const result = await bulkSeed(t.ctx.db, { experiences: 1500, voters: 20, batchSize: 400, seed: 7 });
    expect(result.experiences).toBe(1500);
    expect(result.votes).toBeGreaterThan(0);
    await expectAggregatesExact(t);

    // Realistic: skewed popularity, 24 months of dates, ratings differing by peptide, all demo.
    const spread = await t.ctx.db.query<{
      top: number;
      median: number;
      months: number;
      min_avg: number;
      max_avg: number;
      demo: number;
      n: number;
    }>(
      `select max(experience_count) as top, percentile_disc(0.5) within group (order by experience_count) as median,
              (select count(distinct date_trunc('month', created_at)) from experiences)::int as months,
              min(rating_sum / nullif(experience_count, 0)) filter (where experience_count >= 20) as min_avg,
              max(rating_sum / nullif(experience_count, 0)) filter (where experience_count >= 20) as max_avg,
              (select count(*) from experiences where is_demo)::int as demo, (select count(*) from experiences)::int as n
         from peptide_counters`,
    );
    const s = spread.rows[0];
    expect(s.top).toBeGreaterThan(5 * s.median);
    expect(s.months).toBeGreaterThanOrEqual(20);
    expect(s.max_avg - s.min_avg).toBeGreaterThan(1.5);
    expect(s.demo).toBe(s.n);
  });

  it('random submissions, edits, deletions and votes through the API keep them equal to a recomputation', async () => {
    const rand = mulberry32(99);
    const peptideIds = [...t.peptides.values()];
    const voters = await Promise.all([1, 2, 3, 4].map((i) => newMember(t, `agg-voter-${i}`)));
    const mine: { trackingId: string; id: string }[] = [];
    const others = (
      await t.ctx.db.query<{ id: string }>('select id from experiences order by random() limit 40')
    ).rows.map((r) => r.id);
    const outcomes = () => {
      const o: Record<string, number> = {};
      for (const k of ['energy', 'Sleep', 'mood', 'recovery', 'focus'])
        if (rand() < 0.7) o[k] = 1 + Math.floor(rand() * 10);
      if (!Object.keys(o).length) o.energy = 5;
      return o;
    };
    let statusChanges = 0;
    for (let step = 0; step < 160; step++) {
      const r = rand();
      if (r < 0.35 || mine.length === 0) {
        const created = await submit(
          t,
          validSubmission(peptideIds[Math.floor(rand() * peptideIds.length)], {
            outcomes: outcomes(),
            // Purposes in none, one or several Community categories (the per-group counters).
            primaryPurpose: [['Sleep'], ['Focus'], ['Recovery', 'Memory'], ['Muscle Gain', 'Longevity', 'Focus']][
              Math.floor(rand() * 4)
            ],
            effects: rand() < 0.5 ? ['Headache', 'headache', 'Mild nausea'].slice(0, 1 + Math.floor(rand() * 3)) : [],
          }),
        );
        mine.push({ trackingId: created.trackingId, id: created.experience._id });
      } else if (r < 0.5) {
        const target = mine[Math.floor(rand() * mine.length)];
        const res = await updateTracked(
          t.app,
          target.trackingId,
          rand() < 0.5 ? { outcomes: outcomes() } : { effects: rand() < 0.5 ? [] : ['Water retention'] },
        );
        expect(res.statusCode).toBe(200);
      } else if (r < 0.7) {
        // Moderation (migration 009_moderation.sql): hold, hide, publish or restore a report,
        // ours or a bulk one; every status change moves it out of or into every aggregate.
        const pool = [...mine.map((m) => m.id), ...others];
        const target = pool[Math.floor(rand() * pool.length)];
        const status = ['held', 'hidden', 'published', 'published'][Math.floor(rand() * 4)];
        await t.ctx.db.query('update experiences set status = $2 where id = $1', [target, status]);
        statusChanges++;
      } else if (r < 0.78) {
        const [target] = mine.splice(Math.floor(rand() * mine.length), 1);
        const res = await deleteTracked(t.app, target.trackingId);
        expect(res.statusCode).toBe(200);
      } else {
        const pool = [...mine.map((m) => m.id), ...others];
        const voter = voters[Math.floor(rand() * voters.length)];
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/experiences/${pool[Math.floor(rand() * pool.length)]}/vote`,
          headers: bearer(voter.accessToken),
          payload: { voteType: ['helpful', 'not-helpful', 'detailed', 'concerning'][Math.floor(rand() * 4)] },
        });
        // 409: the same vote again, refused without change; 404: the report is held or hidden.
        expect([201, 404, 409]).toContain(res.statusCode);
      }
    }
    expect(statusChanges).toBeGreaterThan(10);
    await expectAggregatesExact(t);

    // What the public analytics say is what a full scan says.
    const analytics = json(await t.app.inject({ method: 'GET', url: '/api/analytics/public' })).data;
    const truth = (
      await t.ctx.db.query<{ n: number; avg: number }>(
        `select count(*)::int as n, avg(rating)::float8 as avg from experiences where status = 'published'`,
      )
    ).rows[0];
    expect(analytics.totalExperiences).toBe(truth.n);
    // Rounded once, to one decimal, from the same mean (contract/rules.ts roundRating).
    expect(analytics.averageRating).toBe(roundRating(truth.avg));
  });
});
