// The counter tables' vacuum (server/db/housekeeping.ts): PGlite has no autovacuum, so without
// it the space of dead row versions was never reused, and every transaction that changed a
// counter many times grew the table for good (docs/performance.md, "Peptide counters in their own
// rows"). PGlite only: on PostgreSQL autovacuum does the same, and another session's snapshot
// (an autovacuum ANALYZE in the same database, for one) may keep a vacuum from freeing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { rows } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) t = await createTestApp();
});
afterAll(() => t?.close());

async function counterPages(): Promise<number> {
  const [size] = await rows<{ pages: number }>(
    t,
    `select (pg_relation_size('peptide_counters') / current_setting('block_size')::int)::int as pages`,
  );
  return size.pages;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('vacuum of the counter tables on PGlite', () => {
  it("makes dead versions' space reusable: after it, the same burst of counter changes does not grow the table again", async () => {
    const [{ id }] = await rows<{ id: string }>(t, `select peptide_id as id from peptide_counters limit 1`);
    // One transaction changing one counter 2,000 times, as the clean-up of an account with many
    // votes does through the triggers: none of its versions can be pruned before it commits.
    const burst = () =>
      t.ctx.db.transaction(async (tx) => {
        for (let i = 0; i < 2000; i++)
          await tx.query(`update peptide_counters set vote_count = vote_count + 1 where peptide_id = $1`, [id]);
      });
    const before = await counterPages();
    await burst();
    await t.ctx.db.vacuumCounters();
    const afterFirst = await counterPages();
    expect(afterFirst).toBeGreaterThan(before);
    for (let i = 0; i < 3; i++) {
      await burst();
      await t.ctx.db.vacuumCounters();
    }
    expect(await counterPages()).toBeLessThanOrEqual(afterFirst + 1);
  });
});
