// Backup and restore (server/cli/backup.ts, server/cli/restore.ts) on real server processes: a
// community on the embedded database is backed up while its server answers, restored into a
// fresh data folder and (with a PostgreSQL test server) into an empty PostgreSQL database, the
// move the README describes; a server on each copy answers the same feed, counts, tracking
// lookups, moderation queue and accounts. The PostgreSQL copy is backed up in turn (pg_dump,
// server running) and restored into another fresh folder. A non-empty target and a file cut
// short are refused with a sentence.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outboxConfirmationToken } from '../../scripts/outbox';
import { createDatabase } from '../postgres-databases';
import {
  api,
  freePort,
  longRunResources,
  MODERATOR,
  spawnServer,
  stopServer,
  waitHealthy,
  type ServerProcess,
} from './server-process';

const { pgUrl, pgRun, running, tempDir } = longRunResources('peptide-backup-');

/** The community's settings on every copy: every report waits for a moderator. */
const SETTINGS = { MODERATION: 'pre', PUBLISH_EVERY: '0' };
const MEMBER = { email: 'member@backup.test', password: 'quiet-harbor-lantern-42' };

/** Runs `npm run backup` or `npm run restore` (their scripts) with `env`; exit code and output. */
function cli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
      env: { ...process.env, SCRYPT_N: '1024', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('close', (code) => resolve({ code, output: output.trim() }));
  });
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ ...SETTINGS, ...env }, await freePort());
  running.push(server);
  await waitHealthy(server);
  return server;
}

interface Community {
  trackingIds: string[];
  published: string[];
  memberToken: string;
}

const submission = (peptideId: string, i: number) => ({
  peptideId,
  dosage: `${250 + i * 50} mcg`,
  frequency: 'daily',
  duration: 28 + i,
  routeOfAdministration: 'subcutaneous',
  primaryPurpose: ['Injury Healing'],
  demographics: { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' },
  outcomes: { recovery: 1 + (i % 10) },
  effects: [],
  timeline: '1-week',
  story: `Backup test report ${i}: steady recovery over four weeks, deeper sleep by the second week, and no side effects at any point.`,
  stack: [],
});

/** An account approved by the moderator, four reports (two published, two waiting), a vote. */
async function fill(base: string, dataDir: string): Promise<Community> {
  const mod = (await api(base, 'POST', '/api/users/login', MODERATOR)).body.data.accessToken as string;
  const registered = await api(base, 'POST', '/api/users/register', MEMBER);
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  // Its address confirmed with the mailed link, the account is offered to the moderator.
  const token = await outboxConfirmationToken(dataDir, MEMBER.email);
  expect((await api(base, 'POST', '/api/auth/confirm-email', { token })).status).toBe(200);
  const pending = (await api(base, 'GET', '/api/users/pending?limit=10', undefined, mod)).body.data.users as {
    _id: string;
  }[];
  expect((await api(base, 'POST', `/api/users/${pending[0]._id}/approve`, undefined, mod)).status).toBe(200);
  const memberToken = (await api(base, 'POST', '/api/users/login', MEMBER)).body.data.accessToken as string;
  const peptideId = (await api(base, 'GET', '/api/peptides?limit=1')).body.data.peptides[0]._id as string;
  const trackingIds: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await api(base, 'POST', '/api/experiences', submission(peptideId, i));
    expect(res.status).toBe(201);
    trackingIds.push(res.body.data.trackingId);
    ids.push(res.body.data.experience._id);
  }
  const published = ids.slice(0, 2);
  for (const id of published)
    expect((await api(base, 'POST', `/api/moderation/experiences/${id}/publish`, undefined, mod)).status).toBe(200);
  expect(
    (await api(base, 'POST', `/api/experiences/${published[0]}/vote`, { voteType: 'helpful' }, memberToken)).status,
  ).toBeLessThan(300);
  return { trackingIds, published, memberToken };
}

/** What a visitor, a member and the moderator see: the same on every faithful copy. */
async function snapshot(base: string, c: Community) {
  const mod = await api(base, 'POST', '/api/users/login', MODERATOR);
  const member = await api(base, 'POST', '/api/users/login', MEMBER);
  const modToken = mod.body.data.accessToken as string;
  const body = async (method: string, url: string, payload?: unknown, token?: string) => {
    const res = await api(base, method, url, payload, token);
    // generatedAt: when the answer was computed, not what it says.
    return {
      status: res.status,
      body: JSON.parse(JSON.stringify(res.body, (key, value) => (key === 'generatedAt' ? undefined : value))),
    };
  };
  return {
    logins: [mod.status, member.status],
    feed: await body('GET', '/api/experiences?limit=50'),
    counts: await body('GET', '/api/analytics/public'),
    peptides: await body('GET', '/api/peptides?limit=100'),
    tracked: await Promise.all(
      c.trackingIds.map((trackingId) => body('POST', '/api/experiences/tracking/lookup', { trackingId })),
    ),
    queue: await body('GET', '/api/moderation/queue?limit=50', undefined, modToken),
    // A session signed before the backup still works: the signing secret moved with the data.
    me: await body('GET', '/api/users/me', undefined, c.memberToken),
    vote: await body('GET', `/api/experiences/${c.published[0]}/vote`, undefined, c.memberToken),
  };
}

describe('backup and restore', () => {
  it('backs up a running PGlite server, restores into a fresh folder and PostgreSQL, and each copy answers the same', async () => {
    const sourceDir = tempDir();
    const source = await start({ DATA_DIR: sourceDir });
    const community = await fill(source.base, sourceDir);
    const before = await snapshot(source.base, community);
    expect(before.feed.body.data.experiences).toHaveLength(2);
    expect(before.queue.body.data.items).toHaveLength(2);
    expect(before.tracked.map((t) => t.status)).toEqual([200, 200, 200, 200]);
    expect(before.logins).toEqual([200, 200]);

    // The server keeps answering while the dump is taken.
    const file = path.join(tempDir(), 'community.sql');
    let answered = 0;
    const failed: number[] = [];
    const state = { done: false };
    const reading = (async () => {
      while (!state.done) {
        const res = await fetch(`${source.base}/api/experiences?limit=5`);
        await res.arrayBuffer();
        if (res.ok) answered++;
        else failed.push(res.status);
      }
    })();
    const backup = await cli('backup', [file], { DATA_DIR: sourceDir });
    state.done = true;
    await reading;
    console.log(`[backup] ${backup.output}; the server answered ${answered} reads meanwhile, ${failed.length} failed`);
    expect(backup.code).toBe(0);
    expect(failed).toEqual([]);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // The dump shared the database's one session: the server's own statements still run after it.
    expect(await snapshot(source.base, community)).toEqual(before);
    expect((await api(source.base, 'POST', '/api/users/login', MEMBER)).status).toBe(200);
    const peptideId = (await api(source.base, 'GET', '/api/peptides?limit=1')).body.data.peptides[0]._id as string;
    const afterDump = await api(source.base, 'POST', '/api/experiences', submission(peptideId, 9));
    expect(afterDump.status, JSON.stringify(afterDump.body)).toBe(201);

    // Into a fresh data folder.
    const copyDir = tempDir();
    const restored = await cli('restore', [file], { DATA_DIR: copyDir });
    console.log(`[restore] PGlite: ${restored.output}`);
    expect(restored.code).toBe(0);
    const copy = await start({ DATA_DIR: copyDir });
    expect(await snapshot(copy.base, community)).toEqual(before);

    // A target in use, or not empty, is refused with a sentence.
    const inUse = await cli('restore', [file], { DATA_DIR: copyDir });
    await stopServer(copy);
    const notEmpty = await cli('restore', [file], { DATA_DIR: copyDir });
    const cut = path.join(tempDir(), 'cut.sql');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, fs.statSync(file).size / 2));
    const cutShort = await cli('restore', [cut], { DATA_DIR: tempDir() });
    for (const [what, res] of [
      ['server running', inUse],
      ['folder not empty', notEmpty],
      ['file cut short', cutShort],
    ] as const) {
      console.log(`[restore refused] ${what}: ${res.output}`);
      expect(res.code).toBe(1);
    }
    expect(inUse.output).toMatch(/in use by another server process/);
    expect(notEmpty.output).toMatch(/already holds a database.*--force/);
    expect(cutShort.output).toMatch(/cut short/);
    const forced = await cli('restore', [file, '--force'], { DATA_DIR: copyDir });
    expect(forced.code).toBe(0);

    if (!pgUrl) {
      console.log('[backup] PostgreSQL legs skipped: set DATABASE_URL or TEST_DATABASE_URL');
      return;
    }
    // Moving to PostgreSQL: the same file into an empty database.
    const { url } = await createDatabase(pgUrl, pgRun, 'restore');
    const intoPg = await cli('restore', [file], { DATABASE_URL: url });
    console.log(`[restore] PostgreSQL: ${intoPg.output}`);
    expect(intoPg.code).toBe(0);
    const onPg = await start({ DATABASE_URL: url, DATA_DIR: tempDir() });
    expect(await snapshot(onPg.base, community)).toEqual(before);
    const again = await cli('restore', [file], { DATABASE_URL: url });
    console.log(`[restore refused] database not empty: ${again.output}`);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already has \d+ tables.*--force/);

    // And back: pg_dump while that server runs, into a fresh folder.
    const pgFile = path.join(tempDir(), 'from-postgres.sql');
    const pgBackup = await cli('backup', [pgFile], { DATABASE_URL: url });
    console.log(`[backup] ${pgBackup.output}`);
    expect(pgBackup.code).toBe(0);
    const backDir = tempDir();
    expect((await cli('restore', [pgFile], { DATA_DIR: backDir })).code).toBe(0);
    await stopServer(onPg);
    const back = await start({ DATA_DIR: backDir });
    expect(await snapshot(back.base, community)).toEqual(before);
  });

  it('a data folder whose path is too long for a socket still serves; the backup command then says to stop it', async () => {
    const dir = path.join(tempDir(), 'a-folder-name-long-enough-that-its-socket-path-passes-what-unix-sockets-allow');
    const server = await start({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
    expect(server.output()).toMatch(/npm run backup cannot reach this server/);
    const res = await cli('backup', [path.join(tempDir(), 'long.sql')], { DATA_DIR: dir });
    console.log(`[backup refused] path too long, server running: ${res.output}`);
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/in use by another server process/);
    expect((await api(server.base, 'GET', '/api/health/ready')).status).toBe(200);
  });
});
