// The queue behind PGlite's statements (db/turns.ts); tests/server/turns.test.ts checks it on a
// real PGlite database.
import { describe, expect, it } from 'vitest';
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
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ]);
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
