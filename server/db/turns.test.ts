// The event loop's turns while PGlite works (db/turns.ts): Node accepts one new connection per
// turn, so a queue of statements that never lets the loop turn keeps new visitors waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './client';
import { createTurns } from './turns';

describe('createTurns', () => {
  it('runs units one at a time in arrival order, and a failed unit does not stop the queue', async () => {
    const turns = createTurns(1_000);
    const order: string[] = [];
    const unit = (name: string, fail = false) =>
      turns.exclusive(async () => {
        order.push(`${name} start`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([unit('a'), unit('b', true), unit('c')]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b failed', 'c']);
  });

  it('gives the loop a turn only once the budget is spent', async () => {
    let clock = 0;
    const turns = createTurns(2, () => clock);
    let turned = false;
    setImmediate(() => (turned = true));
    clock = 1;
    await turns.yieldIfDue();
    expect(turned).toBe(false);
    clock = 2;
    await turns.yieldIfDue();
    expect(turned).toBe(true);
  });
});

describe('PGlite under a queue of statements', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ dataDir: 'memory://' });
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
