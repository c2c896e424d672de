// The counter tables' vacuum (server/db/housekeeping.ts): PGlite has no autovacuum, so without
// it the space of dead row versions was never reused, and every transaction that changed a
// counter many times grew the table for good (docs/performance.md, "Counters updated in place").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { rows } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function peptidePages(): Promise<number> {
  const [size] = await rows<{ pages: number }>(t, `select (pg_relation_size('peptides') / current_setting('block_size')::int)::int as pages`);
  return size.pages;
}

describe('vacuum of the counter tables', () => {
  it('makes dead versions\' space reusable: after it, the same burst of counter changes does not grow the table again', async () => {
    const [{ id }] = await rows<{ id: string }>(t, `select id from peptides order by name limit 1`);
    // One transaction changing one counter 2,000 times, as the clean-up of an account with many
    // votes does through the triggers: none of its versions can be pruned before it commits.
    const burst = () =>
      t.ctx.db.transaction(async (tx) => {
        for (let i = 0; i < 2000; i++) await tx.query(`update peptides set vote_count = vote_count + 1 where id = $1`, [id]);
      });
    const before = await peptidePages();
    await burst();
    await t.ctx.db.vacuumCounters();
    const afterFirst = await peptidePages();
    expect(afterFirst).toBeGreaterThan(before);
    for (let i = 0; i < 3; i++) {
      await burst();
      await t.ctx.db.vacuumCounters();
    }
    expect(await peptidePages()).toBeLessThanOrEqual(afterFirst + 1);
  });
});
