// server/db/migrations/025_figures.sql on reports stored with the overlapping age ranges
// (18-25, 25-30, ...): each moves to the range that starts at the same age, the demographic cell
// counters, the cells shown and the queued reports follow, and the new ranges and the topical
// route are the only ones the table then takes; the seeded catalogue is marked reviewed. Run
// again on the migrated template: every statement of it may run twice.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_RANGES, LEGACY_AGE_RANGES, OwnExperienceResponse } from '../../contract';
import { lockQueue } from '../../server/db/queue-lock';
import { createTestApp, json, lookupTracked, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, newMember, queueQuery, rows, uniqueWord } from './fixtures';

const MIGRATION = fs.readFileSync(path.join(import.meta.dirname, '../../server/db/migrations/025_figures.sql'), 'utf8');
/** The migration run again, as db/migrate.ts runs one: under the queue's lock, which it writes (migration 028). */
const again = () =>
  t.ctx.db.transaction(async (tx) => {
    await lockQueue(tx);
    await tx.exec(MIGRATION);
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The two tables 025 also rewrote, as they were then (migration 019); 029 dropped them.
  await t.ctx.db.query(`create table disclosed_cells (peptide_id uuid not null, age_range text not null, biological_sex text not null,
    activity_level text not null, primary key (peptide_id, age_range, biological_sex, activity_level))`);
  await t.ctx.db.query(`create table research_breakdown (peptide_id uuid not null, age_range text not null, biological_sex text not null,
    n integer not null, primary key (peptide_id, age_range, biological_sex))`);
});
afterAll(() => t.close());

describe('025_figures', () => {
  it('maps every stored overlapping range to the new one with the same lower bound, counters and queue included', async () => {
    const owner = await newMember(t, 'agerange');
    const pid = await createPeptide(t, owner.accessToken, { name: uniqueWord('Ages') });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await submit(t, validSubmission(pid))).experience._id);
    // Put the reports back as they were stored before: one in each old range, two in 25-30.
    const old = [...Object.keys(LEGACY_AGE_RANGES), '25-30'];
    await t.ctx.db.query('alter table experiences drop constraint experiences_age_range_check');
    for (const [i, range] of old.entries())
      await t.ctx.db.query('update experiences set age_range = $2 where id = $1', [ids[i], range]);
    await t.ctx.db.query(
      `insert into disclosed_cells (peptide_id, age_range, biological_sex, activity_level) values ($1, '25-30', 'male', 'active')`,
      [pid],
    );
    await t.ctx.db.query(
      `insert into research_breakdown (peptide_id, age_range, biological_sex, n) values ($1, '25-30', 'male', 6)`,
      [pid],
    );
    const queuedId = '00000000-0000-4000-8000-0000000000a5';
    await queueQuery(
      t,
      `insert into publication_queue (experience_id, kind, tracking_hash, payload, batch_at) values ($1, 'submit', $2, $3::jsonb, now())`,
      [queuedId, uniqueWord('hash'), JSON.stringify({ age_range: '45-50', route: 'oral' })],
    );

    await again();
    await again();

    const stored = await rows<{ id: string; age_range: string }>(
      t,
      'select id, age_range from experiences where peptide_id = $1',
      [pid],
    );
    for (const [i, range] of old.entries())
      expect(stored.find((r) => r.id === ids[i])!.age_range).toBe(LEGACY_AGE_RANGES[range]);
    expect(new Set(stored.map((r) => r.age_range))).toEqual(
      new Set(['18-24', '25-29', '30-34', '35-39', '40-44', '45-49']),
    );
    // The counters equal a recount: the two 25-30 reports are one cell of two, as before.
    const cells = await rows<{ age_range: string; n: number }>(
      t,
      'select age_range, sum(n)::int as n from demographic_cells where peptide_id = $1 and n > 0 group by 1 order by 1',
      [pid],
    );
    const recount = await rows<{ age_range: string; n: number }>(
      t,
      `select age_range, count(*)::int as n from experiences where peptide_id = $1 and status = 'published' group by 1 order by 1`,
      [pid],
    );
    expect(cells).toEqual(recount);
    expect(recount.find((c) => c.age_range === '25-29')!.n).toBe(2);
    expect(
      await rows(
        t,
        `select age_range from disclosed_cells where peptide_id = $1 and biological_sex = 'male' and activity_level = 'active'`,
        [pid],
      ),
    ).toContainEqual({ age_range: '25-29' });
    expect(
      await rows(t, `select age_range, n from research_breakdown where peptide_id = $1 and biological_sex = 'male'`, [
        pid,
      ]),
    ).toContainEqual({ age_range: '25-29', n: 6 });
    const oldLeft = Object.keys(LEGACY_AGE_RANGES);
    for (const table of ['experiences', 'disclosed_cells', 'research_breakdown', 'demographic_cells']) {
      expect(await rows(t, `select 1 from ${table} where age_range = any($1::text[])`, [oldLeft]), table).toEqual([]);
    }
    expect(await rows(t, 'select payload from publication_queue where experience_id = $1', [queuedId])).toEqual([
      { payload: { age_range: '45-49', route: 'oral' } },
    ]);
    await queueQuery(t, 'delete from publication_queue where experience_id = $1', [queuedId]);

    // Only the new ranges are taken from now on.
    await expect(t.ctx.db.query(`update experiences set age_range = '25-30' where id = $1`, [ids[0]])).rejects.toThrow(
      /experiences_age_range_check/,
    );
    for (const range of AGE_RANGES)
      await t.ctx.db.query('update experiences set age_range = $2 where id = $1', [ids[0], range]);
  });

  it("marks the seeded catalogue reviewed, and no member's page, even one whose author left", async () => {
    const owner = await newMember(t, 'reviewmig');
    const mine = await createPeptide(t, owner.accessToken, { name: uniqueWord('Orphan') });
    const semax = t.peptides.get('Semax')!;
    // As stored before: no review column values; the member's account deleted (created_by null).
    await t.ctx.db.query('update peptides set reviewed_at = null where id = any($1::uuid[])', [[mine, semax]]);
    await t.ctx.db.query('update peptides set created_by = null where id = $1', [mine]);
    await again();
    const after = await rows<{ id: string; reviewed: boolean }>(
      t,
      'select id, reviewed_at is not null as reviewed from peptides where id = any($1::uuid[])',
      [[mine, semax]],
    );
    expect(after.find((r) => r.id === semax)!.reviewed).toBe(true);
    expect(after.find((r) => r.id === mine)!.reviewed).toBe(false);
  });

  it('takes a report applied on the skin (topical)', async () => {
    const owner = await newMember(t, 'topical');
    const pid = await createPeptide(t, owner.accessToken, { name: uniqueWord('Skin') });
    const { trackingId } = await submit(t, validSubmission(pid, { routeOfAdministration: 'topical' }));
    expect(OwnExperienceResponse.parse(json(await lookupTracked(t.app, trackingId))).data.experience.route).toBe(
      'topical',
    );
  });
});
