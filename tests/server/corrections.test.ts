// An author's correction of any field the wizard asks (docs/product-rules.md,
// "Publication in batches"): every field changes, through the same hold rules and the same batch as
// a new report; an identical edit writes nothing; corrections keep their per-report limit; a report
// moved to another peptide or demographic combination moves in every aggregate, and counts in its
// new peptide's shares of who reports it only once it has settled there. An automatic hold corrected by its
// author reads `corrected`, not "after a moderator held or hid it".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_REASON_TEXT } from '../../contract/moderation';
import { mulberry32 } from '../../server/db/seed/generate';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { expectAggregatesExact } from './aggregate-check';
import { moderatorToken, rows } from './fixtures';
import {
  bearer,
  createTestApp,
  json,
  lookupTracked,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';

let t: TestApp;
let bpc: string;
let tb: string;
beforeAll(async () => {
  t = await createTestApp();
  bpc = t.peptides.get('BPC-157')!;
  tb = t.peptides.get('TB-500')!;
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const publicOf = async (id: string) => json(await get(`/api/experiences/${id}`)).data.experience;
const peptideCount = async (id: string) =>
  json(await get(`/api/peptides/${id}`)).data.peptide.totalExperiences as number;

/** Every field the wizard asks, each changed from validSubmission's value. */
const everyField = (peptideId: string) => ({
  peptideId,
  dosage: '500 mcg',
  frequency: 'twice-weekly',
  duration: 60,
  routeOfAdministration: 'intramuscular',
  primaryPurpose: ['Recovery', 'Sleep'],
  demographics: { ageRange: '40-44', biologicalSex: 'female', activityLevel: 'athletic' },
  outcomes: { energy: 3, recovery: 8 },
  effects: ['Warmth'],
  timeline: '2-weeks',
  story: `${validSubmission('').story} Corrected: it was the intramuscular route, twice a week.`,
  stack: ['TB-500'],
  sourcing: { batchId: 'B-77', volumeMl: 3 },
  publishSourcing: true,
});

describe('correcting a report by tracking ID', () => {
  it('changes every field the wizard asks, for the author and on the public pages', async () => {
    const sent = await submit(t, validSubmission(bpc));
    const before = { bpc: await peptideCount(bpc), tb: await peptideCount(tb) };
    const res = await updateTracked(t.app, sent.trackingId, everyField(tb));
    expect(res.statusCode, res.body).toBe(200);
    const own = json(res).data.experience;
    expect(own).toMatchObject({
      peptideId: tb,
      peptideName: 'TB-500',
      dosage: '500 mcg',
      frequency: 'twice-weekly',
      duration: 60,
      route: 'intramuscular',
      primaryPurpose: ['Recovery', 'Sleep'],
      demographics: { ageRange: '40-44', biologicalSex: 'female', activityLevel: 'athletic' },
      outcomes: { energy: 3, recovery: 8 },
      rating: 5.5,
      effects: ['Warmth'],
      timeline: '2-weeks',
      stack: ['TB-500'],
      sourcing: { batchId: 'B-77', volumeMl: 3 },
      publishSourcing: true,
      status: 'published',
    });
    expect(json(await lookupTracked(t.app, sent.trackingId)).data.experience).toEqual(own);
    const shown = await publicOf(sent.experience._id);
    expect(shown).toMatchObject({
      peptideName: 'TB-500',
      dosage: '500 mcg',
      route: 'intramuscular',
      duration: 60,
      vendor: { name: null, quantity: '3 ml', batchId: 'B-77' },
    });
    // The report left BPC-157's figures and joined TB-500's.
    expect({ bpc: await peptideCount(bpc), tb: await peptideCount(tb) }).toEqual({
      bpc: before.bpc - 1,
      tb: before.tb + 1,
    });
    // Found by the new peptide's name in the feed's search, no longer by the old one's filter.
    const feed = json(await get(`/api/experiences?peptideId=${bpc}&limit=100`)).data.experiences as { _id: string }[];
    expect(feed.map((e) => e._id)).not.toContain(sent.experience._id);
    const found = json(
      await get(`/api/experiences?search=${encodeURIComponent('intramuscular route, twice')}&limit=100`),
    ).data.experiences as { _id: string }[];
    expect(found.map((e) => e._id)).toContain(sent.experience._id);
    await expectAggregatesExact(t);
  });

  it('removes the sourcing with null, and refuses an unknown peptide naming the field', async () => {
    const sent = await submit(t, validSubmission(bpc, { sourcing: { batchId: 'B-1' } }));
    const cleared = await updateTracked(t.app, sent.trackingId, { sourcing: null });
    expect(json(cleared).data.experience.sourcing).toBeNull();
    const bad = await updateTracked(t.app, sent.trackingId, { peptideId: '00000000-0000-4000-8000-000000000000' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toMatch(/^peptideId/);
    const badDuration = await updateTracked(t.app, sent.trackingId, { duration: 0 });
    expect(json(badDuration).error).toMatch(/duration must be greater than 0/);
  });

  it('an edit identical to what is stored, in every field, writes nothing', async () => {
    const sent = await submit(t, validSubmission(bpc));
    const stored = json(await lookupTracked(t.app, sent.trackingId)).data.experience;
    const log = await rows(t, 'select count(*)::int as n from moderation_log');
    const same = {
      peptideId: stored.peptideId,
      dosage: stored.dosage,
      frequency: stored.frequency,
      duration: stored.duration,
      routeOfAdministration: stored.route,
      primaryPurpose: stored.primaryPurpose,
      demographics: stored.demographics,
      outcomes: Object.fromEntries(Object.entries(stored.outcomes).reverse()),
      effects: stored.effects,
      timeline: stored.timeline,
      story: stored.story,
      stack: stored.stack,
      sourcing: stored.sourcing,
      publishSourcing: stored.publishSourcing,
    };
    const version = t.ctx.cache.stats.invalidations;
    const res = await updateTracked(t.app, sent.trackingId, same);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.experience.updatedAt).toBeNull();
    expect(t.ctx.cache.stats.invalidations).toBe(version);
    expect(await rows(t, 'select count(*)::int as n from moderation_log')).toEqual(log);
  });

  it('goes through the hold rules in every field a reader sees', async () => {
    for (const change of [
      { dosage: '250 mcg from peptideshop.com' },
      { stack: ['call 555-867-5309'] },
      { sourcing: { vendorUrl: 'https://vendor.example.com/bpc' }, publishSourcing: true },
    ]) {
      const sent = await submit(t, validSubmission(bpc));
      const res = await updateTracked(t.app, sent.trackingId, change);
      expect(json(res).data.experience.status, JSON.stringify(change)).toBe('held');
      expect((await get(`/api/experiences/${sent.experience._id}`)).statusCode).toBe(404);
    }
  });

  it('corrections keep their own limit per report, whichever field they change', async () => {
    const limited = await createTestApp({ RATE_LIMIT_EDITS: '2', RATE_LIMIT_MULTIPLIER: '1' });
    try {
      const sent = await submit(limited, validSubmission(limited.peptides.get('BPC-157')!));
      expect((await updateTracked(limited.app, sent.trackingId, { dosage: '300 mcg' })).statusCode).toBe(200);
      expect(
        (await updateTracked(limited.app, sent.trackingId, { peptideId: limited.peptides.get('TB-500') })).statusCode,
      ).toBe(200);
      expect((await updateTracked(limited.app, sent.trackingId, { routeOfAdministration: 'oral' })).statusCode).toBe(
        429,
      );
    } finally {
      await limited.close();
    }
  });

  it('random corrections of peptide, route, demographics and purposes keep every aggregate equal to a recomputation', async () => {
    const rand = mulberry32(32);
    const peptideIds = [...t.peptides.values()];
    const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
    const mine = await Promise.all(Array.from({ length: 8 }, () => submit(t, validSubmission(pick(peptideIds)))));
    const voter = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'moderator@example.com', password: 'moderator-password' },
    });
    const headers = bearer(json(voter).data.accessToken);
    for (const m of mine.slice(0, 4))
      await t.app.inject({
        method: 'POST',
        url: `/api/experiences/${m.experience._id}/vote`,
        headers,
        payload: { voteType: 'helpful' },
      });
    for (let step = 0; step < 40; step++) {
      const changes = pick([
        { peptideId: pick(peptideIds) },
        { routeOfAdministration: pick(['oral', 'nasal', 'intramuscular', 'subcutaneous']) },
        {
          demographics: {
            ageRange: pick(['25-29', '30-34', '50+']),
            biologicalSex: pick(['male', 'female']),
            activityLevel: pick(['active', 'moderate']),
          },
        },
        { primaryPurpose: [pick(['Recovery', 'Muscle Gain', 'Anti-Aging', 'Cognitive Enhancement'])] },
        {
          peptideId: pick(peptideIds),
          outcomes: { energy: 1 + Math.floor(rand() * 10) },
          effects: [pick(['Calm', 'Warmth'])],
        },
      ]);
      const res = await updateTracked(t.app, pick(mine).trackingId, changes);
      expect(res.statusCode, res.body).toBe(200);
    }
    await expectAggregatesExact(t);
  });
});

describe('corrections wait for the batch, and a moved report settles again', () => {
  let b: TestApp;
  let peptideA: string;
  let peptideB: string;
  beforeAll(async () => {
    // Each batch applies whatever is due (no minimum group: batch-minimum.test.ts).
    b = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1', DEMOGRAPHICS_SETTLE_DAYS: '7' });
    peptideA = b.peptides.get('BPC-157')!;
    peptideB = b.peptides.get('Ipamorelin')!;
  }, 120_000);
  afterAll(() => b?.close());
  const nextBatch = () => nextBatchAt(new Date(), b.config.publishEveryMs)!;
  const demographics = { ageRange: '50+', biologicalSex: 'female', activityLevel: 'sedentary' };
  /** How many settled reports the peptide's shares of who reports it count (services/reporter-shares.ts). */
  const counted = async (peptideId: string) =>
    json(await b.app.inject({ method: 'GET', url: `/api/peptides/${peptideId}` })).data.peptide.reporters
      .reports as number;

  it('a new peptide is public at the batch, and settled reports moved to another peptide count in its shares only once they settle there', async () => {
    // Five reports of peptide A, settled a week ago: A's shares count them.
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await submit(b, validSubmission(peptideA, { demographics })));
    await runBatch(b.ctx, nextBatch());
    await b.ctx.db.query(
      `update experiences set published_at = now() - interval '30 days' where id = any($1::uuid[])`,
      [sent.map((s) => s.experience._id)],
    );
    await runBatch(b.ctx, new Date(nextBatch().getTime() + 6 * 3_600_000));
    expect(await counted(peptideA)).toBe(5);
    expect(await counted(peptideB)).toBe(0);

    // All five corrected to peptide B: public at the next batch, not before; the author sees it at once.
    for (const s of sent) {
      const res = await updateTracked(b.app, s.trackingId, { peptideId: peptideB });
      expect(json(res).data.experience).toMatchObject({ peptideId: peptideB, status: 'published' });
    }
    const publicNow = json(await b.app.inject({ method: 'GET', url: `/api/experiences/${sent[0]!.experience._id}` }))
      .data.experience;
    expect(publicNow.peptideId).toBe(peptideA);
    await runBatch(b.ctx, new Date(nextBatch().getTime() + 12 * 3_600_000));
    const moved = json(await b.app.inject({ method: 'GET', url: `/api/experiences/${sent[0]!.experience._id}` })).data
      .experience;
    expect(moved.peptideId).toBe(peptideB);
    // Moved, they are new for B: not counted there until they settle; gone from A's.
    expect(await counted(peptideA)).toBe(0);
    expect(await counted(peptideB)).toBe(0);
    await runBatch(b.ctx, new Date(nextBatch().getTime() + 12 * 3_600_000 + 7 * 86_400_000));
    expect(await counted(peptideB)).toBe(5);
    await expectAggregatesExact(b);
  });

  it('an automatic hold corrected by its author says "corrected"; a hidden report edited says "edited"', async () => {
    const held = await submit(
      b,
      validSubmission(peptideA, { story: `${validSubmission('').story} Buy it at shop.example.com.` }),
    );
    await runBatch(b.ctx, nextBatch());
    const fixed = json(
      await updateTracked(b.app, held.trackingId, { story: `${validSubmission('').story} No shop named now.` }),
    ).data.experience;
    expect(fixed.holdReasons).toEqual(['corrected']);
    expect(HOLD_REASON_TEXT.corrected).not.toMatch(/moderator held or hid/);

    const hidden = await submit(b, validSubmission(peptideA));
    await runBatch(b.ctx, new Date(nextBatch().getTime() + 18 * 3_600_000));
    const mod = bearer(await moderatorToken(b));
    const hide = await b.app.inject({
      method: 'POST',
      url: `/api/moderation/experiences/${hidden.experience._id}/hide`,
      headers: mod,
      payload: { reason: 'spam' },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const edited = json(await updateTracked(b.app, hidden.trackingId, { dosage: '100 mcg' })).data.experience;
    expect(edited.holdReasons).toEqual(['edited']);
  });
});
