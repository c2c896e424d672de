// Data survives closing and reopening the same DATA_DIR; a second server process on the same
// folder is refused with a clear message.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OwnExperienceResponse, PeptideResponse, VoteStatusResponse } from '../../contract';
import { acquireLock } from '../../server/db/data-dir-lock';
import { PASSWORD, bearer, createTestApp, json, login, lookupTracked, submit, validSubmission } from './helpers';
import { createPeptide, newMember, storyOf } from './fixtures';

// Every test here opens PGlite data folders and their lock files, whatever TEST_DATABASE_URL
// says (createTestApp with a folder is PGlite): CI's PostgreSQL pass would run them again
// unchanged, so they run in the PGlite pass only.
const onPgliteFolders = describe.skipIf(Boolean(process.env.TEST_DATABASE_URL));

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-durability-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'users',
  'sessions',
  'peptides',
  'experiences',
  'votes',
  'effects',
  'account_activity',
  'experience_daily',
  'peptide_outcomes',
  'peptide_reported_effects',
  'app_settings',
  'schema_migrations',
];

/** Runs a tiny script in another Node process that opens the folder with openDb. */
function openInChild(dataDir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const script = `
    const { openDb } = await import('./server/db/client.ts');
    try {
      const db = await openDb({ dataDir: ${JSON.stringify(dataDir)} });
      await db.close();
      console.log('opened');
    } catch (err) {
      console.error(err.message);
      process.exit(3);
    }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
}

onPgliteFolders('DATA_DIR persistence', () => {
  it('every row survives close and reopen; sessions and tracking IDs keep working', async () => {
    const dir = tempDir();
    const first = await createTestApp({}, dir);
    const m = await newMember(first, 'durable');
    const peptideId = await createPeptide(first, m.accessToken);
    const story = storyOf(200, 'durable-story');
    const { trackingId, experience } = await submit(first, validSubmission(peptideId, { story }));
    const vote = await first.app.inject({
      method: 'POST',
      url: `/api/experiences/${experience._id}/vote`,
      headers: m.headers,
      payload: { voteType: 'detailed' },
    });
    expect(vote.statusCode).toBe(201);
    const snapshot: Record<string, unknown[]> = {};
    for (const table of TABLES)
      snapshot[table] = (await first.ctx.db.query(`select * from ${table} order by 1, 2`)).rows;
    expect(snapshot.experiences).toHaveLength(1);
    const peptideBefore = PeptideResponse.parse(
      json(await first.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` })),
    ).data.peptide;
    await first.close();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const second = await createTestApp({}, dir);
    try {
      for (const table of TABLES) {
        const rows = (await second.ctx.db.query(`select * from ${table} order by 1, 2`)).rows;
        expect(rows, table).toEqual(snapshot[table]);
      }
      // The signing secret and the session were kept: the old access token still works.
      expect((await second.app.inject({ method: 'GET', url: '/api/users/me', headers: m.headers })).statusCode).toBe(
        200,
      );
      expect(
        (
          await second.app.inject({
            method: 'POST',
            url: '/api/auth/refresh',
            payload: { refreshToken: m.refreshToken },
          })
        ).statusCode,
      ).toBe(200);
      await login(second, m.email, PASSWORD);
      const own = await lookupTracked(second.app, trackingId);
      expect(OwnExperienceResponse.parse(json(own)).data.experience).toMatchObject({ _id: experience._id, story });
      const status = await second.app.inject({
        method: 'GET',
        url: `/api/experiences/${experience._id}/vote`,
        headers: m.headers,
      });
      expect(VoteStatusResponse.parse(json(status)).data).toMatchObject({ hasVoted: true, voteType: 'detailed' });
      const peptideAfter = PeptideResponse.parse(
        json(
          await second.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}`, headers: bearer(m.accessToken) }),
        ),
      ).data.peptide;
      expect(peptideAfter).toEqual({ ...peptideBefore, canDelete: true });
      // Migrations and the seed are not applied twice.
      const [{ n }] = (
        await second.ctx.db.query<{ n: number }>(`select count(*)::int as n from peptides where name = 'BPC-157'`)
      ).rows;
      expect(n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a second server process on an open folder is refused; after close it may open', async () => {
    const dir = tempDir();
    const app = await createTestApp({}, dir);
    try {
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      const refused = await openInChild(dir);
      expect(refused.code, refused.stderr).toBe(3);
      expect(refused.stderr).toContain(
        `The database folder ${dir} is in use by another server process (pid ${process.pid})`,
      );
      // Still fully usable by its owner.
      expect((await app.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const allowed = await openInChild(dir);
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('opened');
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    // The project's testTimeout (vitest.config.ts): two Node processes start here, and on the
    // loaded CI machine that took longer than the 60 s this test once had.
  });
});

onPgliteFolders('acquireLock', () => {
  it('refuses a folder locked by another live process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireLock(dir)).toThrow(`is in use by another server process (pid ${process.ppid})`);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a stale lock left by a process that died', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    fs.writeFileSync(path.join(dir, 'server.lock'), String(dead));
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    release();
  });

  it('creates the folder, and release leaves a lock it does not own alone', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = acquireLock(dir);
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(true);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    release();
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });
});
