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
});
