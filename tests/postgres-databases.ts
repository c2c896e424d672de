// The databases that test runs make on a PostgreSQL test server (TEST_DATABASE_URL), named so a
// run removes all of its own at its end, and a later run removes those of a run killed first.
//
// Why: nothing removed them before. On this machine 31 CI runs had left 1,600 databases (13 GB);
// after an unclean stop PostgreSQL synced all of them before it accepted a connection (250 s),
// and CI failed waiting for it (scripts/ci-postgres.sh).
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Every name is `t<ms since 1970>_<pid>_…`: the part up to the pid is its run's prefix. */
const NAME = /^t(\d{13})_\d+_/;
/** A killed run's databases are removed by the first run that starts a day after it. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** A run's prefix: all of the run's databases start with it and `_`. */
export function runPrefix(now = Date.now()): string {
  return `t${now}_${process.pid}`;
}

async function withAdmin<T>(baseUrl: string, run: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A new database of the run `prefix` (empty, or a copy of `template`); its URL. `label` says
 * what it is for; the pid and a random part keep names apart across a run's worker processes
 * (not a count kept in this module: a module evaluated twice in one worker counted again from 1).
 */
export async function createDatabase(
  baseUrl: string,
  prefix: string,
  label: string,
  template?: string | null,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${label}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin(baseUrl, (admin) =>
    admin.query(
      `create database ${admin.escapeIdentifier(name)}${template ? ` template ${admin.escapeIdentifier(template)}` : ''}`,
    ),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropWhere(baseUrl: string, keep: (name: string) => boolean): Promise<string[]> {
  return withAdmin(baseUrl, async (admin) => {
    const rows = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^t[0-9]{13}_'`,
    );
    const dropped: string[] = [];
    for (const { datname } of rows.rows) {
      if (!NAME.test(datname) || keep(datname)) continue;
      // with (force): a connection a failed test left open must not keep its database.
      await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
      dropped.push(datname);
    }
    return dropped;
  });
}

/** Drops every database of the run `prefix`; their names. */
export function dropRunDatabases(baseUrl: string, prefix: string): Promise<string[]> {
  return dropWhere(baseUrl, (name) => !name.startsWith(`${prefix}_`));
}

/** Drops the databases of runs that started over STALE_AFTER_MS before `now`; their names. */
export function dropStaleDatabases(baseUrl: string, now = Date.now()): Promise<string[]> {
  return dropWhere(baseUrl, (name) => now - Number(NAME.exec(name)![1]) <= STALE_AFTER_MS);
}
