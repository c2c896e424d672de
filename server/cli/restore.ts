// `npm run restore -- <file> [--force]`: loads a backup (npm run backup) into the database the
// settings name: DATABASE_URL's PostgreSQL database, else the embedded one in DATA_DIR. The
// target must be empty (--force replaces what is there); the server must not run on it meanwhile.
// From the embedded database's backup into DATABASE_URL is the move to PostgreSQL (README).
import fs from 'node:fs';
import { Client } from 'pg';
import { acquireLock } from '../db/data-dir-lock';
import { describeTightened, restrictNewFiles, tightenDataDir } from '../db/data-dir-modes';
import { createPglite, pgliteFolder } from '../db/pglite';
import { isCompleteBackup, pgliteTarget, postgresTarget, restoreFile, type RestoreSummary } from '../db/restore';
import { configOrExit } from '../config';

const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
const config = configOrExit();

async function intoPostgres(url: string): Promise<RestoreSummary> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    if (rows[0].n > 0 && !force) {
      throw new Error(
        `the database at DATABASE_URL already has ${rows[0].n} tables; restore loads into an empty database (--force drops what is there first)`,
      );
    }
    if (rows[0].n > 0) await client.query('drop schema public cascade; create schema public');
    return await restoreFile(file!, await postgresTarget(client));
  } finally {
    await client.end();
  }
}

async function intoPglite(dataDir: string): Promise<RestoreSummary> {
  // The folder is the owner's alone before the backup's accounts and secret go in (db/data-dir-modes.ts).
  restrictNewFiles();
  const notice = describeTightened(dataDir, tightenDataDir(dataDir));
  if (notice) console.warn(notice);
  // Refuses while a server runs on the folder.
  const release = acquireLock(dataDir);
  const folder = pgliteFolder(dataDir);
  try {
    if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
      if (!force)
        throw new Error(
          `${dataDir} (DATA_DIR) already holds a database; restore loads into an empty folder (--force replaces it)`,
        );
      fs.rmSync(folder, { recursive: true, force: true });
    }
    const pg = await createPglite(folder);
    try {
      return await restoreFile(file!, pgliteTarget(pg));
    } catch (err) {
      await pg.close().catch(() => {});
      fs.rmSync(folder, { recursive: true, force: true });
      throw err;
    } finally {
      if (!pg.closed) await pg.close();
    }
  } finally {
    release();
  }
}

try {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  if (!isCompleteBackup(file))
    throw new Error(`${file} is not a whole backup (it does not end with pg_dump’s closing line): it was cut short`);
  const began = Date.now();
  const where = config.databaseUrl
    ? `PostgreSQL ${new URL(config.databaseUrl).hostname}${new URL(config.databaseUrl).pathname}`
    : `the embedded database in ${config.dataDir}`;
  const done = config.databaseUrl ? await intoPostgres(config.databaseUrl) : await intoPglite(config.dataDir);
  console.log(
    `Restored ${done.tables} tables (${done.rows} rows) from ${file} into ${where} in ${((Date.now() - began) / 1000).toFixed(1)} s. Start the server on it: npm start`,
  );
} catch (err) {
  console.error(`Nothing restored: ${(err as Error).message}`);
  process.exitCode = 1;
}
