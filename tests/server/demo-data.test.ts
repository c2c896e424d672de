// The generated demo reports (server/seed/index.ts, server/db/seed/generate.ts) read true: each peptide taken by a route it is
// used by, no injection-site effect from a nasal spray, purposes that fit the peptide, every
// outcome it rates within 1-10, and enough reports of the most reported peptides to show who
// reports them (at least 20), too few for the rest; stories that say nothing their own fields
// contradict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARES_MIN_REPORTS } from '../../contract';
import { readDoseText } from '../../contract/doses';
import { PEPTIDES } from '../../server/db/seed/catalogue';
import { demoPurposes, demoRoutes, effectFitsRoute } from '../../server/db/seed/generate';
import { DEMO_EXPERIENCES, seedDemo } from '../../server/seed/index';
import { refreshShares } from '../../server/services/reporter-shares';
import { createTestApp, type TestApp } from './helpers';
import { rows } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const ids = new Map(PEPTIDES.map((p) => [p.name, { id: t.peptides.get(p.name)!, peptide: p }]));
  await seedDemo(t.ctx, ids, DEMO_EXPERIENCES);
  await t.ctx.db.transaction((tx) => refreshShares(t.ctx, tx, new Date()));
}, 120_000);
afterAll(() => t.close());

type DemoRow = {
  name: string;
  category: string;
  route: string;
  effects: string[];
  primary_purpose: string[];
  outcomes: Record<string, number>;
};

describe('demo data', () => {
  it('obeys its own consistency rules: route, effects, purposes and outcomes', async () => {
    const reports = await rows<DemoRow>(
      t,
      `select p.name, p.category, e.route, e.effects, e.primary_purpose, e.outcomes
         from experiences e join peptides p on p.id = e.peptide_id where e.is_demo`,
    );
    expect(reports).toHaveLength(DEMO_EXPERIENCES);
    console.info(
      `[demo] ${reports.reduce((n, r) => n + Object.keys(r.outcomes).length, 0)} outcomes rated over ${reports.length} reports`,
    );
    for (const r of reports) {
      const peptide = { name: r.name, category: r.category as (typeof PEPTIDES)[number]['category'] };
      expect(demoRoutes(peptide), r.name).toContain(r.route);
      for (const effect of r.effects)
        expect(effectFitsRoute(effect, r.route as never), `${r.name} ${r.route}: ${effect}`).toBe(true);
      for (const purpose of r.primary_purpose)
        expect(demoPurposes(peptide), `${r.name}: ${purpose}`).toContain(purpose);
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

  it('tells stories that agree with their own duration, frequency, route and dose', async () => {
    const reports = await rows<{
      name: string;
      story: string;
      duration_days: number;
      frequency: string;
      route: string;
      dosage: string;
      dose: { amount: number; unit: string } | null;
    }>(
      t,
      `select p.name, e.story, e.duration_days, e.frequency, e.route, e.dosage, e.dose
         from experiences e join peptides p on p.id = e.peptide_id where e.is_demo`,
    );
    const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    const weeksOf = (word: string) => words.indexOf(word) + 1;
    const contradictions: string[] = [];
    const says = (r: (typeof reports)[number], what: string) =>
      contradictions.push(`${r.name} (${r.duration_days} days, ${r.frequency}, ${r.route}): ${what}`);
    for (const r of reports) {
      if (/stopped after two weeks/i.test(r.story) && (r.duration_days < 10 || r.duration_days > 20))
        says(r, 'stopped after two weeks');
      // "by week five", "at eight weeks", "the first three weeks": the report lasted that long.
      for (const m of r.story.matchAll(/\bweek (\w+)|\b(\w+) weeks/gi)) {
        const weeks = weeksOf((m[1] ?? m[2]).toLowerCase());
        if (weeks > 2 && r.duration_days < weeks * 7) says(r, m[0]);
      }
      if (/daily injections/i.test(r.story) && !['daily', 'twice-daily'].includes(r.frequency))
        says(r, 'daily injections');
      if (/inject|needle/i.test(r.story) && !['subcutaneous', 'intramuscular'].includes(r.route))
        says(r, 'an injection');
    }
    expect(contradictions).toEqual([]);
    // A peptide whose catalogue dosage is a sentence ("0.25 mg starting dose, titrated up to 2.4 mg")
    // still gets doses with an amount and a unit, never that sentence.
    const sentences = PEPTIDES.filter((p) => readDoseText(p.commonDosage) === null);
    expect(sentences.map((p) => p.name)).toContain('Semaglutide');
    for (const p of sentences) {
      const theirs = reports.filter((r) => r.name === p.name);
      expect(theirs.length, p.name).toBeGreaterThan(0);
      for (const r of theirs) {
        expect(r.dosage, p.name).not.toBe(p.commonDosage);
        if (!r.dosage.startsWith('about '))
          expect(r.dose, `${p.name}: ${r.dosage}`).toMatchObject({
            amount: expect.any(Number),
            unit: expect.any(String),
          });
      }
    }
  });

  it(`shows who reports the peptides with ${SHARES_MIN_REPORTS} reports or more, and no report's own demographics`, async () => {
    const shares = await rows<{ peptide_id: string; reports: number; shown: boolean }>(
      t,
      'select peptide_id, reports, shares is not null as shown from reporter_shares',
    );
    const shown = shares.filter((s) => s.shown);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.length).toBeLessThan(PEPTIDES.length);
    for (const s of shares) expect(s.shown).toBe(s.reports >= SHARES_MIN_REPORTS);
    const feed = await t.app.inject({ method: 'GET', url: '/api/experiences?limit=100' });
    for (const e of JSON.parse(feed.body).data.experiences as { demographics: unknown }[])
      expect(e.demographics).toBeNull();
    console.info(
      `[demo] ${shown.length} of ${PEPTIDES.length} peptides show who reports them (${SHARES_MIN_REPORTS} reports or more); no report shows its own`,
    );
  });
});
