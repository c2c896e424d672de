// Demographics only in aggregate (docs/product-rules.md, "Anonymity"; services/reporter-shares.ts).
// No public answer and no export row carries a report's age range, biological sex or activity
// level, whatever combination it has and however many share it; the author's own lookup still
// does. Each peptide answers the shares of its settled reports by each question on its own: from
// SHARES_MIN_REPORTS reports, in steps of SHARE_STEP_PERCENT, computed at batches only and only
// once SHARES_RECOMPUTE_CHANGES of its settled reports changed; the export has the same numbers.
// The linking test plays a researcher who joins the export to the public feed by every field they
// share. (Before, a combination shared by 5 settled reports was shown on each of them:
// this file was tests/server/disclosure.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReporterShares } from '../../contract/peptides';
import { SHARES_MIN_REPORTS, SHARES_RECOMPUTE_CHANGES, SHARE_STEP_PERCENT } from '../../contract/rules';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { computeShares, type SettledCell } from '../../server/services/reporter-shares';
import {
  bearer,
  createTestApp,
  deleteTracked,
  json,
  lookupTracked,
  ownReport,
  submit,
  validSubmission,
  type TestApp,
} from './helpers';
import { createPeptide, moderatorToken, rows, uniqueWord } from './fixtures';

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
  id: string;
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

async function exported() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/research/export',
    query: { limit: '1000' },
    headers: mod,
  });
  expect(res.statusCode).toBe(200);
  return json(res).data as {
    k: number;
    rows: ExportRow[];
    shares: (ReporterShares & { peptide: string })[];
    breakdown: unknown[];
  };
}

const reportersOf = async (app: TestApp, id: string) => {
  const res = await app.app.inject({ method: 'GET', url: `/api/peptides/${id}` });
  expect(res.statusCode).toBe(200);
  return json(res).data.peptide.reporters as ReporterShares;
};

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
  peptideName = uniqueWord('Shares');
  peptideId = await createPeptide(t, await moderatorToken(t), { name: peptideName });
  // Six share A, four B, one C: the A reports once showed their combination.
  for (let i = 0; i < 6; i++) await write('A', A, i);
  for (let i = 0; i < 4; i++) await write('B', B, i);
  await write('C', C, 0);
}, 120_000);
afterAll(() => t?.close());

describe('no public answer carries a report’s demographics', () => {
  it('the feed, the report’s page and home answer demographics: null for every report, even a combination 6 share', async () => {
    const cards = await feed();
    expect(cards).toHaveLength(11);
    for (const c of cards) expect(c.demographics, c.dosage).toBeNull();
    for (const [key, list] of Object.entries(written)) {
      for (const { id } of list) {
        const res = await t.app.inject({ method: 'GET', url: `/api/experiences/${id}` });
        expect(json(res).data.experience.demographics, `${key} detail`).toBeNull();
        // Not even the field's text: no answer names an age range.
        expect(res.body).not.toMatch(/30-34|45-49|50\+/);
      }
    }
    const home = json(await t.app.inject({ method: 'GET', url: '/api/experiences/home/public?limit=20' })).data
      .experiences as Card[];
    for (const c of home) expect(c.demographics).toBeNull();
  });

  it('the submitter still sees their own answers on lookup', async () => {
    const own = json(await lookupTracked(t.app, written.C[0].trackingId)).data.experience;
    expect(own.demographics).toEqual(C);
  });

  it('the export rows carry none (the columns stay, null); its shares are the page’s', async () => {
    const data = await exported();
    const mine = data.rows.filter((r) => r.peptide === peptideName);
    expect(mine).toHaveLength(11);
    for (const r of data.rows) expect([r.ageRange, r.biologicalSex, r.activityLevel]).toEqual([null, null, null]);
    expect(data.breakdown).toEqual([]);
    expect(data.k).toBe(SHARES_MIN_REPORTS);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/research/export',
      query: { format: 'csv', limit: '1000' },
      headers: mod,
    });
    expect(csv.body.split('\r\n')[0]).toContain('ageRange,biologicalSex,activityLevel');
    for (const line of csv.body.split('\r\n').slice(1).filter(Boolean)) expect(line.endsWith(',"","",""')).toBe(true);
    // 11 reports: too few for shares, on the page and in the export alike.
    expect((await reportersOf(t, peptideId)).shares).toBeNull();
    expect(data.shares.find((s) => s.peptide === peptideName)).toBeUndefined();
  });

  it('joining the export to the feed by every shared field singles reports out, and learns no demographics', async () => {
    const cards = await feed();
    const exportRows = (await exported()).rows.filter((r) => r.peptide === peptideName);
    let singledOut = 0;
    const learned: unknown[] = [];
    for (const r of exportRows) {
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
      for (const v of [matches[0].demographics, r.ageRange, r.biologicalSex, r.activityLevel])
        if (v !== null) learned.push(v);
    }
    console.log(
      `[shares] linked ${exportRows.length} export rows to the public feed: singled out ${singledOut}, demographics learned ${learned.length}`,
    );
    expect(singledOut).toBe(exportRows.length);
    expect(learned).toEqual([]);
  });

  it('GET /api/peptides/{id}/disclosed and the older disclosure question are retired with a sentence', async () => {
    for (const url of [
      `/api/peptides/${peptideId}/disclosed`,
      '/api/peptides/00000000-0000-4000-8000-000000000000/disclosed',
      `/api/experiences/disclosure?peptideId=${peptideId}&ageRange=30-34`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res).error).toMatch(/retired: no report shows its age range, sex or activity level any more/);
    }
  });
});

/** `n` reports of one combination each drawn in turn from `combos`, sent through the API. */
async function reportsOf(app: TestApp, id: string, n: number, combos: Demo[]) {
  const sent: string[] = [];
  for (let i = 0; i < n; i++)
    sent.push((await submit(app, validSubmission(id, { demographics: combos[i % combos.length] }))).trackingId);
  return sent;
}

describe('who reports a peptide: its shares', () => {
  const MIX: Demo[] = [A, A, B, C, { ageRange: '18-24', biologicalSex: 'female', activityLevel: 'moderate' }];

  it(`from ${SHARES_MIN_REPORTS} reports, each question on its own, every answer listed, in steps of ${SHARE_STEP_PERCENT}%: the server's computation with its noise`, async () => {
    const id = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('Twenty') });
    // Every 5th report is a 5th change: computed at 5, 10 and 15 reports, too few each time.
    await reportsOf(t, id, SHARES_MIN_REPORTS - 1, MIX);
    expect(await reportersOf(t, id)).toMatchObject({
      reports: 15,
      minimum: SHARES_MIN_REPORTS,
      settleDays: 0,
      shares: null,
    });
    await reportsOf(t, id, 1, MIX);
    const shown = await reportersOf(t, id);
    expect(shown.reports).toBe(SHARES_MIN_REPORTS);
    const s = shown.shares!;
    expect(s.ageRange.map((x) => x.value)).toEqual(['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+']);
    expect(s.biologicalSex.map((x) => x.value)).toEqual(['male', 'female', 'prefer-not-to-say']);
    expect(s.activityLevel.map((x) => x.value)).toEqual(['sedentary', 'moderate', 'active', 'athletic']);
    for (const x of [...s.ageRange, ...s.biologicalSex, ...s.activityLevel]) {
      expect(x.percent % SHARE_STEP_PERCENT).toBe(0);
      expect(x.percent).toBeGreaterThanOrEqual(0);
      expect(x.percent).toBeLessThanOrEqual(100);
    }
    // Exactly what computeShares makes of the settled cells with the server's key: the noise is
    // the server's, fixed for these counts.
    const cells = await rows<SettledCell>(
      t,
      'select peptide_id, age_range, biological_sex, activity_level, n from demographic_cells where peptide_id = $1 and n > 0',
      [id],
    );
    const expected = computeShares(t.ctx.noiseKey, id, cells).shares!;
    for (const q of ['ageRange', 'biologicalSex', 'activityLevel'] as const) {
      expect(Object.fromEntries(s[q].map((x) => [x.value, x.percent]))).toEqual(expected[q]);
    }
    // Never a combination of two questions, anywhere in the answer.
    const body = JSON.stringify(shown);
    expect(body).not.toMatch(/combination|cells|breakdown/i);
    // The export carries the same numbers.
    const name = json(await t.app.inject({ method: 'GET', url: `/api/peptides/${id}` })).data.peptide.name as string;
    const inExport = (await exported()).shares.find((x) => x.peptide === name);
    expect(inExport && { ...inExport, peptide: undefined }).toEqual({ ...shown, peptide: undefined });
  });

  it(`are recomputed only once ${SHARES_RECOMPUTE_CHANGES} of the settled reports changed, deletions included`, async () => {
    const id = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('Steps') });
    const sent = await reportsOf(t, id, 25, MIX);
    const first = await reportersOf(t, id);
    expect(first.reports).toBe(25);
    // Four deletions: four changes, nothing recomputed.
    const answers: number[] = [];
    for (const tracking of sent.slice(0, 4)) {
      expect((await deleteTracked(t.app, tracking)).statusCode).toBe(200);
      answers.push((await reportersOf(t, id)).reports);
    }
    expect(answers).toEqual([25, 25, 25, 25]);
    expect(await reportersOf(t, id)).toEqual(first);
    // A new report (of a combination none of the deleted had) is the fifth change.
    const D: Demo = { ageRange: '18-24', biologicalSex: 'male', activityLevel: 'athletic' };
    await reportsOf(t, id, 1, [D]);
    expect((await reportersOf(t, id)).reports).toBe(22);
    await reportsOf(t, id, 2, [D]);
    expect((await reportersOf(t, id)).reports).toBe(22);
    // Two new and three deleted: 5 changes, recomputed at 21.
    for (const tracking of sent.slice(4, 7)) expect((await deleteTracked(t.app, tracking)).statusCode).toBe(200);
    expect(await reportersOf(t, id)).toMatchObject({ reports: 21 });
    // Deleted below the minimum: the shares go once the changes make 5 again.
    for (const tracking of sent.slice(7, 12)) expect((await deleteTracked(t.app, tracking)).statusCode).toBe(200);
    expect(await reportersOf(t, id)).toMatchObject({ reports: 16, shares: null });
  });

  it('count settled reports only, computed at batches only: a new report counts once public for DEMOGRAPHICS_SETTLE_DAYS', async () => {
    const b = await createTestApp({ PUBLISH_EVERY: '6h', DEMOGRAPHICS_SETTLE_DAYS: '7' });
    try {
      const id = await createPeptide(b, await moderatorToken(b), { name: uniqueWord('Settle') });
      let at = nextBatchAt(new Date(), b.config.publishEveryMs)!;
      const batch = async (days = 0) => {
        at = new Date(at.getTime() + Math.max(b.config.publishEveryMs, days * 86_400_000));
        await runBatch(b.ctx, at);
      };
      await reportsOf(b, id, SHARES_MIN_REPORTS + 2, MIX);
      await batch();
      // Public, but not settled: too few, and nothing changes during the week.
      expect(await reportersOf(b, id)).toMatchObject({ reports: 0, settleDays: 7, shares: null, asOf: null });
      await batch(6);
      expect((await reportersOf(b, id)).shares).toBeNull();
      // Settled at the first batch a week after their own: counted, at that batch.
      await batch(1);
      const settled = await reportersOf(b, id);
      expect(settled).toMatchObject({ reports: SHARES_MIN_REPORTS + 2, asOf: at.toISOString().slice(0, 10) });
      expect(settled.shares).not.toBeNull();
      // Reports added and deleted between two batches change nothing; nor do new ones before they settle.
      const pads = await reportsOf(b, id, SHARES_RECOMPUTE_CHANGES, MIX);
      for (const p of pads) expect((await deleteTracked(b.app, p)).statusCode).toBe(200);
      await reportsOf(b, id, SHARES_RECOMPUTE_CHANGES, [C]);
      await batch();
      expect(await reportersOf(b, id)).toEqual(settled);
      await batch(7);
      const later = await reportersOf(b, id);
      expect(later.reports).toBe(SHARES_MIN_REPORTS + 2 + SHARES_RECOMPUTE_CHANGES);
    } finally {
      await b.close();
    }
  });

  it('a hidden report leaves the shares like a deleted one, at once where changes are public at once', async () => {
    const id = await createPeptide(t, await moderatorToken(t), { name: uniqueWord('Hidden') });
    await reportsOf(t, id, SHARES_MIN_REPORTS, MIX);
    expect((await reportersOf(t, id)).shares).not.toBeNull();
    const ids = (
      await rows<{ id: string }>(t, 'select id from experiences where peptide_id = $1 order by id limit 5', [id])
    ).map((r) => r.id);
    for (const experienceId of ids) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${experienceId}/hide`,
        headers: mod,
        payload: { reason: 'spam', note: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await reportersOf(t, id)).toMatchObject({ reports: SHARES_MIN_REPORTS - 5, shares: null });
  });
});

describe('sourcing', () => {
  it('is on the public card only when the submitter ticks "Publish sourcing details"', async () => {
    const sourcing = { vendorUrl: 'https://vendor.example/shop', batchId: 'B-77', volumeMl: 3 };
    const hidden = await submit(t, validSubmission(peptideId, { sourcing }));
    const shown = await submit(t, validSubmission(peptideId, { sourcing, publishSourcing: true }));
    expect((await ownReport(t, hidden.trackingId)).vendor).toBeNull();
    expect((await ownReport(t, shown.trackingId)).vendor).toEqual({
      name: 'vendor.example',
      quantity: '3 ml',
      batchId: 'B-77',
    });
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
    expect(cards.find((c) => c._id === shown.experience._id)?.vendor).toEqual({
      name: 'vendor.example',
      quantity: '3 ml',
      batchId: 'B-77',
    });
    // The owner still sees what they wrote, and whether it is public.
    const own = json(await lookupTracked(t.app, hidden.trackingId)).data.experience;
    expect(own.sourcing).toEqual(sourcing);
    expect(own.publishSourcing).toBe(false);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { publishSourcing: 'yes' }),
    });
    expect(bad.statusCode).toBe(400);
  });
});
