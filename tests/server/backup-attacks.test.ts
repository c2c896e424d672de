// The holder of a backup's attacks on anonymity (docs/product-rules.md, "Publication in batches").
// Submitters with addresses of their own (X-Forwarded-For behind TRUST_PROXY=1) send reports, a
// correction and a deletion between two batches; then the database is dumped as an operator would
// (pg_dump with its defaults, on PostgreSQL) and as `npm run backup` does (pg_dump with our
// options, or the embedded database's own dump), and each file is searched for what would name a
// submitter: their addresses (every address of the /24s around them hashed with every secret the
// file holds, as the limiter keyed them), any time of theirs finer than the minute, and the order
// in which their changes arrived (over many rounds, the rank correlation of the queue's order in
// the file with the order of arrival). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL
// (the pg_dump parts need it).
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgDumpInvocation } from '../../server/db/backup';
import { createPglite } from '../../server/db/pglite';
import { pgliteTarget, restoreFile } from '../../server/db/restore';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import {
  candidateKeys,
  column,
  copyBlock,
  counters,
  finerThanMinute,
  neighbourhood,
  queueColumn,
  rankCorrelation,
  recoverIdentifiers,
  timesIn,
} from './backup-attack-tools';
import { createTestApp, deleteTracked, json, updateTracked, validSubmission, type TestApp } from './helpers';

const baseUrl = process.env.TEST_DATABASE_URL;
/** Batches every 6 hours; addresses from X-Forwarded-For behind one proxy; the limits as shipped. */
// One change per batch is enough here: the attack is on the backup between batches, not on their size.
const SETTINGS = { PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1', TRUST_PROXY: '1', RATE_LIMIT_MULTIPLIER: '1' };
/** Rounds of changes between two batches for the order's statistic. */
const ROUNDS = 30;
/** Submitters per round; with a correction and a deletion, each round queues SUBMITTERS + 2 changes. */
const SUBMITTERS = 5;

let t: TestApp;
let testStart: number;
let batchAt: Date;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-attacks-'));

beforeAll(async () => {
  t = await createTestApp(SETTINGS);
  batchAt = nextBatchAt(new Date(), t.config.publishEveryMs)!;
  testStart = Date.now();
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the batch after the last one (the grid time after the changes, then 6 hours later each time). */
async function batch() {
  await runBatch(t.ctx, batchAt);
  batchAt = new Date(batchAt.getTime() + t.config.publishEveryMs);
}

/** `n` distinct client addresses, each in a /24 of its own, in 198.18.0.0/15 (set aside for tests). */
function addresses(n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) out.add(`198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`);
  return [...out];
}
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

interface Action {
  kind: 'submit' | 'edit' | 'delete';
  address: string;
  experienceId: string;
  /** The request's time lies between these (ms). */
  before: number;
  after: number;
}

interface Report {
  id: string;
  trackingId: string;
}

/** Published reports whose authors may still correct or delete them. */
const published: Report[] = [];

/**
 * One round between two batches: SUBMITTERS reports from as many addresses, then a correction of
 * one published report and the deletion of another, each from an address of its own.
 */
async function round(): Promise<{ actions: Action[]; submitted: Report[] }> {
  const who = addresses(SUBMITTERS + 2);
  const actions: Action[] = [];
  const submitted: Report[] = [];
  for (const address of who.slice(0, SUBMITTERS)) {
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(t.peptides.get('BPC-157')!),
      ...from(address),
    });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(201);
    const data = json(res).data as { trackingId: string; experience: { _id: string } };
    submitted.push({ id: data.experience._id, trackingId: data.trackingId });
    actions.push({ kind: 'submit', address, experienceId: data.experience._id, before, after });
  }
  const [corrected, deleted] = [published.shift()!, published.shift()!];
  let before = Date.now();
  const edit = await updateTracked(
    t.app,
    corrected.trackingId,
    { dosage: `${300 + randomInt(100)} mcg` },
    from(who[SUBMITTERS]),
  );
  expect(edit.statusCode, edit.body).toBe(200);
  actions.push({ kind: 'edit', address: who[SUBMITTERS], experienceId: corrected.id, before, after: Date.now() });
  published.push(corrected);
  before = Date.now();
  const removed = await deleteTracked(t.app, deleted.trackingId, from(who[SUBMITTERS + 1]));
  expect(removed.statusCode, removed.body).toBe(200);
  actions.push({ kind: 'delete', address: who[SUBMITTERS + 1], experienceId: deleted.id, before, after: Date.now() });
  return { actions, submitted };
}

/**
 * The queue's rows in the order a dump lists them: partition by partition (migration 028), by
 * name, each in its physical order (pg_dump and db/backup.ts copy a table by a sequential scan).
 */
async function heapOrder(): Promise<string[]> {
  const res = await t.ctx.db.query<{ id: string }>(
    'select experience_id::text as id from publication_queue order by tableoid::regclass::text, ctid',
  );
  return res.rows.map((r) => r.id);
}

/** The test database's address on PostgreSQL. */
async function databaseUrl(): Promise<string> {
  const { rows } = await t.ctx.db.query<{ name: string }>('select current_database() as name');
  const url = new URL(baseUrl!);
  url.pathname = `/${rows[0].name}`;
  return url.toString();
}

/** pg_dump's plain SQL of the test database: as `npm run backup` runs it, or with no options, as an operator might. */
async function pgDump(how: 'ours' | 'defaults'): Promise<string> {
  const { args, env } = pgDumpInvocation(await databaseUrl());
  const used = how === 'ours' ? args : args.filter((a) => a.startsWith('--dbname='));
  return new Promise((resolve, reject) =>
    execFile('pg_dump', used, { env: { ...process.env, ...env }, maxBuffer: 512 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    ),
  );
}

/** The embedded database's backup, as `npm run backup` writes it (db/backup.ts dumpPglite). */
async function pgliteBackup(): Promise<string> {
  const parts: string[] = [];
  await t.ctx.db.backup!(async (text) => {
    parts.push(text);
  });
  return parts.join('');
}

interface Findings {
  counterRows: number;
  addresses: number;
  addressesInClear: number;
  datedFirstSubmissions: string[];
  datedCorrections: number;
  fineTimes: string[];
  datingTimes: string[];
  order: number;
  inPlace: number;
}

/** Everything the file gives away about the round's `actions`. */
function attack(dump: string, actions: Action[], until: number): Findings {
  const used = [...new Set(actions.map((a) => a.address))];
  const secrets = column(copyBlock(dump, 'app_settings'), 'value');
  const keys = candidateKeys(secrets, [testStart, until]);
  const found = counters(dump);
  const recovered = recoverIdentifiers(found, neighbourhood(used), keys);
  const windows = Object.values(t.config.rateLimits).map((r) => r.windowSeconds * 1000);
  // A recovered submitter's first submission: its window's end less the window.
  const datedFirstSubmissions = actions
    .filter((a) => a.kind === 'submit' && recovered.has(a.address))
    .map((a) => {
      const window = recovered.get(a.address)!.find((c) => c.key.startsWith('submit:'))!;
      return `${a.address}: ${new Date(window.resetAt - t.config.rateLimits.submissions.windowSeconds * 1000).toISOString()} (sent ${new Date(a.before).toISOString()})`;
    });
  const trackingHashes = [
    ...column(copyBlock(dump, 'experiences'), 'tracking_hash'),
    ...queueColumn(dump, 'tracking_hash'),
  ];
  const corrections = [...recoverIdentifiers(found, trackingHashes, keys).values()].filter((cs) =>
    cs.some((c) => c.key.startsWith('edit:')),
  );
  // Story band keys (story_bands, services/text-rules.ts storyBands) are 32-bit hashes, written as
  // integer arrays: among thousands, one now and then falls in the span as epoch seconds. They are
  // no time, so their arrays are left out of the search.
  const withoutBands = dump.replace(/\{-?\d+(?:,-?\d+){3,}\}/g, '{}');
  const span = timesIn(withoutBands, testStart, until + Math.max(...windows) + 60_000);
  const fine = span.filter(finerThanMinute);
  const dating = fine.filter((time) =>
    actions.some((a) => [0, ...windows].some((w) => time.ms - w >= a.before - 999 && time.ms - w <= a.after + 999)),
  );
  const arrival = actions.map((a) => a.experienceId);
  const stored = queueColumn(dump, 'experience_id').filter((id) => arrival.includes(id));
  return {
    counterRows: found.length,
    addresses: used.filter((a) => recovered.has(a)).length,
    addressesInClear: used.filter((a) => new RegExp(`(?<![\\d.])${a.replace(/\./g, '\\.')}(?![\\d.])`).test(dump))
      .length,
    datedFirstSubmissions,
    datedCorrections: corrections.length,
    fineTimes: fine.map((f) => f.text),
    datingTimes: dating.map((f) => f.text),
    order: rankCorrelation(arrival, stored),
    inPlace: arrival.filter((id, i) => stored[i] === id).length,
  };
}

function report(name: string, actions: Action[], f: Findings) {
  const senders = new Set(actions.map((a) => a.address)).size;
  console.log(
    `[backup attack] ${name}: ${f.counterRows} counter rows; addresses recovered ${f.addresses} of ${senders} (${f.addressesInClear} in clear); first submissions dated ${f.datedFirstSubmissions.length}` +
      `${f.datedFirstSubmissions.length ? ` (${f.datedFirstSubmissions.slice(0, 2).join('; ')})` : ''}; corrections dated ${f.datedCorrections}; ` +
      `times finer than the minute in the test's span ${f.fineTimes.length}, within a second of an action ${f.datingTimes.length}` +
      `${f.datingTimes.length ? ` (${f.datingTimes.slice(0, 3).join(', ')})` : ''}; queue order against arrival: rank correlation ${f.order.toFixed(2)}, ` +
      `${f.inPlace} of ${actions.length} changes at their arrival position`,
  );
}

function expectNothingFound(f: Findings) {
  expect(f.addresses).toBe(0);
  expect(f.addressesInClear).toBe(0);
  expect(f.datedFirstSubmissions).toEqual([]);
  expect(f.datedCorrections).toBe(0);
  expect(f.datingTimes).toEqual([]);
  expect(f.fineTimes).toEqual([]);
}

describe('a backup taken between two batches', () => {
  let actions: Action[];
  const dumps: { name: string; text: string }[] = [];

  beforeAll(async () => {
    // Reports public before the round, for its correction and deletion.
    for (let i = 0; i < 4; i++) {
      const sent = json(
        await t.app.inject({
          method: 'POST',
          url: '/api/experiences',
          payload: validSubmission(t.peptides.get('TB-500')!),
          ...from(addresses(1)[0]),
        }),
      ).data;
      published.push({ id: sent.experience._id, trackingId: sent.trackingId });
    }
    await batch();
    const r = await round();
    actions = r.actions;
    published.push(...r.submitted);
    if (baseUrl) {
      // The general limit's hits reach the shared counters within flushMs (server/lib/rate-limit.ts): one per address of the round.
      const flushed = async () =>
        (
          await t.ctx.db.query<{ n: number }>(
            `select count(*)::int as n from rate_limit_counters where key like 'general:%'`,
          )
        ).rows[0].n;
      while ((await flushed()) < new Set(actions.map((a) => a.address)).size)
        await new Promise((resolve) => setTimeout(resolve, 50));
      dumps.push({ name: 'pg_dump with its default options', text: await pgDump('defaults') });
      dumps.push({ name: 'npm run backup (pg_dump with our options)', text: await pgDump('ours') });
    } else {
      dumps.push({ name: 'npm run backup (the embedded database)', text: await pgliteBackup() });
    }
  }, 120_000);

  it('names no client address, no time finer than the minute, and lists the queue in its physical order', async () => {
    const until = Date.now();
    const heap = await heapOrder();
    const found = dumps.map((dump) => ({ dump, f: attack(dump.text, actions, until) }));
    for (const { dump, f } of found) report(dump.name, actions, f);
    for (const { dump, f } of found) {
      // The order a dump lists the queue in is the table's physical order, which the next test measures over many rounds.
      expect(queueColumn(dump.text, 'experience_id')).toEqual(heap);
      expectNothingFound(f);
    }
  });

  it.skipIf(!baseUrl)(
    'npm run backup leaves the counters out on PostgreSQL (pg_dump alone cannot: README tells operators the flag)',
    () => {
      const ours = dumps.find((d) => d.name.startsWith('npm run backup'))!;
      expect(copyBlock(ours.text, 'rate_limit_counters')?.rows ?? []).toEqual([]);
    },
  );
  it.runIf(!baseUrl)('(pg_dump against a PostgreSQL server: skipped on PGlite, run with TEST_DATABASE_URL)', () => {});

  it('restores into an empty database without the counters', async () => {
    const ours = dumps.find((d) => d.name.startsWith('npm run backup'))!;
    const file = path.join(dir, 'backup.sql');
    fs.writeFileSync(file, ours.text);
    const pg = await createPglite(undefined);
    try {
      await restoreFile(file, pgliteTarget(pg));
      const counted = await pg.query<{ n: number; persistence: string }>(
        `select (select count(*)::int from public.rate_limit_counters) as n, relpersistence as persistence from pg_class where relname = 'rate_limit_counters'`,
      );
      expect(counted.rows[0]).toEqual({ n: 0, persistence: 'u' });
      const queued = await pg.query<{ n: number }>('select count(*)::int as n from public.publication_queue');
      expect(queued.rows[0].n).toBe((await heapOrder()).length);
    } finally {
      await pg.close();
    }
  }, 120_000);
});

describe("the queue's order over many rounds", () => {
  it(`follows the order of arrival no better than chance (${ROUNDS} rounds of ${SUBMITTERS + 2} changes)`, async () => {
    // The first describe's round is still queued: publish it, so each round starts with an empty queue.
    await batch();
    const correlations: number[] = [];
    let inPlace = 0;
    let changes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const { actions, submitted } = await round();
      const arrival = actions.map((a) => a.experienceId);
      const stored = (await heapOrder()).filter((id) => arrival.includes(id));
      // A batch of the server's own timer (a grid time passed) may have taken some: what is left is compared.
      const left = arrival.filter((id) => stored.includes(id));
      if (left.length >= 2) {
        correlations.push(rankCorrelation(left, stored));
        inPlace += left.filter((id, k) => stored[k] === id).length;
        changes += left.length;
      }
      published.push(...submitted);
      await batch();
    }
    const mean = correlations.reduce((a, b) => a + b, 0) / correlations.length;
    // Under no relation, Spearman's rho of n items has variance 1/(n - 1); the mean of R rounds, 1/((n - 1) R).
    const margin = 4 / Math.sqrt((SUBMITTERS + 1) * correlations.length);
    console.log(
      `[backup attack] queue order over ${correlations.length} rounds of ${SUBMITTERS + 2} changes: mean rank correlation with arrival ${mean.toFixed(3)} ` +
        `(margin ±${margin.toFixed(3)}, 4 standard deviations of chance); ${inPlace} of ${changes} changes at their arrival position (chance: ${(correlations.length).toFixed(0)})`,
    );
    expect(Math.abs(mean)).toBeLessThan(margin);
  }, 600_000);
});
