// PostgreSQL restarting under load: a server on its own PostgreSQL cluster (made here with
// initdb, on a free port, so the shared test server is never touched) takes reads and
// submissions from a few clients while the cluster stops for 3 s and starts again. It must
// answer 503 with Retry-After meanwhile (never a 500, never a request longer than 10 s), recover
// by itself within 5 s of PostgreSQL's return, lose no acknowledged submission, and cache again
// (its LISTEN connection for cache invalidation reconnected). It prints the figures.
// Runs where PostgreSQL's server binaries and a `postgres` account exist, as root (CI).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, freePort, longRunResources, spawnServer, waitHealthy } from './server-process';

const bin = (() => {
  try {
    const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => fs.existsSync(`${dir}/initdb`)) ?? null;
  } catch {
    return null;
  }
})();
const canRun =
  !!bin &&
  process.getuid?.() === 0 &&
  (() => {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

const CLIENTS = 4;
const OUTAGE_MS = 3_000;
const METRICS_TOKEN = 'restart-test-metrics-token';
const { running, tempDir, beforeRemoval } = longRunResources('peptide-pgrestart-');
let cluster: string | null = null;

/** A command of the cluster's, as the postgres account (PostgreSQL refuses to run as root). */
const asPostgres = (command: string) => execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' }).toString();
const pgCtl = (action: string) => asPostgres(`${bin}/pg_ctl -D ${cluster}/data -l ${cluster}/log -w -t 60 ${action}`);

beforeRemoval(() => {
  if (!cluster) return;
  try {
    pgCtl('-m immediate stop');
  } catch {
    // Not running.
  }
});

interface Sample {
  at: number;
  ms: number;
  write: boolean;
  status: number | string;
  retryAfter: string | null;
}

describe.skipIf(!canRun)('PostgreSQL restarting under load', () => {
  it('answers 503 with Retry-After meanwhile, recovers within 5 s, loses no acknowledged write and caches again', async () => {
    const folder = tempDir();
    cluster = folder;
    fs.chownSync(
      folder,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
    const port = await freePort();
    asPostgres(`${bin}/initdb -D ${cluster}/data -U postgres -A trust --no-sync`);
    const options = `-o "-p ${port} -k ${cluster} -c listen_addresses=127.0.0.1 -c fsync=off"`;
    pgCtl(`${options} start`);
    const server = spawnServer(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, DATA_DIR: tempDir(), METRICS_TOKEN },
      await freePort(),
    );
    running.push(server);
    await waitHealthy(server);
    const peptideId = (await api(server.base, 'GET', '/api/peptides?limit=1')).body.data.peptides[0]._id as string;

    const samples: Sample[] = [];
    const acknowledged: string[] = [];
    const state = { stop: false };
    let n = 0;
    const client = async () => {
      while (!state.stop) {
        const i = n++;
        const write = i % 3 === 0;
        const began = Date.now();
        let status: number | string;
        let retryAfter: string | null = null;
        try {
          const res = await fetch(`${server.base}${write ? '/api/experiences' : '/api/experiences?limit=5'}`, {
            method: write ? 'POST' : 'GET',
            headers: write ? { 'content-type': 'application/json' } : {},
            body: write
              ? JSON.stringify({
                  peptideId,
                  dosage: '250 mcg',
                  frequency: 'daily',
                  duration: 28,
                  routeOfAdministration: 'subcutaneous',
                  primaryPurpose: ['Injury Healing'],
                  demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' },
                  outcomes: { recovery: 1 + (i % 10) },
                  effects: [],
                  timeline: '1-week',
                  story: `Restart test report ${i}: steady recovery over four weeks, deeper sleep by the second week, and no side effects at any point.`,
                  stack: [],
                })
              : undefined,
            signal: AbortSignal.timeout(15_000),
          });
          const body = (await res.json()) as { data?: { trackingId?: string } };
          status = res.status;
          retryAfter = res.headers.get('retry-after');
          if (write && res.status === 201 && body.data?.trackingId) acknowledged.push(body.data.trackingId);
        } catch (err) {
          status = (err as Error).name;
        }
        samples.push({ at: began, ms: Date.now() - began, write, status, retryAfter });
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));

    await new Promise((r) => setTimeout(r, 2_000));
    const stopped = Date.now();
    pgCtl('-m fast stop');
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    pgCtl(`${options} start`);
    const back = Date.now();
    // Load goes on until a submission succeeds again, then a little longer.
    const deadline = back + 30_000;
    while (!samples.some((s) => s.write && s.at >= back && s.status === 201) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1_000));
    state.stop = true;
    await load;
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`the server exited during the outage:\n${server.output().slice(-3000)}`);

    const firstWrite = samples
      .filter((s) => s.write && s.at >= back && s.status === 201)
      .sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
    const recoverySeconds = firstWrite ? (firstWrite.at + firstWrite.ms - back) / 1000 : Infinity;
    const during = samples.filter((s) => s.at + s.ms >= stopped);
    const statuses: Record<string, number> = {};
    for (const s of during) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    const refusals = during.filter((s) => s.status === 503);
    const slowest = Math.max(...samples.map((s) => s.ms));

    // Every acknowledged submission is there.
    let found = 0;
    for (const trackingId of acknowledged) {
      if ((await api(server.base, 'POST', '/api/experiences/tracking/lookup', { trackingId })).status === 200) found++;
    }
    // Caching again: the same read twice counts a hit in the answers cache.
    const hits = async () => {
      const text = await (
        await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(/peptide_cache_requests_total\{cache="answers",result="hit"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    let cachedAgain = false;
    for (let attempt = 0; attempt < 20 && !cachedAgain; attempt++) {
      const before = await hits();
      await fetch(`${server.base}/api/experiences?limit=7`).then((r) => r.arrayBuffer());
      await fetch(`${server.base}/api/experiences?limit=7`).then((r) => r.arrayBuffer());
      cachedAgain = (await hits()) > before;
      if (!cachedAgain) await new Promise((r) => setTimeout(r, 250));
    }

    console.log(
      `[pg-restart] PostgreSQL stopped for ${((back - stopped) / 1000).toFixed(1)} s under ${CLIENTS} clients: statuses from the stop on ${JSON.stringify(statuses)}; ` +
        `${refusals.length} answered 503, ${refusals.filter((s) => Number(s.retryAfter) > 0).length} of them with Retry-After; slowest request ${(slowest / 1000).toFixed(2)} s; ` +
        `first submission accepted ${recoverySeconds.toFixed(2)} s after PostgreSQL returned; ${acknowledged.length} submissions acknowledged, ${found} found; ` +
        `caching again: ${cachedAgain}`,
    );
    expect(refusals.length).toBeGreaterThan(0);
    expect(Object.keys(statuses).filter((s) => !['200', '201', '503'].includes(s))).toEqual([]);
    expect(refusals.every((s) => Number(s.retryAfter) > 0)).toBe(true);
    expect(slowest).toBeLessThan(10_000);
    expect(recoverySeconds).toBeLessThanOrEqual(5);
    expect(found).toBe(acknowledged.length);
    expect(cachedAgain).toBe(true);
  });
});
if (!canRun) console.log('[pg-restart] skipped: needs PostgreSQL server binaries, a postgres account, and root');
