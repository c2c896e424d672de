// `npm run backup [-- <file>]`: one file (pg_dump's plain SQL) with the whole database, taken
// while the server runs: PostgreSQL (DATABASE_URL) through pg_dump, which reads one consistent
// snapshot; the embedded database through the running server (db/backup-socket.ts), or directly
// when no server holds its folder. Load it with `npm run restore -- <file>` (README, "Backup and
// restore").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { backupHeader, pgDumpInvocation } from '../db/backup';
import { BACKUP_FAILED, requestBackup } from '../db/backup-socket';
import { openDb } from '../db/client';
import { describeTightened, restrictNewFiles, tightenDataDir } from '../db/data-dir-modes';
import { isCompleteBackup } from '../db/restore';
import { configOrExit } from '../config';

const config = configOrExit();
// The backup holds every account and the session secret: the owner's alone, as the data folder.
restrictNewFiles();
const file = process.argv[2] ?? `backup-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}Z.sql`;
if (fs.existsSync(file)) {
  console.error(`${file} already exists: name another file (npm run backup -- <file>).`);
  process.exit(2);
}
// Written beside, renamed once whole: a file with the backup's name is always a complete one.
const partial = `${file}.partial`;
const began = Date.now();

function writeAll(out: fs.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => out.write(text, (err) => (err ? reject(err) : resolve())));
}

async function fromPostgres(url: string, out: fs.WriteStream): Promise<string> {
  const { args, env } = pgDumpInvocation(url);
  const child = spawn('pg_dump', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.pipe(out, { end: false });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              'pg_dump was not found: install PostgreSQL’s client tools (Debian and Ubuntu: apt install postgresql-client), of the server’s major version or newer',
            )
          : err,
      ),
    );
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`pg_dump stopped with code ${code} (its message is above)`);
  const { hostname, pathname } = new URL(url);
  return `PostgreSQL ${hostname}${pathname}`;
}

async function fromPglite(dataDir: string, out: fs.WriteStream): Promise<string> {
  if (await requestBackup(dataDir, out)) return `the embedded database in ${dataDir} (from the running server)`;
  if (!fs.existsSync(`${dataDir}/pgdata`))
    throw new Error(`there is no database in ${dataDir} (DATA_DIR): nothing to back up`);
  const notice = describeTightened(dataDir, tightenDataDir(dataDir));
  if (notice) console.warn(notice);
  const db = await openDb({ dataDir });
  try {
    await db.backup!((text) => writeAll(out, text));
  } finally {
    await db.close();
  }
  return `the embedded database in ${dataDir}`;
}

/**
 * The partial file, made by this command: `wx` creates it or fails, and fails on a symbolic link
 * too (O_CREAT with O_EXCL follows none), so nothing is ever written through a file or link that
 * was there before, and the file is 0600 from its first byte.
 */
function createPartial(): number {
  try {
    return fs.openSync(partial, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      console.error(`No backup written: ${partial} cannot be created (${(err as Error).message}).`);
      process.exit(1);
    }
    console.error(
      `No backup written: ${partial} already exists (a backup writing it now, or one cut short; it is not a whole backup). ` +
        'Remove it and run again, or name another file (npm run backup -- <file>).',
    );
    process.exit(2);
  }
}

const out = fs.createWriteStream(partial, { fd: createPartial() });
try {
  await writeAll(out, backupHeader(config.databaseUrl ? 'a PostgreSQL database' : 'the embedded database (PGlite)'));
  const what = config.databaseUrl ? await fromPostgres(config.databaseUrl, out) : await fromPglite(config.dataDir, out);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  if (!isCompleteBackup(partial)) {
    const tail = fs.readFileSync(partial, 'utf8').slice(-400);
    const failed = tail.indexOf(BACKUP_FAILED);
    throw new Error(
      failed >= 0 ? tail.slice(failed + BACKUP_FAILED.length).trim() : 'the dump ended before its last line',
    );
  }
  fs.renameSync(partial, file);
  const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup of ${what} written to ${file} (${mb} MB in ${((Date.now() - began) / 1000).toFixed(1)} s). It holds every account: keep it safe.`,
  );
} catch (err) {
  out.destroy();
  fs.rmSync(partial, { force: true });
  console.error(`No backup written: ${(err as Error).message}`);
  process.exitCode = 1;
}
