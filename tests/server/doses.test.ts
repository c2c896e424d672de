// Doses (docs/product-rules.md, "Doses"): a report keeps its dose as an amount and a unit with its
// amount in mcg, `dosage` stays the text it always was, stored text is read where unambiguous, and
// each peptide's dose figures (GET /api/peptides/{id}, `doses`) are the ones a researcher rebuilds
// from the export with the contract's computeDoseFigures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDoseFigures } from '../../contract/doses';
import { FREQUENCIES } from '../../contract/vocabulary';
import { readStoredDoses, refreshDoseFigures } from '../../server/services/doses';
import { createPeptide, expectError, moderatorToken, newMember, rows, uniqueWord } from './fixtures';
import { createTestApp, json, ownReport, submit, updateTracked, validSubmission, type TestApp } from './helpers';

let t: TestApp;
let owner: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await newMember(t, 'doses');
});
afterAll(() => t.close());

const detail = async (id: string) =>
  json(await t.app.inject({ method: 'GET', url: `/api/experiences/${id}` })).data.experience as {
    dosage: string;
    dose: unknown;
  };
const peptidePage = async (id: string) =>
  json(await t.app.inject({ method: 'GET', url: `/api/peptides/${id}` })).data.peptide;
/** What runs after each publication batch (plugins/publication-batches.ts): the figures that are due. */
const computeFigures = async () => {
  await t.ctx.db.transaction((tx) => refreshDoseFigures(tx, new Date()));
  t.ctx.cache.invalidate();
};
const newPeptide = (over: Record<string, unknown> = {}) =>
  createPeptide(t, owner.accessToken, { name: uniqueWord('Dose'), ...over });

describe('a dose with a unit', () => {
  it('a dose sent as amount and unit writes its text and keeps its amount in mcg', async () => {
    const peptideId = await newPeptide();
    const sent = await submit(
      t,
      validSubmission(peptideId, { dosage: 'whatever the client wrote', dose: { amount: 0.5, unit: 'mg' } }),
    );
    const report = await detail(sent.experience._id);
    expect(report.dosage).toBe('0.5 mg');
    expect(report.dose).toEqual({ amount: 0.5, unit: 'mg', strength: null, mcg: 500 });
  });

  it('mL with the solution strength converts; mL of an IU solution keeps no mcg', async () => {
    const peptideId = await newPeptide();
    const ml = await submit(
      t,
      validSubmission(peptideId, { dose: { amount: 0.1, unit: 'mL', strength: { amount: 2.5, unit: 'mg' } } }),
    );
    expect(await detail(ml.experience._id)).toMatchObject({ dosage: '0.1 mL of 2.5 mg/mL', dose: { mcg: 250 } });
    const iu = await submit(
      t,
      validSubmission(peptideId, { dose: { amount: 0.2, unit: 'mL', strength: { amount: 100, unit: 'IU' } } }),
    );
    expect(await detail(iu.experience._id)).toMatchObject({ dose: { unit: 'mL', mcg: null } });
  });

  it('mL without its strength is refused with a sentence, and nothing is stored', async () => {
    const peptideId = await newPeptide();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { dose: { amount: 0.1, unit: 'mL' } }),
    });
    expectError(res, 400, /strength is required for a dose in mL/);
    expect(await rows(t, 'select 1 from experiences where peptide_id = $1', [peptideId])).toHaveLength(0);
  });

  it('an older client sending text only: read where unambiguous, kept as written otherwise', async () => {
    const peptideId = await newPeptide();
    const read = await submit(t, validSubmission(peptideId, { dosage: '0.5mg' }));
    expect(await detail(read.experience._id)).toEqual(
      expect.objectContaining({ dosage: '0.5mg', dose: { amount: 0.5, unit: 'mg', strength: null, mcg: 500 } }),
    );
    const unread = await submit(t, validSubmission(peptideId, { dosage: '250 mgc' }));
    expect(await detail(unread.experience._id)).toEqual(expect.objectContaining({ dosage: '250 mgc', dose: null }));
  });

  it("the author's correction of the dose rewrites its text; a correction of something else keeps it", async () => {
    const peptideId = await newPeptide();
    const sent = await submit(t, validSubmission(peptideId, { dose: { amount: 250, unit: 'mcg' } }));
    const correct = async (changes: Record<string, unknown>) =>
      expect((await updateTracked(t.app, sent.trackingId, changes)).statusCode).toBe(200);
    await correct({ dose: { amount: 300, unit: 'mcg' } });
    expect(await detail(sent.experience._id)).toMatchObject({ dosage: '300 mcg', dose: { mcg: 300 } });
    await correct({ dosage: '1 mg' });
    expect(await detail(sent.experience._id)).toMatchObject({ dosage: '1 mg', dose: { mcg: 1000 } });
    await correct({ duration: 40 });
    const own = await ownReport(t, sent.trackingId);
    expect(own).toMatchObject({ dosage: '1 mg', dose: { mcg: 1000 }, duration: 40 });
  });
});

it('the database accepts every frequency the contract offers, and no other', async () => {
  const res = await rows<{ def: string }>(
    t,
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'experiences_frequency_check'`,
  );
  const listed = [...res[0].def.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  expect(listed.sort()).toEqual([...FREQUENCIES].sort());
});

describe('stored doses written as text', () => {
  it('are read once where unambiguous, counted, and the rest stay as written', async () => {
    const peptideId = await newPeptide();
    const a = await submit(t, validSubmission(peptideId, { dosage: '250 mcg' }));
    const b = await submit(t, validSubmission(peptideId, { dosage: '0.25 ml' }));
    // As a report stored before doses had a unit.
    await t.ctx.db.query('update experiences set dose = null, dose_checked = null where id = any($1::uuid[])', [
      [a.experience._id, b.experience._id],
    ]);
    const before = await rows<{ n: string }>(
      t,
      `select n from migration_notes where migration = '036_doses' and note like 'stored doses read%'`,
    );
    const counted = await readStoredDoses(t.ctx.db);
    expect(counted).toEqual({ read: 1, unread: 1 });
    expect(await readStoredDoses(t.ctx.db)).toEqual({ read: 0, unread: 0 });
    const after = await rows<{ n: string }>(
      t,
      `select n from migration_notes where migration = '036_doses' and note like 'stored doses read%'`,
    );
    expect(Number(after[0].n) - Number(before[0]?.n ?? 0)).toBe(1);
    const stored = await rows<{ id: string; dose: unknown }>(
      t,
      'select id, dose from experiences where id = any($1::uuid[])',
      [[a.experience._id, b.experience._id]],
    );
    expect(stored.find((r) => r.id === a.experience._id)?.dose).toEqual({
      amount: 250,
      unit: 'mcg',
      strength: null,
      mcg: 250,
    });
    expect(stored.find((r) => r.id === b.experience._id)?.dose).toBeNull();
    // The public text follows the row.
    expect((await detail(a.experience._id)).dose).toMatchObject({ mcg: 250 });
  });
});

describe("a peptide's dose figures", () => {
  it('equal the ones rebuilt from the export, and say how many were left out', async () => {
    const peptideId = await newPeptide({ dosageRanges: { low: '200 mcg', medium: '350 mcg', high: '500 mcg' } });
    // 100 to 750 mcg by 50, and 1 mg: five in each third.
    const doses = [...Array.from({ length: 14 }, (_, i) => 100 + 50 * i), 1000];
    const frequencies = ['daily', 'twice-daily', 'five-on-two-off', 'as-needed', 'weekly'];
    for (const [i, mcg] of doses.entries()) {
      await submit(
        t,
        validSubmission(peptideId, {
          dose: mcg >= 1000 ? { amount: mcg / 1000, unit: 'mg' } : { amount: mcg, unit: 'mcg' },
          frequency: frequencies[i % frequencies.length],
          duration: 20 + i,
          routeOfAdministration: i % 3 ? 'subcutaneous' : 'oral',
          outcomes: { energy: 3 + (i % 7), sleep: 4 + (i % 5) },
        }),
      );
    }
    await submit(t, validSubmission(peptideId, { dosage: 'a bit' }));
    await submit(t, validSubmission(peptideId, { dose: { amount: 2, unit: 'IU' } }));
    await computeFigures();
    const figures = (await peptidePage(peptideId)).doses;
    expect(figures.reports).toBe(17);
    expect(figures.leftOut).toBe(2);
    expect(figures.perAdministration).toEqual({ median: 450, low: 275, high: 625, n: 15 });
    // The page's 200-500 mcg, widened to the community's middle half.
    expect(figures.usual).toEqual({ lowMcg: 200, highMcg: 625 });
    expect(figures.bands.map((b: { outcome: string }) => b.outcome)).toEqual(['energy', 'sleep']);

    // A researcher's rebuild: every published report of the peptide, from the export.
    const exported = json(
      await t.app.inject({
        method: 'GET',
        url: '/api/research/export?limit=5000',
        headers: { authorization: `Bearer ${await moderatorToken(t)}` },
      }),
    ).data;
    const name = (await peptidePage(peptideId)).name;
    const mine = exported.rows
      .filter((r: { peptide: string }) => r.peptide === name)
      .map(
        (r: {
          route: string;
          frequency: string;
          durationDays: number;
          dose: { mcg: number | null } | null;
          outcomes: Record<string, number>;
        }) => ({
          route: r.route,
          frequency: r.frequency,
          duration: r.durationDays,
          doseMcg: r.dose?.mcg ?? null,
          outcomes: r.outcomes,
        }),
      );
    const { usual: _usual, asOf: _asOf, ...served } = figures;
    expect(served).toEqual(computeDoseFigures(mine));

    // The wizard's catalogue carries what is usual.
    const catalogue = json(await t.app.inject({ method: 'GET', url: '/api/peptides/catalogue' })).data.peptides;
    expect(catalogue.find((p: { _id: string }) => p._id === peptideId).usualDose).toEqual({
      lowMcg: 200,
      highMcg: 625,
    });
  });

  it('move only when computed after a batch, never with a request; below 5 doses there is no figure', async () => {
    const peptideId = await newPeptide();
    await computeFigures();
    await submit(t, validSubmission(peptideId, { dose: { amount: 250, unit: 'mcg' } }));
    // The report is public (batches are off here), its peptide's figures not yet: they follow the batch run.
    expect((await peptidePage(peptideId)).doses).toMatchObject({ reports: 0 });
    await computeFigures();
    const figures = (await peptidePage(peptideId)).doses;
    expect(figures).toMatchObject({ reports: 1, leftOut: 0, perAdministration: null, perWeek: null, bands: [] });
  });
});

// Several processes on one PostgreSQL: a starting process recomputes what is due without waiting
// on a batch that holds a peptide's figures (the batch may be waiting on it: a deadlock), and the
// batch computes that peptide itself. PGlite has one connection: nothing to race there.
it.runIf(process.env.TEST_DATABASE_URL)(
  'a starting process skips the figures a batch holds, and the batch computes them',
  async () => {
    const peptideId = await newPeptide();
    await submit(t, validSubmission(peptideId, { dose: { amount: 250, unit: 'mcg' } }));
    await t.ctx.db.query('update peptide_dose_figures set version = version + 1 where peptide_id = $1', [peptideId]);
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const batch = t.ctx.db.transaction(async (tx) => {
      await tx.query('select 1 from peptide_dose_figures where peptide_id = $1 for update', [peptideId]);
      locked();
      await released;
      return refreshDoseFigures(tx, new Date());
    });
    await isLocked;
    const atStart = await t.ctx.db.transaction((tx) => refreshDoseFigures(tx, new Date(), { skipBusy: true }));
    expect(atStart).not.toContain(peptideId);
    release();
    expect(await batch).toContain(peptideId);
  },
);
