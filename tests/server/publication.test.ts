// Publication in batches (services/publication/, docs/product-rules.md "Publication in
// batches"): nothing an author does, and no publish or restore of a moderator's, changes a public
// answer before its batch; the batch applies everything at once, in one transaction; the author
// sees their change at once, and when it becomes public.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { parsePublishEvery } from '../../server/config';
import { batchSlot, nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { createPeptide, moderatorToken, newMember, queueQuery, rows } from './fixtures';
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

const SIX_HOURS = 6 * 3_600_000;
let t: TestApp;
let mod: Record<string, string>;
let peptideId: string;

beforeAll(async () => {
  // What a batch does with the changes it applies; how many it needs before it applies them
  // (BATCH_MIN_CHANGES, BATCH_MAX_WAIT) is tests/server/batch-minimum.test.ts.
  t = await createTestApp({
    PUBLISH_EVERY: '6h',
    BATCH_MIN_CHANGES: '1',
    DEMOGRAPHICS_SETTLE_DAYS: '7',
    LOG_LEVEL: 'error',
  });
  mod = bearer(await moderatorToken(t));
  peptideId = await createPeptide(t, (await newMember(t, 'batches')).accessToken);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const feedIds = async () =>
  (json(await get(`/api/experiences?peptideId=${peptideId}&limit=100`)).data.experiences as { _id: string }[]).map(
    (e) => e._id,
  );
const nextBatch = () => nextBatchAt(new Date(), t.config.publishEveryMs)!;

/** Everything a visitor can read about the peptide, with each answer's ETag. */
async function publicState() {
  const urls = [
    `/api/experiences?peptideId=${peptideId}&limit=100`,
    '/api/experiences?limit=20',
    '/api/experiences/home/public',
    `/api/peptides/${peptideId}`,
    '/api/analytics/public',
  ];
  const answers = await Promise.all(urls.map((u) => get(u)));
  return answers.map((a, i) => ({ url: urls[i], status: a.statusCode, etag: a.headers.etag, body: a.body }));
}

describe('the batch grid', () => {
  it('PUBLISH_EVERY takes 0, minutes or hours dividing a day; anything else stops the server with a sentence', () => {
    expect(parsePublishEvery(undefined)).toBe(SIX_HOURS);
    expect(parsePublishEvery('0')).toBe(0);
    expect(parsePublishEvery('1m')).toBe(60_000);
    expect(parsePublishEvery('90m')).toBe(5_400_000);
    expect(parsePublishEvery('24h')).toBe(86_400_000);
    for (const bad of ['7m', '5h', '0m', '25h', '1.5h', '6', '-1h', 'six hours', '1d']) {
      expect(() => parsePublishEvery(bad), bad).toThrow(
        /PUBLISH_EVERY must be 0 \(at once\) or minutes or hours that divide a day/,
      );
    }
  });

  it('batches fall on the UTC grid: 00:00, 06:00, 12:00, 18:00 for 6h; every minute for 1m', () => {
    const at = new Date('2026-11-27T13:47:12.345Z');
    expect(nextBatchAt(at, SIX_HOURS)?.toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(batchSlot(at, SIX_HOURS).toISOString()).toBe('2026-11-27T12:00:00.000Z');
    expect(nextBatchAt(new Date('2026-11-27T23:59:59.999Z'), SIX_HOURS)?.toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    // Exactly on the grid: that batch has run (or is running), so the next one.
    expect(nextBatchAt(new Date('2026-11-27T18:00:00.000Z'), SIX_HOURS)?.toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    expect(nextBatchAt(at, 60_000)?.toISOString()).toBe('2026-11-27T13:48:00.000Z');
    expect(nextBatchAt(at, 0)).toBeNull();
  });
});

describe('a new report', () => {
  it('changes no public answer, ETag or count until its batch; its author sees it queued, with the time it becomes public', async () => {
    const before = await publicState();
    const body = validSubmission(peptideId);
    const sent = await submit(t, body);
    expect(sent.status).toBe('queued');
    expect((sent as unknown as { publicFrom: string }).publicFrom).toBe(nextBatch().toISOString());
    const after = await publicState();
    expect(after).toEqual(before);
    expect((await get(`/api/experiences/${sent.experience._id}`)).statusCode).toBe(404);

    const own = json(await lookupTracked(t.app, sent.trackingId)).data.experience;
    expect(own).toMatchObject({
      _id: sent.experience._id,
      status: 'queued',
      publicFrom: nextBatch().toISOString(),
      story: body.story,
    });

    const batch = await runBatch(t.ctx, nextBatch());
    expect(batch).toMatchObject({ ran: true, applied: { submitted: 1 } });
    expect(await feedIds()).toContain(sent.experience._id);
    const published = json(await lookupTracked(t.app, sent.trackingId)).data.experience;
    expect(published).toMatchObject({ status: 'published', publicFrom: null });
    // Public since its batch: that is when it starts to settle for its peptide's shares.
    expect(
      (
        await rows<{ published_at: Date }>(t, 'select published_at from experiences where id = $1', [
          sent.experience._id,
        ])
      )[0].published_at.toISOString(),
    ).toBe(batch.at.toISOString());
  });

  it('a held one (its text holds a link) says so at once and reaches the moderators at its batch, logged then', async () => {
    const sent = await submit(
      t,
      validSubmission(peptideId, { story: `${validSubmission('').story} Buy it at shop.example.com.` }),
    );
    expect(sent).toMatchObject({ status: 'held', holdReasons: ['link'] });
    const queue = async () =>
      (json(await get('/api/moderation/queue?limit=100', mod)).data.items as { experience: { _id: string } }[]).map(
        (i) => i.experience._id,
      );
    expect(await queue()).not.toContain(sent.experience._id);
    await runBatch(t.ctx, nextBatch());
    expect(await queue()).toContain(sent.experience._id);
    expect(
      await rows(t, 'select action, reasons from moderation_log where experience_id = $1', [sent.experience._id]),
    ).toEqual([{ action: 'hold', reasons: ['link'] }]);
  });

  it('one deleted before its batch is never public and leaves nothing behind', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    const removed = await deleteTracked(t.app, sent.trackingId);
    expect(json(removed).data).toEqual({ publicUntil: null, publicBy: null });
    expect((await lookupTracked(t.app, sent.trackingId)).statusCode).toBe(404);
    await runBatch(t.ctx, nextBatch());
    expect(await feedIds()).not.toContain(sent.experience._id);
    expect(await rows(t, 'select 1 from experiences where id = $1', [sent.experience._id])).toEqual([]);
  });

  it('one corrected before its batch is published as corrected', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    const story = `${validSubmission('').story} Corrected before it was public.`;
    const edited = json(await updateTracked(t.app, sent.trackingId, { story })).data.experience;
    expect(edited).toMatchObject({ status: 'queued', story, publicFrom: nextBatch().toISOString(), updatedAt: null });
    await runBatch(t.ctx, nextBatch());
    expect(json(await get(`/api/experiences/${sent.experience._id}`)).data.experience.story).toBe(story);
  });
});

describe("an author's edit and deletion of a public report", () => {
  it('the public keeps the old text until the batch; the author reads the new one at once', async () => {
    const body = validSubmission(peptideId);
    const sent = await submit(t, body);
    await runBatch(t.ctx, nextBatch());
    const before = await publicState();
    const story = `${validSubmission('').story} A second thought, a week later.`;
    const res = await updateTracked(t.app, sent.trackingId, { story });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.experience).toMatchObject({
      story,
      status: 'published',
      publicFrom: nextBatch().toISOString(),
    });
    expect(await publicState()).toEqual(before);
    expect(json(await get(`/api/experiences/${sent.experience._id}`)).data.experience.story).toBe(body.story);
    await runBatch(t.ctx, nextBatch());
    expect(json(await get(`/api/experiences/${sent.experience._id}`)).data.experience.story).toBe(story);
  });

  it('an edit that changes nothing writes nothing and queues nothing', async () => {
    const body = validSubmission(peptideId);
    const sent = await submit(t, body);
    await runBatch(t.ctx, nextBatch());
    const res = await updateTracked(t.app, sent.trackingId, { story: body.story });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.experience.publicFrom).toBeNull();
    expect(await rows(t, 'select 1 from publication_queue where experience_id = $1', [sent.experience._id])).toEqual(
      [],
    );
  });

  it('a deletion: 404 for the author at once, public until the batch, then gone with its votes', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    await runBatch(t.ctx, nextBatch());
    const voter = await newMember(t, 'batch-voter');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/experiences/${sent.experience._id}/vote`,
          headers: voter.headers,
          payload: { voteType: 'helpful' },
        })
      ).statusCode,
    ).toBe(201);
    const before = await publicState();
    const res = await deleteTracked(t.app, sent.trackingId);
    // With no minimum (BATCH_MIN_CHANGES=1) the earliest batch is also the latest.
    expect(json(res).data).toEqual({ publicUntil: nextBatch().toISOString(), publicBy: nextBatch().toISOString() });
    expect((await lookupTracked(t.app, sent.trackingId)).statusCode).toBe(404);
    expect((await deleteTracked(t.app, sent.trackingId)).statusCode).toBe(404);
    expect((await updateTracked(t.app, sent.trackingId, { effects: ['x'] })).statusCode).toBe(404);
    expect(await publicState()).toEqual(before);
    await runBatch(t.ctx, nextBatch());
    expect((await get(`/api/experiences/${sent.experience._id}`)).statusCode).toBe(404);
    expect(await rows(t, 'select 1 from votes where experience_id = $1', [sent.experience._id])).toEqual([]);
  });
});

describe("moderators' decisions", () => {
  it('publish waits for the batch (the queue says when); hide is at once and cancels a scheduled publish', async () => {
    const held = await submit(
      t,
      validSubmission(peptideId, { story: `${validSubmission('').story} Write to me at someone@example.com.` }),
    );
    await runBatch(t.ctx, nextBatch());
    const publish = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${held.experience._id}/publish`,
      headers: mod,
    });
    expect(json(publish).data).toEqual({
      id: held.experience._id,
      status: 'held',
      publicFrom: nextBatch().toISOString(),
    });
    expect((await get(`/api/experiences/${held.experience._id}`)).statusCode).toBe(404);
    const item = json(await get(`/api/moderation/queue?experienceId=${held.experience._id}`, mod)).data.items[0];
    expect(item.scheduled).toEqual({ action: 'publish', publicFrom: nextBatch().toISOString() });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/moderation/experiences/${held.experience._id}/publish`,
          headers: mod,
        })
      ).statusCode,
    ).toBe(409);
    // The author is told when.
    expect(json(await lookupTracked(t.app, held.trackingId)).data.experience).toMatchObject({
      status: 'held',
      publicFrom: nextBatch().toISOString(),
    });
    await runBatch(t.ctx, nextBatch());
    expect((await get(`/api/experiences/${held.experience._id}`)).statusCode).toBe(200);
    expect(
      (
        await rows<{ action: string }>(t, 'select action from moderation_log where experience_id = $1 order by seq', [
          held.experience._id,
        ])
      ).map((r) => r.action),
    ).toEqual(['hold', 'publish']);

    // Hide: at once, and a restore scheduled after it is cancelled by another hide.
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${held.experience._id}/hide`,
      headers: mod,
      payload: { reason: 'spam' },
    });
    expect(json(hide).data).toEqual({ id: held.experience._id, status: 'hidden', publicFrom: null });
    expect((await get(`/api/experiences/${held.experience._id}`)).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${held.experience._id}/restore`,
      headers: mod,
    });
    expect(await rows(t, `select kind from publication_queue where experience_id = $1`, [held.experience._id])).toEqual(
      [{ kind: 'restore' }],
    );
  });
});

/** What the queue and the batches' record hold for a report: said when a test waits for it in vain. */
async function queueState(id: string) {
  const queued = await rows(t, 'select kind, batch_at from publication_queue where experience_id = $1', [id]);
  const last = await rows(t, `select value from app_settings where key = 'last_publication_batch'`);
  const published = await rows(t, 'select status from experiences where id = $1', [id]);
  return JSON.stringify({ now: new Date().toISOString(), queued, last, published });
}

/** Waits until `app` answers the report publicly; failing, says what the queue holds for it. */
async function untilPublic(app: FastifyInstance, id: string) {
  await expect
    .poll(async () => (await app.inject({ method: 'GET', url: `/api/experiences/${id}` })).statusCode, {
      timeout: 60_000,
    })
    .toBe(200)
    .catch(async (err: Error) => {
      throw new Error(`${err.message}: ${await queueState(id)}`);
    });
}

describe('the batch itself', () => {
  it('applies everything queued in one transaction: a change that fails rolls the whole batch back, and the next run applies it all', async () => {
    const a = await submit(t, validSubmission(peptideId));
    const b = await submit(t, validSubmission(peptideId));
    // A change that cannot be applied (a rating the table refuses), as a crash mid-batch would leave it.
    await queueQuery(
      t,
      `update publication_queue set payload = jsonb_set(payload, '{rating}', '99') where experience_id = $1`,
      [b.experience._id],
    );
    await expect(runBatch(t.ctx, nextBatch())).rejects.toThrow();
    expect(await feedIds()).not.toContain(a.experience._id);
    expect(
      await rows(t, 'select kind from publication_queue where experience_id = any($1::uuid[]) order by kind', [
        [a.experience._id, b.experience._id],
      ]),
    ).toHaveLength(2);
    await queueQuery(
      t,
      `update publication_queue set payload = jsonb_set(payload, '{rating}', '7') where experience_id = $1`,
      [b.experience._id],
    );
    await runBatch(t.ctx, nextBatch());
    expect(await feedIds()).toEqual(expect.arrayContaining([a.experience._id, b.experience._id]));
  });

  it('a large batch holds no read for its whole length: requests that need the database are answered between its statements', async () => {
    const sent: { trackingId: string }[] = [];
    for (let i = 0; i < 300; i++) sent.push(await submit(t, validSubmission(peptideId)));
    const batchState = { running: true };
    const batch = runBatch(t.ctx, nextBatch()).finally(() => (batchState.running = false));
    // One pair at a time while it runs: the readiness check and an author's lookup, both read the database.
    const answered: number[] = [];
    for (let i = 0; batchState.running; i++) {
      const asked = performance.now();
      const [ready, lookup] = await Promise.all([
        get('/api/health/ready'),
        lookupTracked(t.app, sent[i % sent.length]!.trackingId),
      ]);
      expect(ready.statusCode, ready.body).toBe(200);
      expect(lookup.statusCode, lookup.body).toBe(200);
      if (batchState.running) answered.push(performance.now() - asked);
    }
    const result = await batch;
    console.log(
      `[batch] ${result.applied.submitted} reports applied in ${result.ms} ms; ${answered.length} pairs of reads answered while it ran, ` +
        `the slowest in ${Math.round(Math.max(0, ...answered))} ms, the median in ${Math.round(answered.sort((a, b) => a - b)[Math.floor(answered.length / 2)] ?? 0)} ms`,
    );
    expect(result.applied.submitted).toBe(300);
    // Before, the first pair waited for the whole transaction and was answered after it: 0.
    expect(answered.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('writes the reports of a batch in no order of arrival', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 40; i++) sent.push((await submit(t, validSubmission(peptideId))).experience._id);
    await runBatch(t.ctx, nextBatch());
    // The order of the rows in the table's pages (ctid) is the order the batch inserted them.
    const stored = (
      await rows<{ id: string }>(t, 'select id from experiences where id = any($1::uuid[]) order by ctid', [sent])
    ).map((r) => r.id);
    expect(stored).toHaveLength(sent.length);
    expect(stored).not.toEqual(sent);
    // The queue keeps no time finer than the batch, and no sequence.
    const columns = (
      await rows<{ column_name: string }>(
        t,
        `select column_name from information_schema.columns where table_name = 'publication_queue' order by 1`,
      )
    ).map((c) => c.column_name);
    expect(columns).toEqual(['batch_at', 'experience_id', 'kind', 'moderator_id', 'payload', 'tracking_hash']);
  });

  it('a missed batch that takes long does not stop the start: the server is ready and the batch commits after', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    await queueQuery(
      t,
      `update publication_queue set batch_at = batch_at - interval '12 hours' where experience_id = $1`,
      [sent.experience._id],
    );
    // Another transaction holds the row the batch writes last, so the batch cannot finish yet.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const blocker = t.ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into app_settings (key, value) values ('last_publication_batch', '1970-01-01T00:00:00.000Z') on conflict (key) do nothing`,
      );
      await tx.query(`select 1 from app_settings where key = 'last_publication_batch' for update`);
      locked();
      await held;
    });
    await isLocked;
    const restarted = await buildApp(t.ctx);
    try {
      await restarted.ready();
      release();
      await blocker;
      // No grid time falls inside the wait (PUBLISH_EVERY is hours): only the start's run can
      // publish it. A batch refreshes every peptide's shares, which on a loaded CI machine took
      // longer than 15 s.
      await untilPublic(restarted, sent.experience._id);
    } finally {
      release();
      await restarted.close();
    }
  }, 90_000);

  it('a batch missed while the server was down runs when it starts', async () => {
    const sent = await submit(t, validSubmission(peptideId));
    // The server stops before the batch and starts again after its time: the queue says so.
    await queueQuery(
      t,
      `update publication_queue set batch_at = batch_at - interval '12 hours' where experience_id = $1`,
      [sent.experience._id],
    );
    expect((await get(`/api/experiences/${sent.experience._id}`)).statusCode).toBe(404);
    const restarted = await buildApp(t.ctx);
    try {
      await restarted.ready();
      // The start waits for the missed batch up to START_BATCH_WAIT_MS (plugins/publication-batches.ts)
      // and then answers while it goes on: on a loaded machine it commits after ready().
      await untilPublic(restarted, sent.experience._id);
      expect(await rows(t, 'select 1 from publication_queue where experience_id = $1', [sent.experience._id])).toEqual(
        [],
      );
    } finally {
      await restarted.close();
    }
  });
});
