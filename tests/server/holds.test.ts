// Automatic holds (docs/product-rules.md, "Moderation"; services/text-rules.ts): links,
// email addresses, phone numbers and repeated stories hold a new report; dosages, decimals,
// "e.g." and dates do not. MODERATION=pre holds every new or edited report; editing a held or
// hidden report puts it back in the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_REASON_TEXT, HOLD_REASONS } from '../../contract/moderation';
import { SubmitExperienceResponse } from '../../contract/experiences';
import { findHoldMatches, textHoldReasons } from '../../server/services/text-rules';

const hasLink = (text: string) => findHoldMatches([text]).some((f) => f.kind === 'link');
const hasPhone = (text: string) => findHoldMatches([text]).some((f) => f.kind === 'phone');
import { createTestApp, json, lookupTracked, updateTracked, validSubmission, type TestApp } from './helpers';
import { rows, storyOf } from './fixtures';

let t: TestApp;
let peptideId: string;
beforeAll(async () => {
  t = await createTestApp();
  peptideId = [...t.peptides.values()][0];
});
afterAll(() => t.close());

let n = 0;
/** A story of its own (the repeat check would hold a second identical one). */
function story(extra = '') {
  n++;
  return `${storyOf(100, `w${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(n / 26) % 26]}`)} ${extra}`.trim();
}

async function post(overrides: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/experiences',
    payload: validSubmission(peptideId, overrides),
  });
  expect(res.statusCode).toBe(201);
  return SubmitExperienceResponse.parse(json(res)).data;
}

async function logOf(id: string) {
  return rows<{ action: string; moderator_id: string | null; reasons: string[] }>(
    t,
    'select action, moderator_id, reasons from moderation_log where experience_id = $1 order by seq',
    [id],
  );
}

describe('what holds', () => {
  it.each([
    ['a link with a scheme', { story: story('Bought it from https://example.org/shop today.') }, 'link'],
    ['www.', { story: story('See www.cheap-peps for more.') }, 'link'],
    ['a bare domain', { story: story('Order at peptideshop.com they ship fast.') }, 'link'],
    ['a link in an effect', { story: story(), effects: ['visit bestpeps.net'] }, 'link'],
    ['a link in the stack', { story: story(), stack: ['TB-500 from vendor.io'] }, 'link'],
    ['a link in the dosage', { story: story(), dosage: 'see dose.shop' }, 'link'],
    ['a link in an outcome name', { story: story(), outcomes: { 'energy at x.com': 5 } }, 'link'],
    ['a link in the batch', { story: story(), sourcing: { batchId: 'lot.com' } }, 'link'],
    ['an email address', { story: story('Write to seller@mail.example for a discount.') }, 'email'],
    ['a phone number', { story: story('Call me on 555-123-4567 for details.') }, 'phone'],
    ['an international phone number', { story: story('WhatsApp +44 20 7946 0958.') }, 'phone'],
  ])('%s holds the report and says why', async (_name, overrides, reason) => {
    const data = await post(overrides);
    expect(data.status).toBe('held');
    expect(data.holdReasons).toContain(reason);
    // Not public, logged as an automatic hold (no moderator).
    expect((await t.app.inject({ method: 'GET', url: `/api/experiences/${data.experience._id}` })).statusCode).toBe(
      404,
    );
    expect(await logOf(data.experience._id)).toEqual([
      { action: 'hold', moderator_id: null, reasons: data.holdReasons },
    ]);
  });

  it.each([
    ['dosages', '250 mcg twice a day, later 2x 100 mcg, once 1000 2000 mcg split, 5 IU.'],
    ['decimals', 'I went from 0.5 mg to 5.5 mg and my weight fell by 2.75 kg, a ratio of 1.5.'],
    ['abbreviations', 'Other compounds, e.g. BPC, i.e. the usual ones, etc. Then approx.5 mg.'],
    ['dates', 'Started on 2026-11-02, stopped 25/11/2026, resumed 1.12.26.'],
    ['long amounts', 'A vial of 2500000 iu lasted 10 weeks.'],
  ])('%s do not hold a report', async (_name, text) => {
    const data = await post({ story: story(text) });
    expect(data).toMatchObject({ status: 'published', holdReasons: [] });
    expect(await logOf(data.experience._id)).toEqual([]);
  });

  it('the rules themselves: links, phones and their false positives', () => {
    expect(hasLink('e.g. sleep, i.e. rest, node.js, 5.5 mg')).toBe(false);
    expect(hasLink('example.com')).toBe(true);
    expect(hasPhone('(555) 123 4567')).toBe(true);
    expect(hasPhone('250 mcg 2x 100')).toBe(false);
    expect(hasPhone('tag cachecheck1764049390123 and lot AB12345678')).toBe(false);
    expect(textHoldReasons(['mail a@b.co', 'www.x'])).toEqual(['link', 'email']);
  });

  it('the same story written today or yesterday is held as repeated, whatever its spacing and case', async () => {
    const text = story('A distinctive repeated sentence.');
    const first = await post({ story: text });
    expect(first.status).toBe('published');
    const second = await post({ story: `  ${text.toUpperCase().replace(/ /g, '  ')} ` });
    expect(second).toMatchObject({ status: 'held', holdReasons: ['repeated'] });
    const hashes = await rows<{ story_hash: string }>(
      t,
      'select story_hash from experiences where id = any($1::uuid[])',
      [[first.experience._id, second.experience._id]],
    );
    expect(hashes[0].story_hash).toBe(hashes[1].story_hash);
    // Two days old: no longer a repeat.
    await t.ctx.db.query(
      `update experiences set created_at = utc_day(now() - interval '2 days') where id = any($1::uuid[])`,
      [[first.experience._id, second.experience._id]],
    );
    expect((await post({ story: text })).status).toBe('published');
  });

  it('every hold reason has a sentence for the submitter', () => {
    for (const code of HOLD_REASONS) expect(HOLD_REASON_TEXT[code]).toMatch(/\.$/);
  });
});

describe('what the queue is shown of a hold', () => {
  it('lists an address once, not also the part another reading found of it', () => {
    const found = findHoldMatches(['I ordered from https://www.peptide-shop.com/bpc-157?ref=abc123 and it was fine.']);
    expect(found).toEqual([{ kind: 'link', text: 'https://www.peptide-shop.com/bpc-157?ref=abc123' }]);
  });

  it('keeps two different addresses and an address of another kind', () => {
    const found = findHoldMatches(['From shop-one.com and shop-two.net; write to seller@shop-one.com.']);
    expect(found.filter((f) => f.kind === 'link').map((f) => f.text)).toEqual(['shop-one.com', 'shop-two.net']);
    expect(found.filter((f) => f.kind === 'email').map((f) => f.text)).toEqual(['seller@shop-one.com']);
  });
});

describe('edits', () => {
  it('editing a report the rules held keeps it held (back in the queue) with the reason "corrected"; a clean edit of a published one stays published', async () => {
    const data = await post({ story: story('Call 555-123-4567.') });
    const lookup = json(await lookupTracked(t.app, data.trackingId)).data.experience;
    expect(lookup).toMatchObject({ status: 'held', holdReasons: ['phone'], hiddenReason: null });
    const edited = await updateTracked(t.app, data.trackingId, { story: story('Now without a number.') });
    expect(edited.statusCode).toBe(200);
    expect(json(edited).data.experience).toMatchObject({ status: 'held', holdReasons: ['corrected'] });

    const clean = await post({ story: story() });
    const res = await updateTracked(t.app, clean.trackingId, { story: story('Still fine.') });
    expect(json(res).data.experience).toMatchObject({ status: 'published', holdReasons: [] });
    // An edit that adds a link is held like a new report.
    const linked = await updateTracked(t.app, clean.trackingId, { story: story('Now see shop.com.') });
    expect(json(linked).data.experience).toMatchObject({ status: 'held', holdReasons: ['link'] });
    expect((await logOf(clean.experience._id)).map((l) => l.action)).toEqual(['hold']);
  });

  it('editing a hidden report puts it back to held and clears the hidden reason', async () => {
    const data = await post({ story: story() });
    await t.ctx.db.query(`update experiences set status = 'hidden', hidden_reason = 'spam' where id = $1`, [
      data.experience._id,
    ]);
    const hidden = json(await lookupTracked(t.app, data.trackingId)).data.experience;
    expect(hidden).toMatchObject({
      status: 'hidden',
      hiddenReason: { code: 'spam', text: expect.stringMatching(/spam/) },
    });
    const res = await updateTracked(t.app, data.trackingId, { effects: ['Less pain'] });
    expect(json(res).data.experience).toMatchObject({ status: 'held', holdReasons: ['edited'], hiddenReason: null });
  });
});

describe('MODERATION=pre', () => {
  it('holds every new and every edited report', async () => {
    const pre = await createTestApp({ MODERATION: 'pre' });
    try {
      const pid = [...pre.peptides.values()][0];
      const res = await pre.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(pid) });
      const data = json(res).data;
      expect(data).toMatchObject({ status: 'held', holdReasons: ['pre-moderation'] });
      await pre.ctx.db.query(`update experiences set status = 'published' where id = $1`, [data.experience._id]);
      const edit = await updateTracked(pre.app, data.trackingId, { effects: [] });
      expect(json(edit).data.experience).toMatchObject({ status: 'held', holdReasons: ['pre-moderation'] });
    } finally {
      await pre.close();
    }
  });

  it('MODERATION accepts only post or pre', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({}).moderation).toBe('post');
    expect(() => loadConfig({ MODERATION: 'none' })).toThrow(/MODERATION/);
  });
});
