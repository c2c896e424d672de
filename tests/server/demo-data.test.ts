// The generated demo reports (server/seed/index.ts, server/db/seed/generate.ts) read true: each peptide taken by a route it is
// used by, no injection-site effect from a nasal spray, purposes that fit the peptide, every
// outcome it rates within 1-10, and demographics spread so that the most reported peptides show
// some combinations under k = 5 while the rest stay hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K_ANONYMITY } from '../../contract';
import { PEPTIDES } from '../../server/db/seed/catalogue';
import { demoPurposes, demoRoutes, effectFitsRoute } from '../../server/db/seed/generate';
import { DEMO_EXPERIENCES, seedDemo } from '../../server/seed/index';
import { refreshDisclosure } from '../../server/services/publication';
import { createTestApp, type TestApp } from './helpers';
import { rows } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const ids = new Map(PEPTIDES.map((p) => [p.name, { id: t.peptides.get(p.name)!, peptide: p }]));
  await seedDemo(t.ctx, ids, DEMO_EXPERIENCES);
  await t.ctx.db.transaction((tx) => refreshDisclosure(t.ctx, tx, new Date()));
}, 120_000);
afterAll(() => t.close());

type DemoRow = { name: string; category: string; route: string; effects: string[]; primary_purpose: string[]; outcomes: Record<string, number> };

describe('demo data', () => {
  it('obeys its own consistency rules: route, effects, purposes and outcomes', async () => {
    const reports = await rows<DemoRow>(
      t,
      `select p.name, p.category, e.route, e.effects, e.primary_purpose, e.outcomes
         from experiences e join peptides p on p.id = e.peptide_id where e.is_demo`,
    );
    expect(reports).toHaveLength(DEMO_EXPERIENCES);
    console.info(`[demo] ${reports.reduce((n, r) => n + Object.keys(r.outcomes).length, 0)} outcomes rated over ${reports.length} reports`);
    for (const r of reports) {
      const peptide = { name: r.name, category: r.category as (typeof PEPTIDES)[number]['category'] };
      expect(demoRoutes(peptide), r.name).toContain(r.route);
      for (const effect of r.effects) expect(effectFitsRoute(effect, r.route as never), `${r.name} ${r.route}: ${effect}`).toBe(true);
      for (const purpose of r.primary_purpose) expect(demoPurposes(peptide), `${r.name}: ${purpose}`).toContain(purpose);
      expect(Object.keys(r.outcomes).length, r.name).toBeGreaterThan(0);
      for (const v of Object.values(r.outcomes)) expect(v >= 1 && v <= 10).toBe(true);
    }
    // The rules themselves: no oral report of injection-site redness, no muscle gain from PT-141.
    expect(effectFitsRoute('Injection Site Redness', 'oral')).toBe(false);
    expect(effectFitsRoute('Nasal Irritation', 'subcutaneous')).toBe(false);
    expect(demoPurposes({ name: 'PT-141', category: 'Performance & Enhancement' })).not.toContain('Muscle Gain');
    expect(demoRoutes({ name: 'GHK-Cu' })).toContain('topical');
    expect(reports.some((r) => r.name === 'GHK-Cu' && r.route === 'topical')).toBe(true);
  });

  it(`shows some demographics under k = ${K_ANONYMITY}, and not for every peptide`, async () => {
    const shown = await rows<{ peptides: number; cells: number }>(
      t,
      'select count(distinct peptide_id)::int as peptides, count(*)::int as cells from disclosed_cells',
    );
    expect(shown[0]!.cells).toBeGreaterThanOrEqual(3);
    expect(shown[0]!.peptides).toBeGreaterThanOrEqual(3);
    expect(shown[0]!.peptides).toBeLessThan(PEPTIDES.length);
    const [{ n }] = await rows<{ n: number }>(
      t,
      `select count(*)::int as n from experiences e join disclosed_cells dc on dc.peptide_id = e.peptide_id and dc.age_range = e.age_range
          and dc.biological_sex = e.biological_sex and dc.activity_level = e.activity_level where e.is_demo`,
    );
    // Some reports show their demographics, most do not.
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(DEMO_EXPERIENCES);
    console.info(`[demo] ${n} of ${DEMO_EXPERIENCES} reports show demographics, in ${shown[0]!.cells} cells over ${shown[0]!.peptides} peptides`);
  });
});
