// The rate limiter's key across real processes on PostgreSQL (server/lib/limiter-key.ts): the
// workers of WORKERS=2 count together under the key their primary drew and handed them (the
// database never holds it), workers replaced on SIGHUP go on counting, a full restart starts
// afresh, and with RATE_LIMIT_SECRET the counts outlive a restart (as they are shared between
// machines). Needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL); skipped otherwise.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../postgres-databases';
import {
  api,
  freePort,
  longRunResources,
  spawnServer,
  stopServer,
  waitHealthy,
  type ServerProcess,
} from './server-process';

const { pgUrl, pgRun, running, tempDir } = longRunResources('peptide-limiter-');
const SUBMISSIONS = 3;

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env, await freePort());
  running.push(server);
  await waitHealthy(server);
  const started = Date.now();
  while ((server.output().match(/Serving on/g) ?? []).length < 2) {
    if (Date.now() - started > 120_000) throw new Error(`both workers did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}

/** One submission on a connection of its own, so that the primary hands each to the next worker. */
function submitAlone(base: string, peptideId: string, i: number): Promise<number> {
  const body = JSON.stringify({
    peptideId,
    dosage: '250 mcg',
    frequency: 'daily',
    duration: 30,
    routeOfAdministration: 'subcutaneous',
    primaryPurpose: ['Injury Healing'],
    demographics: { ageRange: '30-34', biologicalSex: 'male', activityLevel: 'active' },
    outcomes: { recovery: 7 },
    effects: [],
    timeline: '1-week',
    story: `Limiter run report ${i} ${Math.random().toString(36).slice(2)}: steady recovery over four weeks and deeper sleep by the second week.`,
    stack: [],
  });
  const url = new URL('/api/experiences', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The process ids that logged a submission coming in (pino's JSON lines carry `pid`). */
function answering(server: ServerProcess): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes('"method":"POST"') || !line.includes('"url":"/api/experiences"'))
      continue;
    const entry = JSON.parse(line) as { pid?: number };
    if (entry.pid) pids.add(entry.pid);
  }
  return pids;
}

describe.skipIf(!pgUrl)('rate limits across WORKERS=2 and restarts (PostgreSQL)', () => {
  it('the workers count together; SIGHUP keeps the count; a restart starts afresh unless RATE_LIMIT_SECRET is set', async () => {
    const { url } = await createDatabase(pgUrl!, pgRun, 'limiter');
    const env = {
      DATABASE_URL: url,
      DATA_DIR: tempDir(),
      WORKERS: '2',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_SUBMISSIONS: String(SUBMISSIONS),
      PUBLISH_EVERY: '6h',
      LOG_LEVEL: 'info',
    };
    let server = await start(env);
    const peptideId = (await api(server.base, 'GET', '/api/peptides?limit=1')).body.data.peptides[0]._id as string;
    const statuses: number[] = [];
    for (let i = 0; i < 2 * SUBMISSIONS; i++) statuses.push(await submitAlone(server.base, peptideId, i));
    const pids = answering(server);
    server.child.kill('SIGHUP');
    const hup = Date.now();
    while (!/SIGHUP: 2 workers replaced/.test(server.output())) {
      if (Date.now() - hup > 120_000) throw new Error(`the workers were not replaced:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const afterHup = await submitAlone(server.base, peptideId, 100);
    await stopServer(server);
    server = await start(env);
    const afterRestart = await submitAlone(server.base, peptideId, 101);
    await stopServer(server);

    const withSecret = { ...env, RATE_LIMIT_SECRET: 'limiter-run-operator-secret-0123456789abcdef' };
    server = await start(withSecret);
    const secretRun: number[] = [];
    for (let i = 0; i < SUBMISSIONS; i++) secretRun.push(await submitAlone(server.base, peptideId, 200 + i));
    await stopServer(server);
    server = await start(withSecret);
    const afterSecretRestart = await submitAlone(server.base, peptideId, 300);
    await stopServer(server);

    console.log(
      `[limiter] ${SUBMISSIONS} submissions an hour, one address, a connection each: ${statuses.join(' ')} from ${pids.size} workers; ` +
        `after SIGHUP ${afterHup}; after a restart ${afterRestart}; with RATE_LIMIT_SECRET ${secretRun.join(' ')}, then after a restart ${afterSecretRestart}`,
    );
    expect(pids.size).toBe(2);
    expect(statuses).toEqual([...Array(SUBMISSIONS).fill(201), ...Array(SUBMISSIONS).fill(429)]);
    expect(afterHup).toBe(429);
    expect(afterRestart).toBe(201);
    expect(secretRun).toEqual(Array(SUBMISSIONS).fill(201));
    expect(afterSecretRestart).toBe(429);
  });
});
