// Moderation that keeps up (docs/product-rules.md, "Moderation"): a moderator's decision stands
// until something new happens; the log records what changed, so edits cannot flood it; a report's
// corrections have their own limit; an update racing a delete of the same report never fails with 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderatorToken, newMember, publicationRuns, rows } from './fixtures';
import { bearer, createTestApp, deleteTracked, submit, updateTracked, validSubmission, type TestApp } from './helpers';

let t: TestApp;
let mod: Record<string, string>;
let peptideId: string;
beforeAll(async () => {
  t = await createTestApp({ CONCERNING_HOLD_THRESHOLD: '5', RATE_LIMIT_EDITS: '200000' });
  mod = bearer(await moderatorToken(t));
  peptideId = t.peptides.get('BPC-157')!;
}, 120_000);
afterAll(() => t?.close());

const statusOf = async (id: string) =>
  (await rows<{ status: string }>(t, 'select status from experiences where id = $1', [id]))[0]?.status;
const vote = (id: string, headers: Record<string, string>, voteType: string) =>
  t.app.inject({ method: 'POST', url: `/api/experiences/${id}/vote`, headers, payload: { voteType } });

describe("a moderator's decision stands", () => {
  it('after publishing a report held for 5 concerning votes, one helpful vote leaves it published; only 5 new concerning votes hold it again', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    const voters = await Promise.all(Array.from({ length: 11 }, (_, i) => newMember(t, `stand-${i}`)));
    for (const v of voters.slice(0, 5))
      expect((await vote(sent.experience._id, v.headers, 'concerning')).statusCode).toBe(201);
    expect(await statusOf(sent.experience._id)).toBe('held');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/moderation/experiences/${sent.experience._id}/publish`,
          headers: mod,
        })
      ).statusCode,
    ).toBe(200);
    expect(await statusOf(sent.experience._id)).toBe('published');

    // Before: the count was still 5, so the next vote of any kind held it again.
    expect((await vote(sent.experience._id, voters[5].headers, 'helpful')).statusCode).toBe(201);
    expect(await statusOf(sent.experience._id)).toBe('published');
    for (const v of voters.slice(6, 10)) await vote(sent.experience._id, v.headers, 'concerning');
    expect(await statusOf(sent.experience._id)).toBe('published');
    await vote(sent.experience._id, voters[10].headers, 'concerning');
    expect(await statusOf(sent.experience._id)).toBe('held');
  }, 120_000);
});

describe('the log records what changed', () => {
  it('100 identical edits of a held report add no log entry and change no cache; 100 different ones add one', async () => {
    const sent = await submit(
      t,
      validSubmission(peptideId, { story: `${validSubmission('').story} Order at peptideshop.com.` }),
    );
    expect(sent.status).toBe('held');
    const log = async () =>
      (
        await rows<{ n: number }>(t, 'select count(*)::int as n from moderation_log where experience_id = $1', [
          sent.experience._id,
        ])
      )[0].n;
    expect(await log()).toBe(1);
    const story = `${validSubmission('').story} Without the shop now.`;
    expect((await updateTracked(t.app, sent.trackingId, { story })).statusCode).toBe(200);
    expect(await log()).toBe(2);
    // The hourly publication run empties the cache on the hour, which these requests may span.
    const version = t.ctx.cache.currentVersion;
    const batchesBefore = await publicationRuns(t);
    for (let i = 0; i < 100; i++) expect((await updateTracked(t.app, sent.trackingId, { story })).statusCode).toBe(200);
    expect(await log()).toBe(2);
    expect(t.ctx.cache.currentVersion - version).toBe((await publicationRuns(t)) - batchesBefore);
    for (let i = 0; i < 100; i++)
      expect(
        (await updateTracked(t.app, sent.trackingId, { story: `${story} Edit ${'x'.repeat(i % 20)}${i}.` })).statusCode,
      ).toBe(200);
    // Each edit holds it again for the same reason ('corrected'): one entry, not a hundred.
    expect(await log()).toBe(2);
  }, 120_000);
});

describe("a report's corrections", () => {
  it('have their own limit per tracking ID, from any address', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_EDITS: '3',
      RATE_LIMIT_SUBMISSIONS: '100',
      RATE_LIMIT_GENERAL: '100000',
    });
    try {
      const sent = await submit(limited, validSubmission(limited.peptides.get('BPC-157')!));
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await updateTracked(
          limited.app,
          sent.trackingId,
          { effects: [`Effect ${i}`] },
          { remoteAddress: `10.0.0.${i + 1}` },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another report is not affected.
      const other = await submit(limited, validSubmission(limited.peptides.get('BPC-157')!));
      expect((await updateTracked(limited.app, other.trackingId, { effects: ['x'] })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('an update racing a delete of the same report', () => {
  it.each([
    ['changes applied at once', {}],
    ['publication batches', { PUBLISH_EVERY: '6h' }],
  ])(
    'answers 200 or 404, never 5xx, in both orders (%s)',
    async (_name, env) => {
      const app = Object.keys(env).length
        ? await createTestApp({ ...env, RATE_LIMIT_SUBMISSIONS: '100000', RATE_LIMIT_MULTIPLIER: '1000' })
        : t;
      try {
        const seen = new Map<number, number>();
        for (let i = 0; i < 100; i++) {
          const sent = await submit(app, validSubmission(app.peptides.get('BPC-157')!));
          const update = () =>
            updateTracked(app.app, sent.trackingId, { story: `${validSubmission('').story} Race ${i}.` });
          const remove = () => deleteTracked(app.app, sent.trackingId);
          const answers = await Promise.all(i % 2 ? [update(), remove()] : [remove(), update()]);
          for (const a of answers) seen.set(a.statusCode, (seen.get(a.statusCode) ?? 0) + 1);
        }
        console.log(`[race] ${_name}: statuses over 200 requests ${JSON.stringify(Object.fromEntries(seen))}`);
        expect([...seen.keys()].every((s) => s === 200 || s === 404)).toBe(true);
      } finally {
        if (app !== t) await app.close();
      }
    },
    120_000,
  );
});
