// The publication queue's writers under one lock (server/db/queue-lock.ts, migration 028): every
// statement that adds or changes rows rewrites their partitions in a random order, so a write
// without the lock is refused, and writers racing each other and a batch lose nothing, apply
// nothing twice and never deadlock. On PGlite one transaction runs at a time; run it with
// TEST_DATABASE_URL for the race itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { moderatorToken, queueQuery, rows } from './fixtures';
import {
  bearer,
  createTestApp,
  deleteTracked,
  json,
  lookupTracked,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';

let t: TestApp;
let at: Date;
beforeAll(async () => {
  t = await createTestApp({ PUBLISH_EVERY: '6h' });
  at = nextBatchAt(new Date(), t.config.publishEveryMs)!;
}, 120_000);
afterAll(() => t?.close());

const nextBatch = () => {
  const now = at;
  at = new Date(at.getTime() + t.config.publishEveryMs);
  return now;
};

describe('the queue lock', () => {
  it('a write to the queue without it is refused, with a sentence naming it', async () => {
    await expect(
      t.ctx.db.query(`delete from publication_queue where kind = 'publish' and experience_id = gen_random_uuid()`),
    ).rejects.toThrow(/publication_queue is written only after lockQueue \(server\/db\/queue-lock\.ts\)/);
    await expect(
      queueQuery(t, `delete from publication_queue where kind = 'publish' and experience_id = gen_random_uuid()`),
    ).resolves.toBeUndefined();
  });

  it('the queue is 32 partitions by report id, each rewritten whole by a write to it', async () => {
    const parts = await rows<{ n: number }>(
      t,
      `select count(*)::int as n from pg_inherits where inhparent = 'publication_queue'::regclass`,
    );
    expect(parts[0].n).toBe(32);
    const sent = await submit(t, validSubmission(t.peptides.get('BPC-157')!));
    const before = await rows<{ ctid: string; part: string }>(
      t,
      'select ctid::text, tableoid::regclass::text as part from publication_queue where experience_id = $1',
      [sent.experience._id],
    );
    // Another change in the same partition moves it (a new row version, at a new place).
    let neighbour: string | null = null;
    for (let i = 0; i < 200 && !neighbour; i++) {
      const other = await submit(t, validSubmission(t.peptides.get('BPC-157')!));
      const part = await rows<{ part: string }>(
        t,
        'select tableoid::regclass::text as part from publication_queue where experience_id = $1',
        [other.experience._id],
      );
      if (part[0].part === before[0].part) neighbour = other.experience._id;
    }
    expect(neighbour).not.toBeNull();
    const after = await rows<{ ctid: string }>(t, 'select ctid::text from publication_queue where experience_id = $1', [
      sent.experience._id,
    ]);
    expect(after[0].ctid).not.toBe(before[0].ctid);
    await runBatch(t.ctx, nextBatch());
  });
});

describe('writers racing each other and a batch', () => {
  it('submissions, corrections of queued and published reports, deletions, a hide and a batch at once: nothing lost, nothing twice, no deadlock', async () => {
    const peptideId = t.peptides.get('TB-500')!;
    const mod = bearer(await moderatorToken(t));
    const published: Awaited<ReturnType<typeof submit>>[] = [];
    for (let i = 0; i < 6; i++) published.push(await submit(t, validSubmission(peptideId)));
    await runBatch(t.ctx, nextBatch());
    const queued: Awaited<ReturnType<typeof submit>>[] = [];
    for (let i = 0; i < 6; i++) queued.push(await submit(t, validSubmission(peptideId)));

    const dosage = (i: number) => `${400 + i} mcg`;
    const outcomes = await Promise.allSettled([
      // The batch applies the queued six while their authors correct them.
      runBatch(t.ctx, nextBatch()),
      ...queued.map((q, i) => updateTracked(t.app, q.trackingId, { dosage: dosage(i) })),
      ...published.slice(0, 3).map((p, i) => updateTracked(t.app, p.trackingId, { dosage: dosage(10 + i) })),
      ...published.slice(3, 5).map((p) => deleteTracked(t.app, p.trackingId)),
      t.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${published[5].experience._id}/hide`,
        headers: mod,
        payload: { reason: 'spam' },
      }),
      ...Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) }),
      ),
    ]);
    const failed = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => String((o as PromiseRejectedResult).reason));
    const statuses = outcomes.flatMap((o) =>
      o.status === 'fulfilled' && 'statusCode' in o.value ? [o.value.statusCode] : [],
    );
    console.log(
      `[queue race] ${outcomes.length} at once: ${failed.length} failed; statuses ${[...new Set(statuses)].join(', ')}`,
    );
    expect(failed).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);

    // Two more batches apply whatever waited; every correction is in, every deletion done, once each.
    await runBatch(t.ctx, nextBatch());
    await runBatch(t.ctx, nextBatch());
    expect(await rows(t, 'select experience_id from publication_queue')).toEqual([]);
    const ownReport = async (trackingId: string) => {
      const res = await lookupTracked(t.app, trackingId);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return json(res).data.experience;
    };
    for (const [i, q] of queued.entries()) {
      const own = await ownReport(q.trackingId);
      expect(own.dosage, `queued report ${i}`).toBe(dosage(i));
      const shown = json(await t.app.inject({ method: 'GET', url: `/api/experiences/${q.experience._id}` })).data
        .experience;
      expect(shown.dosage).toBe(dosage(i));
    }
    for (const [i, p] of published.slice(0, 3).entries())
      expect((await ownReport(p.trackingId)).dosage).toBe(dosage(10 + i));
    for (const p of published.slice(3, 5)) expect((await lookupTracked(t.app, p.trackingId)).statusCode).toBe(404);
    const stored = await rows<{ id: string; status: string }>(
      t,
      'select id, status from experiences where id = any($1::uuid[])',
      [[...published, ...queued].map((r) => r.experience._id)],
    );
    expect(stored).toHaveLength(10);
    expect(stored.find((r) => r.id === published[5].experience._id)?.status).toBe('hidden');
  });
});
