// Ways an attacker tried to learn a report's withheld demographics (found by an outside attack
// on a running server); each test failed before its fix.
//  1. The wizard's disclosure question (GET /api/experiences/disclosure, retired since for
//     GET /api/peptides/{id}/disclosed) answered true when a cell already held K-1 reports, so a
//     visitor learned the exact combination of hidden reports (the feed shows them as null).
//  2. Padding: a visitor adds K-2 reports with a guessed combination, asks, and deletes the
//     padding with the tracking IDs: a lone report's demographics were confirmed without ever
//     being shown, and no trace stayed. (Padding to K-1, which opens the cell itself, is beaten by
//     publication batches and settled reports: tests/server/publication-attacks.test.ts.)
//  3. The research export's `breakdown` lists a (peptide, age range, sex) row, with
//     `experiences: null`, for a combination held by a single report: the row's existence
//     reveals that report's age range and sex, which the feed and the export rows withhold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K_ANONYMITY } from '../../contract';
import { bearer, createTestApp, deleteTracked, json, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, uniqueWord } from './fixtures';

type Demo = { ageRange: string; biologicalSex: string; activityLevel: string };
const AGES = ['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+'];
const SEXES = ['male', 'female', 'prefer-not-to-say'];
const ACTIVITY = ['sedentary', 'moderate', 'active', 'athletic'];
const HIDDEN: Demo = { ageRange: '50+', biologicalSex: 'female', activityLevel: 'athletic' };
const LONE: Demo = { ageRange: '35-39', biologicalSex: 'male', activityLevel: 'sedentary' };

let t: TestApp;
let mod: Record<string, string>;

/** Whether the public list of shown combinations of the peptide names `d`. */
async function disclosure(peptideId: string, d: Demo): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}/disclosed` });
  expect(res.statusCode).toBe(200);
  return (json(res).data.combinations as Demo[]).some((c) => c.ageRange === d.ageRange && c.biologicalSex === d.biologicalSex && c.activityLevel === d.activityLevel);
}

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
}, 120_000);
afterAll(() => t?.close());

describe('attack: singling out hidden demographics', () => {
  it('the shown combinations do not tell which combination K-1 hidden reports share', async () => {
    const peptideId = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('AttackK1') });
    for (let i = 0; i < K_ANONYMITY - 1; i++) await submit(t, validSubmission(peptideId, { demographics: HIDDEN }));
    const feed = json(await t.app.inject({ method: 'GET', url: '/api/experiences', query: { peptideId, limit: '50' } })).data.experiences;
    expect(feed.every((c: { demographics: unknown }) => c.demographics === null)).toBe(true); // hidden in public
    const revealed: Demo[] = [];
    for (const ageRange of AGES) for (const biologicalSex of SEXES) for (const activityLevel of ACTIVITY) {
      if (await disclosure(peptideId, { ageRange, biologicalSex, activityLevel })) revealed.push({ ageRange, biologicalSex, activityLevel });
    }
    // Before the fix: [HIDDEN], i.e. all K-1 hidden reports were singled out.
    expect(revealed).toEqual([]);
  }, 120_000);

  it('padding a guess and deleting the padding does not confirm a lone report', async () => {
    const peptideId = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('AttackPad') });
    await submit(t, validSubmission(peptideId, { demographics: LONE }));
    const answers: boolean[] = [];
    for (const guess of [{ ...LONE, ageRange: '18-24' }, LONE]) {
      const pads: string[] = [];
      for (let i = 0; i < K_ANONYMITY - 2; i++) pads.push((await submit(t, validSubmission(peptideId, { demographics: guess }))).trackingId);
      answers.push(await disclosure(peptideId, guess));
      for (const p of pads) expect((await deleteTracked(t.app, p)).statusCode).toBe(200);
    }
    // Before the fix: [false, true]: the wrong guess said no, the right one yes.
    expect(answers[0]).toBe(answers[1]);
  }, 120_000);

  it("the export's breakdown does not list a combination held by one report", async () => {
    const name = uniqueWord('AttackBreakdown');
    const peptideId = await createPeptide(t, await moderatorToken(t), { name });
    await submit(t, validSubmission(peptideId, { demographics: LONE }));
    const res = await t.app.inject({ method: 'GET', url: '/api/research/export', query: { limit: '10' }, headers: mod });
    expect(res.statusCode).toBe(200);
    const rows = (json(res).data.breakdown as { peptide: string; ageRange: string; biologicalSex: string }[]).filter((r) => r.peptide === name);
    // Before the fix: [{ peptide, ageRange: '35-39', biologicalSex: 'male', experiences: null }].
    expect(rows.filter((r) => r.ageRange === LONE.ageRange && r.biologicalSex === LONE.biologicalSex)).toEqual([]);
  }, 120_000);
});
