// The disclosure rule: a report's quasi-identifiers (age range, biological sex,
// activity level) are shown, in every public view and in the research export, only where at
// least K_ANONYMITY reports of the same peptide share the combination; sourcing is public only
// when the submitter asks. The linking test plays a researcher who joins the export to the
// public feed by every field they share, and counts the reports it could single out with
// quasi-identifiers from a combination of fewer than K_ANONYMITY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K_ANONYMITY } from '../../contract';
import { bearer, createTestApp, deleteTracked, json, lookupTracked, ownReport, submit, validSubmission, type TestApp } from './helpers';
import { createPeptide, moderatorToken, uniqueWord } from './fixtures';

type Demo = { ageRange: string; biologicalSex: string; activityLevel: string };
interface Card {
  _id: string;
  dosage: string;
  frequency: string;
  duration: number;
  route: string;
  primaryPurpose: string[];
  timeline: string;
  rating: number;
  outcomes: Record<string, number>;
  effects: string[];
  createdAt: string;
  demographics: Demo | null;
  vendor: unknown;
}
interface ExportRow {
  peptide: string;
  month: string;
  dosage: string;
  frequency: string;
  durationDays: number;
  route: string;
  primaryPurpose: string[];
  timeline: string;
  rating: number;
  outcomes: Record<string, number>;
  effects: string[];
  ageRange: string | null;
  biologicalSex: string | null;
  activityLevel: string | null;
}

const A: Demo = { ageRange: '30-34', biologicalSex: 'female', activityLevel: 'active' };
const B: Demo = { ageRange: '45-49', biologicalSex: 'male', activityLevel: 'sedentary' };
const C: Demo = { ageRange: '50+', biologicalSex: 'prefer-not-to-say', activityLevel: 'athletic' };

let t: TestApp;
let mod: Record<string, string>;
let peptideId: string;
let peptideName: string;
/** tracking IDs by combination */
const written: Record<'A' | 'B' | 'C', { id: string; trackingId: string }[]> = { A: [], B: [], C: [] };

async function write(key: 'A' | 'B' | 'C', demographics: Demo, i: number, extra: Record<string, unknown> = {}) {
  // A dosage of its own, so that every report can be told apart by what export and feed share.
  const s = await submit(t, validSubmission(peptideId, { demographics, dosage: `${key}${i} mcg`, ...extra }));
  written[key].push({ id: s.experience._id, trackingId: s.trackingId });
}

async function feed(): Promise<Card[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/experiences', query: { peptideId, limit: '100' } });
  expect(res.statusCode).toBe(200);
  return json(res).data.experiences;
}

async function exportRows(): Promise<ExportRow[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/research/export', query: { limit: '1000' }, headers: mod });
  expect(res.statusCode).toBe(200);
  return (json(res).data.rows as ExportRow[]).filter((r) => r.peptide === peptideName);
}

async function cellSize(d: Demo): Promise<number> {
  const res = await t.ctx.db.query<{ n: number }>(
    'select count(*)::int as n from experiences where peptide_id = $1 and age_range = $2 and biological_sex = $3 and activity_level = $4',
    [peptideId, d.ageRange, d.biologicalSex, d.activityLevel],
  );
  return res.rows[0].n;
}

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
  peptideName = uniqueWord('Disclosure');
  peptideId = await createPeptide(t, await moderatorToken(t), { name: peptideName });
  for (let i = 0; i < K_ANONYMITY + 1; i++) await write('A', A, i);
  for (let i = 0; i < K_ANONYMITY - 1; i++) await write('B', B, i);
  await write('C', C, 0);
}, 120_000);
afterAll(() => t?.close());

describe('one disclosure rule for every public view', () => {
  it('the feed shows quasi-identifiers only for combinations of at least 5 reports', async () => {
    const cards = await feed();
    expect(cards).toHaveLength(2 * K_ANONYMITY + 1);
    for (const c of cards) {
      if (c.dosage.startsWith('A')) expect(c.demographics).toEqual(A);
      else expect(c.demographics, c.dosage).toBeNull();
    }
  });

  it('the experience page, home and the peptide list agree with the feed', async () => {
    for (const [key, list] of Object.entries(written)) {
      for (const { id } of list) {
        const res = await t.app.inject({ method: 'GET', url: `/api/experiences/${id}` });
        expect(json(res).data.experience.demographics, `${key} detail`).toEqual(key === 'A' ? A : null);
      }
    }
    const home = json(await t.app.inject({ method: 'GET', url: '/api/experiences/home/public?limit=20' })).data.experiences as Card[];
    for (const c of home.filter((h) => written.B.some((w) => w.id === h._id) || written.C.some((w) => w.id === h._id))) expect(c.demographics).toBeNull();
  });

  it('the submitter still sees their own report in full on lookup', async () => {
    const own = json(await lookupTracked(t.app, written.C[0].trackingId)).data.experience;
    expect(own.demographics).toEqual(C);
  });

  it('the export never reveals more than the public view', async () => {
    const rows = await exportRows();
    expect(rows).toHaveLength(2 * K_ANONYMITY + 1);
    for (const r of rows) {
      const shown = r.ageRange !== null || r.biologicalSex !== null || r.activityLevel !== null;
      expect(shown, r.dosage).toBe(r.dosage.startsWith('A'));
    }
  });

  it('linking the export to the feed by every shared field singles out no report with a combination of fewer than 5', async () => {
    // More reports, across the threshold and back, so the join has real work to do.
    await write('B', B, 99);
    const deleted = written.A.pop()!;
    expect((await deleteTracked(t.app, deleted.trackingId)).statusCode).toBe(200);
    const cards = await feed();
    const rows = await exportRows();
    let tried = 0;
    let singledOut = 0;
    let exposed = 0;
    for (const r of rows) {
      tried++;
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const matches = cards.filter(
        (c) =>
          c.dosage === r.dosage &&
          c.frequency === r.frequency &&
          c.duration === r.durationDays &&
          c.route === r.route &&
          same(c.primaryPurpose, r.primaryPurpose) &&
          c.timeline === r.timeline &&
          Math.abs(c.rating - r.rating) < 0.01 &&
          same(c.outcomes, r.outcomes) &&
          same(c.effects, r.effects) &&
          c.createdAt.slice(0, 7) === r.month,
      );
      if (matches.length !== 1) continue;
      singledOut++;
      const card = matches[0];
      // Everything known about this one report once the two are joined.
      const known: Partial<Demo> = { ...(card.demographics ?? {}) };
      if (r.ageRange) known.ageRange = r.ageRange;
      if (r.biologicalSex) known.biologicalSex = r.biologicalSex;
      if (r.activityLevel) known.activityLevel = r.activityLevel;
      if (Object.keys(known).length === 0) continue;
      const [{ n }] = (
        await t.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from experiences where peptide_id = $1
              and ($2::text is null or age_range = $2) and ($3::text is null or biological_sex = $3) and ($4::text is null or activity_level = $4)`,
          [peptideId, known.ageRange ?? null, known.biologicalSex ?? null, known.activityLevel ?? null],
        )
      ).rows;
      if (n < K_ANONYMITY) exposed++;
    }
    console.log(`[disclosure] linked ${tried} export rows to the public feed: singled out ${singledOut} reports, ${exposed} of them with quasi-identifiers from a combination of fewer than ${K_ANONYMITY}`);
    expect(tried).toBe(2 * K_ANONYMITY + 1);
    expect(singledOut).toBe(tried);
    expect(exposed).toBe(0);
    // B crossed the threshold (now 5): shown everywhere; A fell to 5 and still shows.
    expect(await cellSize(B)).toBe(K_ANONYMITY);
    for (const c of cards.filter((x) => x.dosage.startsWith('B'))) expect(c.demographics).toEqual(B);
    expect(rows.filter((r) => r.dosage.startsWith('B')).every((r) => r.ageRange === B.ageRange)).toBe(true);
  });
});

describe("the wizard's preview: the combinations shown for a peptide", () => {
  it('lists only what the feed already shows, never a combination just under the threshold', async () => {
    const shownFor = async (id = peptideId) => t.app.inject({ method: 'GET', url: `/api/peptides/${id}/disclosed` });
    const has = async (d: Demo) =>
      (json(await shownFor()).data.combinations as Demo[]).some((c) => c.ageRange === d.ageRange && c.biologicalSex === d.biologicalSex && c.activityLevel === d.activityLevel);
    expect(await has(A)).toBe(true);
    expect(await has(C)).toBe(false);
    const D: Demo = { ageRange: '18-24', biologicalSex: 'male', activityLevel: 'moderate' };
    for (let i = 0; i < K_ANONYMITY - 1; i++) await submit(t, validSubmission(peptideId, { demographics: D }));
    // Four exist, hidden in the feed: the list must not tell them apart from none.
    expect(await has(D)).toBe(false);
    await submit(t, validSubmission(peptideId, { demographics: D }));
    const res = await shownFor();
    expect(await has(D)).toBe(true);
    // The same for everyone, cached like any public read; nothing about a report is in its URL.
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((await shownFor('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // The old question with a report's quasi-identifiers in its URL is retired.
    const retired = await t.app.inject({ method: 'GET', url: '/api/experiences/disclosure', query: { peptideId, ...A } });
    expect(retired.statusCode).toBe(404);
    expect(json(retired).error).toMatch(/retired/);
  });
});

describe('sourcing', () => {
  it('is on the public card only when the submitter ticks "Publish sourcing details"', async () => {
    const sourcing = { vendorUrl: 'https://vendor.example/shop', batchId: 'B-77', volumeMl: 3 };
    const hidden = await submit(t, validSubmission(peptideId, { sourcing }));
    const shown = await submit(t, validSubmission(peptideId, { sourcing, publishSourcing: true }));
    expect((await ownReport(t, hidden.trackingId)).vendor).toBeNull();
    expect((await ownReport(t, shown.trackingId)).vendor).toEqual({ name: 'vendor.example', quantity: '3 ml', batchId: 'B-77' });
    // A published vendor address is a link: the report waits for a moderator (services/text-rules.ts).
    expect(hidden.status).toBe('published');
    expect(shown).toMatchObject({ status: 'held', holdReasons: ['link'] });
    const decision = await t.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${shown.experience._id}/publish`,
      headers: mod,
    });
    expect(decision.statusCode, decision.body).toBe(200);
    const cards = await feed();
    expect(cards.find((c) => c._id === hidden.experience._id)?.vendor).toBeNull();
    expect(cards.find((c) => c._id === shown.experience._id)?.vendor).toEqual({ name: 'vendor.example', quantity: '3 ml', batchId: 'B-77' });
    // The owner still sees what they wrote, and whether it is public.
    const own = json(await lookupTracked(t.app, hidden.trackingId)).data.experience;
    expect(own.sourcing).toEqual(sourcing);
    expect(own.publishSourcing).toBe(false);
    const bad = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId, { publishSourcing: 'yes' }) });
    expect(bad.statusCode).toBe(400);
  });
});
