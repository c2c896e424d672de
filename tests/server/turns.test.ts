// The event loop's turns while PGlite works (server/db/turns.ts): Node accepts one new
// connection per turn, so a queue of statements that never let the loop turn kept new visitors
// waiting seconds (docs/performance.md, "Writes"). PGlite only: on
// PostgreSQL the statements run in the database's own processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/client';
import { testConfig } from './helpers';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite under a queue of statements', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://', pgliteFastPath: testConfig().pgliteFastPath });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lets the event loop turn between queued statements and transactions', async () => {
    // 30 callers at once, like 30 requests: statements of about 2 ms each, some in transactions.
    let turnsSeen = 0;
    let running = true;
    const count = () => {
      turnsSeen++;
      if (running) setImmediate(count);
    };
    setImmediate(count);
    const work = Array.from({ length: 30 }, (_, i) =>
      i % 3
        ? db.query('select pg_sleep(0.002)')
        : db.transaction(async (tx) => {
            await tx.query('select pg_sleep(0.002)');
            await tx.query('select pg_sleep(0.002)');
          }),
    );
    await Promise.all(work);
    running = false;
    // 40 statements: the loop turned before (nearly) each. Without turns it ran them all in
    // one turn of promise callbacks, and this counted 0.
    expect(turnsSeen).toBeGreaterThanOrEqual(30);
  });

  it('a transaction opened with readsBetween answers reads between its statements; writes, failures and disguised writes keep their place', async () => {
    await db.query('create table if not exists reads_between (n int primary key)');
    await db.query('truncate reads_between');
    let statements = 0;
    let inTransaction = true;
    const seen: { during: boolean; n: number }[] = [];
    const writes: boolean[] = [];
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    const long = db.transaction(
      async (tx) => {
        for (let i = 1; i <= 20; i++) {
          await tx.query('insert into reads_between (n) values ($1)', [i]);
          statements++;
          if (i === 1) release();
          await tx.query('select pg_sleep(0.002)');
        }
        inTransaction = false;
      },
      { readsBetween: true },
    );
    await started;
    const others: Promise<unknown>[] = [];
    // Reads, one after another, while it runs: each sees the rows it has written so far.
    for (let i = 0; i < 5; i++) {
      const res = await db.query<{ n: number }>('select count(*)::int as n from reads_between');
      seen.push({ during: inTransaction, n: res.rows[0]!.n });
    }
    // Answered: none of them counts as waiting for the session any more (the metrics' queue).
    expect(db.load().waiting).toBe(0);
    // A write and a write dressed as a read wait for the commit; a read that fails fails alone.
    others.push(db.query('insert into reads_between (n) values (100)').then(() => writes.push(inTransaction)));
    others.push(
      db
        .query('with w as (insert into reads_between (n) values (101) returning n) select n from w')
        .then(() => writes.push(inTransaction)),
    );
    await expect(db.query(`select 'not a number'::int`)).rejects.toMatchObject({ code: '22P02' });
    await Promise.all([long, ...others]);
    console.log(
      `[reads between] ${seen.filter((s) => s.during).length} of ${seen.length} reads answered inside a transaction of ${statements * 2} statements, seeing ${seen.map((s) => s.n).join(', ')} rows`,
    );
    expect(seen.every((s) => s.during)).toBe(true);
    expect(seen.every((s) => s.n >= 1 && s.n <= 20)).toBe(true);
    expect(writes).toEqual([false, false]);
    // The transaction wrote all it meant to, the reads nothing, and the writes came after.
    expect((await db.query<{ n: number }>('select n from reads_between order by n')).rows.map((r) => r.n)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i + 1),
      100,
      101,
    ]);
  });
});
