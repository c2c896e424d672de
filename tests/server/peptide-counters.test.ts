// A peptide's counters change with every report published or taken down and every vote; they are
// in no index (migration 016_peptide_counters_in_place.sql), so each change is a heap-only update
// the next reader prunes on its page. Indexed, every change left a dead row version behind, and
// PGlite, which never vacuums, grew the table without end: every feed page's total and every
// peptide list read it whole (docs/performance.md, "Counters updated in place").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, newMember, rows, uniqueWord } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function peptidePages(): Promise<number> {
  const [size] = await rows<{ pages: number }>(t, `select (pg_relation_size('peptides') / current_setting('block_size')::int)::int as pages`);
  return size.pages;
}

describe('peptide counters', () => {
  it('change in place: a report taken down and put back 1,500 times leaves the peptides table its size', async () => {
    const token = (await newMember(t, 'counters')).accessToken;
    const peptideId = await createPeptide(t, token, { name: uniqueWord('Counted') });
    const report = await submit(t, validSubmission(peptideId));
    expect(report).toMatchObject({ status: 'published' });
    const [{ id }] = await rows<{ id: string }>(t, `select id from experiences where peptide_id = $1`, [peptideId]);
    const before = await peptidePages();
    // Each statement commits on its own, as the server's writes do; each one moves the counters
    // of the report's peptide through the triggers of 001_init.sql.
    for (let i = 0; i < 750; i++) {
      await t.ctx.db.query(`update experiences set status = 'hidden', hidden_reason = 'other' where id = $1`, [id]);
      await t.ctx.db.query(`update experiences set status = 'published', hidden_reason = null where id = $1`, [id]);
    }
    const [peptide] = await rows<{ experience_count: number }>(t, `select experience_count from peptides where id = $1`, [peptideId]);
    expect(peptide.experience_count).toBe(1);
    expect(await peptidePages()).toBeLessThanOrEqual(before + 1);
  });
});
