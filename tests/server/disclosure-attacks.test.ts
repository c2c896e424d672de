// Ways an attacker tried to learn a report's withheld demographics (found by outside attacks on a
// running server), replayed against the rule that replaced per-report disclosure: no report shows
// its demographics; each peptide shows the shares of its settled reports by each question on its
// own, from SHARES_MIN_REPORTS (docs/product-rules.md, "Anonymity"). Each failed before its fix.
//  1. The wizard's disclosure question (GET /api/experiences/disclosure, then the list of shown
//     combinations, GET /api/peptides/{id}/disclosed) let a visitor learn which combination a few
//     hidden reports shared. Both are retired; nothing public names a combination.
//  2. Padding: a visitor adds reports with a guessed combination, reads, and deletes the padding
//     by tracking ID. The shares need SHARES_MIN_REPORTS reports, move only after
//     SHARES_RECOMPUTE_CHANGES changes and never combine two questions: a guess about a lone
//     report reads the same whether right or wrong. (Padding in batches, and what it costs:
//     tests/server/demographics-attacks.test.ts.)
//  3. The research export's `breakdown` listed a (peptide, age range, sex) row for a combination
//     held by a single report; later, its noisy counts moved with one report. It is always
//     empty now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReporterShares } from '../../contract/peptides';
import { SHARES_MIN_REPORTS, SHARES_RECOMPUTE_CHANGES } from '../../contract/rules';
import { bearer, createTestApp, deleteTracked, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, uniqueWord } from './fixtures';

type Demo = { ageRange: string; biologicalSex: string; activityLevel: string };
const HIDDEN: Demo = { ageRange: '50+', biologicalSex: 'female', activityLevel: 'athletic' };
const LONE: Demo = { ageRange: '35-39', biologicalSex: 'male', activityLevel: 'sedentary' };

let t: TestApp;
let mod: Record<string, string>;

/** Everything public about a peptide and its reports, and what the moderators' export says of it. */
async function everything(peptideId: string, name: string): Promise<string> {
  const feed = await t.app.inject({ method: 'GET', url: '/api/experiences', query: { peptideId, limit: '50' } });
  const peptide = await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` });
  const exported = json(
    await t.app.inject({ method: 'GET', url: '/api/research/export', query: { limit: '1000' }, headers: mod }),
  ).data;
  const mine = {
    rows: exported.rows.filter((r: { peptide: string }) => r.peptide === name),
    shares: exported.shares.filter((s: { peptide: string }) => s.peptide === name),
    breakdown: exported.breakdown,
  };
  return [feed.body, peptide.body, JSON.stringify(mine)].join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
}, 120_000);
afterAll(() => t?.close());

describe('attack: singling out hidden demographics', () => {
  it('nothing public or exported names the combination a few reports share', async () => {
    const name = uniqueWord('AttackK1');
    const peptideId = await createPeptide(t, await moderatorToken(t), { name });
    for (let i = 0; i < SHARES_RECOMPUTE_CHANGES - 1; i++)
      await submit(t, validSubmission(peptideId, { demographics: HIDDEN }));
    const seen = await everything(peptideId, name);
    // Before the fix: the list of shown combinations, and the breakdown, named them.
    expect(seen).not.toMatch(/50\+|athletic|"female"/);
    const retired = await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}/disclosed` });
    expect(retired.statusCode).toBe(404);
  }, 120_000);

  it('padding a guess and deleting the padding reads the same for a right and a wrong guess', async () => {
    // Two peptides with one lone report each; the padder guesses right on one, wrong on the other.
    const seen: string[] = [];
    for (const guess of [LONE, { ...LONE, ageRange: '18-24' }]) {
      const peptideId = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('AttackPad') });
      await submit(t, validSubmission(peptideId, { demographics: LONE }));
      const pads: string[] = [];
      for (let i = 0; i < SHARES_RECOMPUTE_CHANGES - 1; i++)
        pads.push((await submit(t, validSubmission(peptideId, { demographics: guess }))).trackingId);
      seen.push(
        JSON.stringify(
          json(await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` })).data.peptide.reporters,
        ),
      );
      for (const p of pads) expect((await deleteTracked(t.app, p)).statusCode).toBe(200);
      seen.push(
        JSON.stringify(
          json(await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` })).data.peptide.reporters,
        ),
      );
    }
    // Before the fix: "not shown" for the wrong guess, "shown" for the right one.
    expect(seen.slice(0, 2)).toEqual(seen.slice(2));
    expect((JSON.parse(seen[0]) as ReporterShares).shares).toBeNull();
  }, 120_000);

  it("the export's breakdown is empty, and a peptide of one report has no shares", async () => {
    const name = uniqueWord('AttackBreakdown');
    const peptideId = await createPeptide(t, await moderatorToken(t), { name });
    await submit(t, validSubmission(peptideId, { demographics: LONE }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/research/export',
      query: { limit: '10' },
      headers: mod,
    });
    expect(res.statusCode).toBe(200);
    // Before the fix: [{ peptide, ageRange: '35-39', biologicalSex: 'male', experiences: null }].
    expect(json(res).data.breakdown).toEqual([]);
    expect((json(res).data.shares as { peptide: string }[]).filter((s) => s.peptide === name)).toEqual([]);
    expect(SHARES_MIN_REPORTS).toBeGreaterThan(1);
  }, 120_000);
});
