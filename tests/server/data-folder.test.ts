// The data folder is readable only by the user running the server (docs/operations.md, "The data
// folder"; server/db/data-dir-modes.ts): every folder 0700 and every file 0600 from the first
// start (PGlite's files, the lock file, the mail outbox), a folder left open closed at start with
// a line in the log, `npm run backup` never writing through a file or a link that was there
// before, and a deleted account's mail removed from the outbox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue, enqueueMail } from '../../server/services/mail-queue';
import {
  api,
  freePort,
  longRunResources,
  MODERATOR,
  spawnServer,
  stopServer,
  waitHealthy,
} from '../long/server-process';
import { newMember } from './fixtures';
import { createTestApp, json, PASSWORD, type TestApp } from './helpers';

/** Every folder and file under `dir` (itself included) by its path from `dir`, with its mode; symbolic links left out. */
function modesUnder(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    if (stat.isSymbolicLink()) return;
    out.set(path.relative(dir, at) || '.', stat.mode);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return out;
}

/** What others may reach: entries with any permission bit for the group or others, as `path mode`. */
function openToOthers(dir: string): string[] {
  return [...modesUnder(dir)]
    .filter(([, mode]) => mode & 0o077)
    .map(([name, mode]) => `${name} ${(mode & 0o777).toString(8)}`);
}

function summary(dir: string): string {
  const modes = [...modesUnder(dir).values()];
  const folders = modes.filter((m) => (m & 0o170000) === 0o040000);
  return `${folders.length} folders, ${modes.length - folders.length} files`;
}

const emlFiles = (dataDir: string) => {
  const outbox = path.join(dataDir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
};

/** The messages of the server's JSON log lines. */
const logMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');

function runBackup(dataDir: string, file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', file], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

// The embedded database's folder: the PostgreSQL run of the suite (TEST_DATABASE_URL) has none.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the data folder', () => {
  const resources = longRunResources('peptide-data-folder-');
  let dataDir: string;
  beforeAll(() => {
    dataDir = path.join(resources.tempDir(), 'data');
  });

  it('is the owner’s alone from the first start: the database, the lock file and the outbox, running and stopped', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, await freePort());
    resources.running.push(server);
    await waitHealthy(server);
    // A mail in the outbox: a password reset for the moderator.
    expect((await api(server.base, 'POST', '/api/auth/forgot-password', { email: MODERATOR.email })).status).toBe(200);
    await expect.poll(() => emlFiles(dataDir).length, { timeout: 30_000 }).toBe(1);
    const running = modesUnder(dataDir);
    for (const name of [
      'server.lock',
      'outbox',
      `outbox/${emlFiles(dataDir)[0]}`,
      'pgdata',
      'pgdata/pg_wal',
      'pgdata/PG_VERSION',
    ])
      expect([...running.keys()]).toContain(name);
    console.log(
      `[data folder] a fresh start, running: ${summary(dataDir)}; open to others: ${openToOthers(dataDir).length}`,
    );
    expect(openToOthers(dataDir)).toEqual([]);
    await stopServer(server);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);

  it('a folder left open to others is closed at start, and one line in the log says what changed', async () => {
    // As an older release left it: folders 0755, files 0666.
    let folders = 0;
    let files = 0;
    for (const [name, mode] of modesUnder(dataDir)) {
      const isFolder = (mode & 0o170000) === 0o040000;
      fs.chmodSync(path.join(dataDir, name), isFolder ? 0o755 : 0o666);
      if (isFolder) folders++;
      else files++;
    }
    const server = spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, await freePort());
    resources.running.push(server);
    await waitHealthy(server);
    const lines = logMessages(server.output()).filter((m) => m.startsWith('DATA_DIR'));
    console.log(
      `[data folder] opened ${folders} folders and ${files} files; the start's log line: ${lines.join(' | ')}`,
    );
    expect(lines).toEqual([
      `DATA_DIR ${dataDir} was open to other users; closed to them now: ${folders} folders (0700) and ${files} files (0600)`,
    ]);
    expect(openToOthers(dataDir)).toEqual([]);
    await stopServer(server);

    // Closed already: the next start says nothing about it.
    const again = spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, await freePort());
    resources.running.push(again);
    await waitHealthy(again);
    expect(logMessages(again.output()).filter((m) => m.startsWith('DATA_DIR'))).toEqual([]);
    await stopServer(again);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 240_000);

  it('npm run backup creates its partial file itself: an existing one or a symbolic link is refused, never written through', async () => {
    const folder = resources.tempDir();
    const file = path.join(folder, 'peptides.sql');

    // A partial file that is there already: left as it was, with its mode.
    fs.writeFileSync(`${file}.partial`, 'not mine', { mode: 0o644 });
    fs.chmodSync(`${file}.partial`, 0o644);
    const existing = await runBackup(dataDir, file);
    console.log(`[data folder] backup over an existing partial file: exit ${existing.code}: ${existing.out.trim()}`);
    expect(existing.code).toBe(2);
    expect(existing.out).toContain(`${file}.partial already exists`);
    expect(fs.readFileSync(`${file}.partial`, 'utf8')).toBe('not mine');
    expect(fs.statSync(`${file}.partial`).mode & 0o777).toBe(0o644);
    expect(fs.existsSync(file)).toBe(false);
    fs.rmSync(`${file}.partial`);

    // A symbolic link to another file: that file is not touched, the link stays.
    const victim = path.join(folder, 'victim.txt');
    fs.writeFileSync(victim, 'precious');
    fs.symlinkSync(victim, `${file}.partial`);
    const linked = await runBackup(dataDir, file);
    console.log(`[data folder] backup over a symbolic link: exit ${linked.code}: ${linked.out.trim()}`);
    expect(linked.code).toBe(2);
    expect(fs.readFileSync(victim, 'utf8')).toBe('precious');
    expect(fs.lstatSync(`${file}.partial`).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    fs.rmSync(`${file}.partial`);

    // Nothing in the way: a whole backup, 0600, and no partial file left.
    const ok = await runBackup(dataDir, file);
    expect(ok.code, ok.out).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 180_000);
});

describe('a deleted account’s mail in the outbox', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-outbox-delete-'));
    t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://peptides.example.org' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const filesOf = (userId: string) => emlFiles(dataDir).filter((f) => f.includes(userId));
  const deleteMe = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/users/me/delete', headers, payload: { password: PASSWORD } });

  it('goes with the account: what was written, and a message being written at that moment', async () => {
    const leaving = await newMember(t, 'outbox-leaving');
    const staying = await newMember(t, 'outbox-staying');
    // Their address confirmations and approval mails, and a reset for the one leaving.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: leaving.email } }))
        .statusCode,
    ).toBe(200);
    await expect.poll(() => filesOf(leaving.userId).length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => filesOf(staying.userId).length, { timeout: 30_000 }).toBe(2);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', filesOf(leaving.userId)[0]!), 'utf8')).toContain(leaving.email);

    expect(json(await deleteMe(leaving.headers)).success).toBe(true);
    expect(filesOf(leaving.userId)).toEqual([]);
    expect(filesOf(staying.userId)).toHaveLength(2);
    expect(
      emlFiles(dataDir).some((f) => fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8').includes(leaving.email)),
    ).toBe(false);

    // A message claimed for delivery before the deletion and written after it.
    const late = await newMember(t, 'outbox-late');
    await expect.poll(() => filesOf(late.userId).length, { timeout: 30_000 }).toBe(2);
    await enqueueMail(t.ctx.db, {
      userId: late.userId,
      kind: 'password-reset',
      to: late.email,
      content: { subject: 'late', text: 'late', html: '<p>late</p>' },
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = {
      ...t.ctx,
      mailer: {
        ...t.ctx.mailer,
        send: async (m: Parameters<TestApp['ctx']['mailer']['send']>[0]) => (await gate, t.ctx.mailer.send(m)),
      },
    };
    const delivering = deliverDue(slow, () => {});
    await expect
      .poll(
        async () =>
          (await t.ctx.db.query(`select 1 from mail_queue where subject = 'late' and locked_until is not null`)).rows
            .length,
      )
      .toBe(1);
    expect(json(await deleteMe(late.headers)).success).toBe(true);
    release();
    expect(await delivering).toBe(1);
    expect(filesOf(late.userId)).toEqual([]);
    expect(filesOf(staying.userId)).toHaveLength(2);
  });
});
