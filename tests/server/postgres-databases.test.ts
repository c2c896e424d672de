// The test runs' own databases on PostgreSQL are removed (tests/postgres-databases.ts): a run's
// at its end, even one a connection still holds; a killed run's a day later; never another
// run's, nor a database the tests did not make. Runs only with TEST_DATABASE_URL.
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_AFTER_MS, createDatabase, dropRunDatabases, dropStaleDatabases } from '../postgres-databases';

const baseUrl = process.env.TEST_DATABASE_URL;

async function existing(prefix: string): Promise<string[]> {
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const res = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by 1',
      [prefix],
    );
    return res.rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!baseUrl)('test databases on PostgreSQL', () => {
  // Made-up pids, so these runs are nobody else's; the second's prefix starts with the first's.
  const now = Date.now();
  const run = `t${now}_9000001`;
  const longerRun = `t${now}_90000012`;
  const killedRun = `t${now - STALE_AFTER_MS - 60_000}_9000001`;
  const recentRun = `t${now - STALE_AFTER_MS + 600_000}_9000001`;
  afterAll(async () => {
    for (const prefix of [run, longerRun, killedRun, recentRun]) await dropRunDatabases(baseUrl!, prefix);
  });

  it("a run's end drops all of its databases, a connected one too, and only those", async () => {
    const first = await createDatabase(baseUrl!, run, 'app');
    await createDatabase(baseUrl!, run, 'app', first.name);
    const other = await createDatabase(baseUrl!, longerRun, 'app');
    const open = new Client({ connectionString: first.url });
    await open.connect();
    open.on('error', () => {}); // the drop ends this connection
    try {
      const dropped = await dropRunDatabases(baseUrl!, run);
      expect(dropped).toHaveLength(2);
      expect(await existing(`${run}_`)).toEqual([]);
      expect(await existing(longerRun)).toEqual([other.name]);
    } finally {
      await open.end().catch(() => {});
    }
  });

  it("a killed run's databases go a day later; a recent run's stay, as does any other database", async () => {
    const killed = await createDatabase(baseUrl!, killedRun, 'app');
    const recent = await createDatabase(baseUrl!, recentRun, 'app');
    const dropped = await dropStaleDatabases(baseUrl!);
    expect(dropped).toContain(killed.name);
    expect(dropped).not.toContain(recent.name);
    expect(await existing(killedRun)).toEqual([]);
    expect(await existing(recentRun)).toEqual([recent.name]);
    // The server's own database is never a candidate.
    expect(await existing('postgres')).toContain('postgres');
  });
});
