// The patient observer's attacks on anonymity, replayed against the server with publication
// batches (services/publication/; docs/product-rules.md "Publication in batches"). An outside
// privacy test ran each against the running product before the batches. The attacks on
// demographics (padding a combination, comparing exports) are in
// tests/server/demographics-attacks.test.ts: no report shows its demographics any more.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBatchAt } from '../../server/services/publication/grid';
import { SCRUBBED, runBatch } from '../../server/services/publication/queue';
import { createPeptide, moderatorToken } from './fixtures';
import { createTestApp, deleteTracked, json, submit, updateTracked, validSubmission, type TestApp } from './helpers';

const DAY = 86_400_000;

// Each batch applies whatever is due (BATCH_MIN_CHANGES=1): these attacks measure other channels
// than a batch's size; a batch of one and its minimum are tests/server/batch-minimum.test.ts.
const BATCHES = {
  PUBLISH_EVERY: '6h',
  BATCH_MIN_CHANGES: '1',
  DEMOGRAPHICS_SETTLE_DAYS: '7',
  JWT_SECRET: 'publication-attacks-fixed-secret-0123456789abcdef',
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(BATCHES);
}, 120_000);
afterAll(() => t?.close());

/** A clock for batches: the tests move it forward; every batch runs at a grid time after the last. */
function batchClock(app: TestApp) {
  let at = nextBatchAt(new Date(), app.config.publishEveryMs || 3_600_000)!;
  return {
    /** Runs the next batch, `days` later than the last (at least one interval). */
    async run(days = 0) {
      at = new Date(at.getTime() + Math.max(app.config.publishEveryMs, days * DAY));
      if (app.config.publishEveryMs) await runBatch(app.ctx, at);
    },
  };
}

describe('a feed poller dates reports', () => {
  it('sees no report, edit or deletion before its batch, then all of a window at once, in an order no arrival gives', async () => {
    const batches = batchClock(t);
    const peptideId = await createPeptide(t, await moderatorToken(t));
    const feed = async () =>
      json(await t.app.inject({ method: 'GET', url: `/api/experiences?peptideId=${peptideId}&limit=100` })).data
        .experiences as { _id: string; story: string }[];
    const older: Awaited<ReturnType<typeof submit>>[] = [];
    for (let i = 0; i < 4; i++) older.push(await submit(t, validSubmission(peptideId)));
    await batches.run();
    const start = JSON.stringify(await feed());

    const sent: string[] = [];
    let changesSeen = 0;
    for (let i = 0; i < 12; i++) {
      sent.push((await submit(t, validSubmission(peptideId))).experience._id);
      if (JSON.stringify(await feed()) !== start) changesSeen++;
    }
    await updateTracked(t.app, older[0].trackingId, { story: `${validSubmission('').story} Edited while polled.` });
    if (JSON.stringify(await feed()) !== start) changesSeen++;
    await deleteTracked(t.app, older[1].trackingId);
    if (JSON.stringify(await feed()) !== start) changesSeen++;

    await batches.run();
    const after = await feed();
    const appeared = after.map((e) => e._id).filter((id) => sent.includes(id));
    // The poller's best guess: the i-th report to appear is the i-th request it logged.
    const linked = appeared.filter((id, i) => sent[i] === id).length;
    console.log(
      `[poller] ${sent.length} submissions, an edit and a deletion polled after each request: ${changesSeen} seen before the batch; ${linked} linked by order at the batch (chance: about 1)`,
    );
    expect(changesSeen).toBe(0);
    expect(appeared).toHaveLength(sent.length);
    // Within one day the feed orders reports by their random ids, never by arrival.
    expect(appeared).toEqual([...appeared].sort().reverse());
    expect(after.find((e) => e._id === older[0].experience._id)?.story).toMatch(/Edited while polled/);
    expect(after.map((e) => e._id)).not.toContain(older[1].experience._id);
  }, 60_000);
});

describe('no oracle', () => {
  it("a submission's answer never tells that a report nobody can see has the same story", async () => {
    const peptideId = t.peptides.get('Semax')!;
    const story = `${validSubmission('').story} Written once, sent twice.`;
    const first = await submit(t, validSubmission(peptideId, { story }));
    expect(first.status).toBe('queued');
    const again = await submit(t, validSubmission(peptideId, { story }));
    // Before: { status: 'held', holdReasons: ['repeated'] }, telling the second sender the first exists.
    expect(again).toMatchObject({ status: 'queued', holdReasons: [] });
    const held = `${validSubmission('').story} Order at peptides-shop.example.org today.`;
    await submit(t, validSubmission(peptideId, { story: held }));
    expect(await submit(t, validSubmission(peptideId, { story: held }))).toMatchObject({
      status: 'held',
      holdReasons: ['link'],
    });
  });

  it('a held or queued submission changes no public answer, ETag or generatedAt', async () => {
    const urls = [
      '/api/experiences?limit=20',
      '/api/experiences/home/public',
      '/api/analytics/public',
      '/api/peptides?limit=50',
    ];
    const read = async () =>
      Promise.all(
        urls.map(async (url) => {
          const res = await t.app.inject({ method: 'GET', url });
          return { url, etag: res.headers.etag, generatedAt: json(res).data.generatedAt ?? null };
        }),
      );
    const before = await read();
    await submit(
      t,
      validSubmission(t.peptides.get('Selank')!, {
        story: `${validSubmission('').story} Contact me on +1 415 555 0142.`,
      }),
    );
    await submit(t, validSubmission(t.peptides.get('Selank')!));
    expect(await read()).toEqual(before);
  });
});

describe('the data folder', () => {
  it("keeps a deleted report's text after its batch and scrub only in free space of the report tables (what it finds is printed)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scrub-'));
    const canary = `Zqxjvkwp canary ${Date.now()} marker`;
    let relationOf = new Map<string, string>();
    try {
      const app = await createTestApp(BATCHES, dir);
      try {
        const batches = batchClock(app);
        const sent = await submit(
          app,
          validSubmission(app.peptides.get('BPC-157')!, { story: `${validSubmission('').story} ${canary}` }),
        );
        await batches.run();
        await deleteTracked(app.app, sent.trackingId);
        await batches.run();
        const scrub = await app.ctx.db.scrub(SCRUBBED.vacuumed, SCRUBBED.rewritten);
        expect(scrub.walRemoved).toBe(true);
        const files = await app.ctx.db.query<{ relname: string; file: string }>(
          `select relname, pg_relation_filepath(oid) as file from pg_class where relkind in ('r', 't', 'i')`,
        );
        relationOf = new Map(files.rows.map((r) => [r.file, r.relname]));
      } finally {
        await app.close();
      }
      const found: string[] = [];
      const walk = (d: string) => {
        for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
          const file = path.join(d, entry.name);
          if (entry.isDirectory()) walk(file);
          else if (fs.readFileSync(file).includes(canary)) found.push(path.relative(dir, file));
        }
      };
      walk(dir);
      const named = found.map((f) => relationOf.get(f.replace(/^pgdata\//, '')) ?? f);
      console.log(
        `[data folder] files holding a deleted report's text after its batch and scrub: ${named.length ? named.join(', ') : 'none'}`,
      );
      // Not in the write-ahead log (its segments are deleted), nor the queue (rewritten): only in
      // free space inside the report tables' pages, until a new row is written over it
      // (db/housekeeping.ts scrubStatements; what the Privacy page says).
      expect(named.every((n) => (SCRUBBED.vacuumed as readonly string[]).includes(n))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
