// A peptide's counters change with every report published or taken down and every vote; they
// live in a narrow row of their own that no index holds (migration 016_peptide_counters.sql), so
// each change is a small in-place update the next reader prunes on its page, and the peptides
// row, with its descriptions, is not rewritten at all. As columns of peptides, with one of them
// indexed, every change left a dead copy of the whole row behind: PGlite, which never vacuums,
// grew the table without end, and every feed page's total and peptide list read it whole
// (docs/performance.md, "Peptide counters in their own rows").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, newMember, rows, uniqueWord } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pages(table: string): Promise<number> {
  const [size] = await rows<{ pages: number }>(
    t,
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
    [table],
  );
  return size.pages;
}

describe('peptide counters', () => {
  it('change in place: a report taken down and put back 1,500 times grows neither the peptides nor their counters', async () => {
    const token = (await newMember(t, 'counters')).accessToken;
    const peptideId = await createPeptide(t, token, { name: uniqueWord('Counted') });
    const report = await submit(t, validSubmission(peptideId));
    expect(report).toMatchObject({ status: 'published' });
    const [{ id }] = await rows<{ id: string }>(t, `select id from experiences where peptide_id = $1`, [peptideId]);
    const before = { peptides: await pages('peptides'), counters: await pages('peptide_counters') };
    // Each statement commits on its own, as the server's writes do; each one moves the counters
    // of the report's peptide through the triggers (001_init.sql, 009, 016).
    for (let i = 0; i < 750; i++) {
      await t.ctx.db.query(`update experiences set status = 'hidden', hidden_reason = 'other' where id = $1`, [id]);
      await t.ctx.db.query(`update experiences set status = 'published', hidden_reason = null where id = $1`, [id]);
    }
    const [counters] = await rows<{ experience_count: number }>(
      t,
      `select experience_count from peptide_counters where peptide_id = $1`,
      [peptideId],
    );
    expect(counters.experience_count).toBe(1);
    // Not grown (on PostgreSQL, autovacuum may shrink it meanwhile: the template's migrations
    // left dead versions in it).
    expect(await pages('peptides')).toBeLessThanOrEqual(before.peptides);
    // PGlite runs nothing else: every dead copy is pruned in place and the table keeps its size.
    // On PostgreSQL another session's snapshot (an autovacuum ANALYZE in this database, under the
    // parallel suite) can keep copies from being pruned until it ends; narrow, the 1,500 copies
    // still fit in under 20 pages, where as columns of peptides they took about 260.
    const allowed = t.ctx.db.kind === 'pglite' ? 1 : 20;
    expect(await pages('peptide_counters')).toBeLessThanOrEqual(before.counters + allowed);
  });

  it('every peptide has its counters row from the moment it is created', async () => {
    const token = (await newMember(t, 'counters-new')).accessToken;
    const peptideId = await createPeptide(t, token, { name: uniqueWord('Fresh') });
    const found = await rows(
      t,
      `select experience_count, rating_sum, vote_count from peptide_counters where peptide_id = $1`,
      [peptideId],
    );
    expect(found).toEqual([{ experience_count: 0, rating_sum: 0, vote_count: 0 }]);
    const [missing] = await rows<{ n: number }>(
      t,
      `select count(*)::int as n from peptides p where not exists (select 1 from peptide_counters c where c.peptide_id = p.id)`,
    );
    expect(missing.n).toBe(0);
  });
});
