// Every answer to a report's author is of one fixed size per operation, and the padded request
// bodies of one size (contract/rules.ts AUTHOR_ANSWER_BYTES, PADDED_BODY_BYTES;
// server/plugins/fixed-size-answers.ts). The proof that no valid report is too large for them:
// the largest valid report, every field at its contract maximum (checked: one character or item
// more is refused), written in the characters that cost the most bytes in JSON, goes through every
// operation and state, and each answer comes out at exactly its size. A "does not fit" would be a
// 500, so it must never happen.
//
// Bytes per character, what the contract's maximums count (zod's maxLength counts a string's code
// points): 4 for a character beyond U+FFFF (an emoji, CJK Extension B), 3 from U+0800 (CJK), 2 for
// what JSON escapes as `\"`, `\\`, `\n` or `\t`; other control characters are refused
// (contract/safe-text.ts). So 4-byte characters make the largest report; the others are checked too.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Id } from '../../contract/common';
import {
  OwnExperienceResponse,
  SubmitExperienceRequest,
  SubmitExperienceResponse,
  UpdateTrackedExperienceRequest,
  DeleteExperienceResponse,
} from '../../contract/experiences';
import { HIDE_REASON_TEXT, HOLD_REASONS, AUTHOR_STATUSES } from '../../contract/moderation';
import { AUTHOR_ANSWER_BYTES, PADDED_BODY_BYTES, padJson } from '../../contract/rules';
import { SEVERITIES, SIDE_EFFECTS_MAX } from '../../contract/side-effects';
import {
  AGE_RANGES,
  BIOLOGICAL_SEXES,
  CATEGORIES,
  FREQUENCIES,
  PRIMARY_PURPOSES,
  ROUTES,
  TIMELINES,
  WIZARD_ACTIVITY_LEVELS,
} from '../../contract/vocabulary';
import type { AppContext } from '../../server/context';
import { errorAnswers } from '../../server/plugins/errors';
import { fixedSizeAnswers } from '../../server/plugins/fixed-size-answers';
import { authorAnswer } from '../../server/plugins/route-config';
import { runBatch } from '../../server/services/publication/queue';
import { createPeptide, moderatorToken, newMember } from './fixtures';
import { bearer, createTestApp, json, validSubmission, type TestApp } from './helpers';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const longest = <T extends string>(values: readonly T[]): T => values.reduce((a, b) => (b.length > a.length ? b : a));

/** Text of exactly `length` characters (code points) in one alphabet; `seed` makes each piece differ (outcome names must). */
type Alphabet = (length: number, seed: number) => string;
const fill = (length: number, seed: number, chars: (i: number) => string) =>
  Array.from({ length }, (_, i) => chars(i + seed * 101)).join('');
const ALPHABETS: Record<string, Alphabet> = {
  // Unified ideographs (U+4E00-U+9FFF), stable under NFC: 3 bytes each.
  cjk: (n, seed) => fill(n, seed, (i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 0x51ff))),
  // CJK Extension B (U+20000-U+2A6DF), stable under NFC: 4 bytes each.
  astral: (n, seed) => fill(n, seed, (i) => String.fromCodePoint(0x20000 + ((i * 7919) % 0xa6df))),
  // What JSON escapes, between other characters so trimming and names stay valid; the first
  // character tells pieces apart.
  escapes: (n, seed) =>
    String.fromCodePoint(0x4e00 + seed) + fill(n - 1, seed, (i) => ['a', '"', '\\', 'é', '€', '😀'][(i + seed) % 6]),
};

/** The longest vendor address the contract allows (300 characters), its host in the alphabet, so the published host (punycode) is long too. */
function vendorUrl(alphabet: Alphabet): string {
  const head = 'https://';
  const tail = '.example/';
  const host = alphabet(120, 7).replace(/[^\p{L}\p{N}]/gu, 'a');
  return `${head}${host}${tail}${alphabet(300 - head.length - [...host].length - tail.length, 8)}`;
}

/** The largest valid report in one alphabet (every field at its maximum). */
function largestReport(peptideId: string, alphabet: Alphabet) {
  const names = (count: number, base: number) => Array.from({ length: count }, (_, i) => alphabet(60, base + i));
  return {
    peptideId,
    dosage: alphabet(60, 1),
    frequency: longest(FREQUENCIES),
    duration: 3650,
    routeOfAdministration: longest(ROUTES),
    primaryPurpose: [...PRIMARY_PURPOSES],
    demographics: {
      ageRange: longest(AGE_RANGES),
      biologicalSex: longest(BIOLOGICAL_SEXES),
      activityLevel: longest(WIZARD_ACTIVITY_LEVELS),
    },
    outcomes: Object.fromEntries(names(30, 100).map((name) => [name, 10])),
    sideEffects: names(SIDE_EFFECTS_MAX, 400).map((name) => ({ name, severity: longest(SEVERITIES) })),
    effects: names(20, 200),
    timeline: longest(TIMELINES),
    story: alphabet(1000, 3),
    stack: names(10, 300),
    // The longest numbers JavaScript writes in this range (24 characters).
    sourcing: {
      vendorUrl: vendorUrl(alphabet),
      batchId: alphabet(60, 4),
      purityPercentage: 0.0000012345678901234567,
      volumeMl: 0.0000012345678901234567,
    },
    publishSourcing: true,
  };
}

type Report = ReturnType<typeof largestReport>;

/** One more character or item in any field is refused: the report is at the contract's maximum. */
function expectAtMaximum(report: Report) {
  expect(SubmitExperienceRequest.safeParse(report).success).toBe(true);
  const more = (change: (r: Report) => void) => {
    const copy = structuredClone(report);
    change(copy);
    return SubmitExperienceRequest.safeParse(copy).success;
  };
  expect(more((r) => (r.dosage += 'a'))).toBe(false);
  expect(more((r) => (r.story += 'a'))).toBe(false);
  expect(more((r) => (r.effects[0] += 'a'))).toBe(false);
  expect(more((r) => r.effects.push('a'))).toBe(false);
  expect(more((r) => (r.stack[0] += 'a'))).toBe(false);
  expect(more((r) => r.stack.push('a'))).toBe(false);
  expect(more((r) => (r.outcomes = { ...r.outcomes, another: 5 }))).toBe(false);
  expect(
    more((r) => (r.outcomes = Object.fromEntries(Object.entries(r.outcomes).map(([k, v], i) => [i ? k : `${k}a`, v])))),
  ).toBe(false);
  expect(more((r) => (r.sourcing.vendorUrl += 'a'))).toBe(false);
  expect(more((r) => (r.sourcing.batchId += 'a'))).toBe(false);
  expect(more((r) => (r.duration = 3651))).toBe(false);
}

let t: TestApp;
let moderator: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ PUBLISH_EVERY: '6h' });
  moderator = bearer(await moderatorToken(t));
}, 120_000);
afterAll(() => t?.close());

let batchAt = Date.UTC(2031, 0, 1);
const batch = () => runBatch(t.ctx, new Date((batchAt += 6 * 3_600_000)));

/** An answer to an author: exactly `size` bytes, as sent, whatever encodings the caller accepts. */
function expectFixed(res: Awaited<ReturnType<TestApp['app']['inject']>>, status: number, size: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.headers.etag).toBeUndefined();
  expect(String(res.headers.vary ?? '')).not.toMatch(/accept-encoding/i);
  expect(res.rawPayload.length).toBe(size);
  expect(Number(res.headers['content-length'])).toBe(size);
  // Valid JSON: spaces after it.
  expect(res.body.trimEnd().length).toBeLessThan(size);
  return JSON.parse(res.body);
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': '*' };

describe('the largest valid report', () => {
  for (const [name, alphabet] of Object.entries(ALPHABETS)) {
    it(`in ${name} characters fits every answer and the padded body, in every state`, async () => {
      const owner = await newMember(t, 'sizes');
      // A peptide whose name is as long as names go, in the same alphabet.
      const peptideName = alphabet(100, 9);
      const peptideId = await createPeptide(t, owner.accessToken, { name: peptideName, category: longest(CATEGORIES) });
      const report = largestReport(peptideId, alphabet);
      expectAtMaximum(report);

      // The body the web app sends: the report as the contract reads it, padded to one size.
      const body = JSON.stringify(SubmitExperienceRequest.parse(report));
      expect(bytes(body)).toBeLessThan(PADDED_BODY_BYTES);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        headers: { ...BROWSER, 'content-type': 'application/json' },
        payload: padJson(body),
      });
      const submitted = SubmitExperienceResponse.parse(expectFixed(sent, 201, AUTHOR_ANSWER_BYTES.submission)).data;
      // A published vendor address is a link, held for a moderator (one whose host is not in
      // Latin letters is not seen as one: then it is queued).
      expect(submitted.status).toMatch(/^(held|queued)$/);
      const { trackingId } = submitted;
      const lookup = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/experiences/tracking/lookup',
          headers: BROWSER,
          payload: { trackingId },
        });
        return OwnExperienceResponse.parse(expectFixed(res, 200, AUTHOR_ANSWER_BYTES.lookup)).data.experience;
      };
      expect((await lookup()).story).toBe(report.story);

      // Published by a moderator, at the batch; then hidden with the longest reason.
      if (submitted.status === 'held') {
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/moderation/experiences/${submitted.experience._id}/publish`,
              headers: moderator,
            })
          ).statusCode,
        ).toBe(200);
      }
      await batch();
      const published = await lookup();
      expect(published.status).toBe('published');
      expect(published.vendor?.name?.length).toBeGreaterThan(100);
      const reason = (Object.keys(HIDE_REASON_TEXT) as (keyof typeof HIDE_REASON_TEXT)[]).reduce((a, b) =>
        HIDE_REASON_TEXT[b].length > HIDE_REASON_TEXT[a].length ? b : a,
      );
      const hide = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${submitted.experience._id}/hide`,
        headers: moderator,
        payload: { reason },
      });
      expect(hide.statusCode, hide.body).toBe(200);
      await batch();
      expect((await lookup()).hiddenReason?.code).toBe(reason);

      // A correction of every field, as large again: its body the same padded size.
      const changes = { ...largestReport(peptideId, alphabet), story: alphabet(1000, 5) };
      const correction = JSON.stringify(UpdateTrackedExperienceRequest.parse({ trackingId, ...changes }));
      expect(bytes(correction)).toBeLessThan(PADDED_BODY_BYTES);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/experiences/tracking',
        headers: { ...BROWSER, 'content-type': 'application/json' },
        payload: padJson(correction),
      });
      expect(
        OwnExperienceResponse.parse(expectFixed(put, 200, AUTHOR_ANSWER_BYTES.correction)).data.experience.story,
      ).toBe(changes.story);

      const del = await t.app.inject({
        method: 'POST',
        url: '/api/experiences/tracking/delete',
        headers: BROWSER,
        payload: { trackingId },
      });
      DeleteExperienceResponse.parse(expectFixed(del, 200, AUTHOR_ANSWER_BYTES.deletion));
    });
  }

  it('leaves room in every answer for what its fields can hold at most, and a field more (`publicBy`)', () => {
    // Bounds the live answers above cannot all reach at once: every hold reason, the longest hide
    // reason, vote counts in the billions, the longest status, a vendor host of 300 characters
    // each written in punycode's longest form (8 characters), and one ISO time more.
    const time = '2031-12-31T18:00:00.000Z';
    const text = (n: number) => ALPHABETS.astral(n, n);
    const id = '01234567-89ab-4def-8123-456789abcdef';
    expect(Id.safeParse(id).success).toBe(true);
    const report = largestReport(id, ALPHABETS.astral);
    const experience = {
      _id: id,
      peptideId: id,
      peptideName: text(100),
      peptideCategory: longest(CATEGORIES),
      dosage: report.dosage,
      frequency: report.frequency,
      duration: report.duration,
      route: report.routeOfAdministration,
      primaryPurpose: report.primaryPurpose,
      demographics: report.demographics,
      outcomes: report.outcomes,
      rating: 7.333333333333333,
      sideEffects: report.sideEffects,
      effects: report.effects,
      timeline: report.timeline,
      story: report.story,
      stack: report.stack,
      vendor: {
        name: `xn--${'a'.repeat(300 * 8)}`,
        quantity: `${report.sourcing.volumeMl} ml`,
        batchId: report.sourcing.batchId,
      },
      votes: {
        helpful: 9_999_999_999,
        notHelpful: 9_999_999_999,
        detailed: 9_999_999_999,
        concerning: 9_999_999_999,
        total: 39_999_999_996,
      },
      demo: false,
      createdAt: '2031-12-31',
      updatedAt: '2031-12-31',
      trackingId: 'TRK-01234567890123456789',
      sourcing: report.sourcing,
      publishSourcing: true,
      status: longest(AUTHOR_STATUSES),
      holdReasons: [...HOLD_REASONS],
      hiddenReason: { code: 'not-an-experience', text: longest(Object.values(HIDE_REASON_TEXT)) },
      publicFrom: time,
      publicBy: time,
    };
    const own = { success: true, data: { experience }, message: 'Experience updated' };
    expect(OwnExperienceResponse.safeParse(own).success).toBe(true);
    const ownBytes = bytes(JSON.stringify(own));
    const submission = {
      success: true,
      data: {
        trackingId: experience.trackingId,
        experience: { _id: id },
        status: longest(AUTHOR_STATUSES),
        holdReasons: [...HOLD_REASONS],
        publicFrom: time,
        publicBy: time,
      },
      message:
        'Experience submitted. It appears on the public pages at the next publication batch. Save your tracking ID to find, update or delete it.',
    };
    expect(SubmitExperienceResponse.safeParse(submission).success).toBe(true);
    const deletion = { success: true, data: { publicUntil: time, publicBy: time }, message: 'Experience deleted' };
    console.log(
      `[answer sizes] largest: submission ${bytes(JSON.stringify(submission))} of ${AUTHOR_ANSWER_BYTES.submission}, lookup and correction ${ownBytes} of ${AUTHOR_ANSWER_BYTES.lookup}, ` +
        `deletion ${bytes(JSON.stringify(deletion))} of ${AUTHOR_ANSWER_BYTES.deletion}; request body ${bytes(JSON.stringify(UpdateTrackedExperienceRequest.parse({ trackingId: experience.trackingId, ...report })))} of ${PADDED_BODY_BYTES}`,
    );
    expect(bytes(JSON.stringify(submission))).toBeLessThanOrEqual(AUTHOR_ANSWER_BYTES.submission);
    expect(ownBytes).toBeLessThanOrEqual(Math.min(AUTHOR_ANSWER_BYTES.lookup, AUTHOR_ANSWER_BYTES.correction));
    expect(bytes(JSON.stringify(deletion))).toBeLessThanOrEqual(AUTHOR_ANSWER_BYTES.deletion);
  });
});

describe('what else an answer to an author shows', () => {
  it('no header differs with the report: two authors of a short and the largest report get the same headers, the time aside', async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    const run = async (address: string, report: Record<string, unknown>, correction: Record<string, unknown>) => {
      const headers = { ...BROWSER, 'content-type': 'application/json' };
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        remoteAddress: address,
        headers,
        payload: padJson(JSON.stringify(report)),
      });
      const { trackingId } = json(post).data;
      const answers = [
        post,
        await t.app.inject({
          method: 'POST',
          url: '/api/experiences/tracking/lookup',
          remoteAddress: address,
          headers,
          payload: { trackingId },
        }),
        await t.app.inject({
          method: 'PUT',
          url: '/api/experiences/tracking',
          remoteAddress: address,
          headers,
          payload: padJson(JSON.stringify({ trackingId, ...correction })),
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/experiences/tracking/delete',
          remoteAddress: address,
          headers,
          payload: { trackingId },
        }),
      ];
      return answers.map((res) => {
        expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(300);
        const { date, ...rest } = res.headers;
        expect(date).toBeDefined();
        // The seconds left in the rate-limit window (`t=`) are the time too, not the report.
        const ratelimit = String(rest.ratelimit ?? '').replace(/;t=\d+/, ';t=<seconds>');
        return { status: res.statusCode, bytes: res.rawPayload.length, headers: { ...rest, ratelimit } };
      });
    };
    const small = await run('192.0.2.11', validSubmission(peptideId), { story: validSubmission(peptideId).story });
    const large = largestReport(peptideId, ALPHABETS.astral);
    const big = await run('192.0.2.12', large, { ...large, story: ALPHABETS.astral(1000, 6) });
    expect(big).toEqual(small);
  });

  it('the padded body is admitted where BODY_LIMIT_BYTES is smaller; other routes keep the limit', async () => {
    const small = await createTestApp({ BODY_LIMIT_BYTES: '16384' });
    try {
      const body = padJson(JSON.stringify(validSubmission(small.peptides.get('BPC-157')!)));
      expect(bytes(body)).toBe(PADDED_BODY_BYTES);
      const post = await small.app.inject({
        method: 'POST',
        url: '/api/experiences',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(post.statusCode, post.body.slice(0, 200)).toBe(201);
      const { trackingId } = json(post).data;
      const put = await small.app.inject({
        method: 'PUT',
        url: '/api/experiences/tracking',
        headers: { 'content-type': 'application/json' },
        payload: padJson(JSON.stringify({ trackingId, dosage: '300 mcg' })),
      });
      expect(put.statusCode, put.body.slice(0, 200)).toBe(200);
      const tooLarge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(17_000) });
      expect(
        (
          await small.app.inject({
            method: 'POST',
            url: '/api/users/login',
            headers: { 'content-type': 'application/json' },
            payload: tooLarge,
          })
        ).statusCode,
      ).toBe(413);
      const lookup = await small.app.inject({
        method: 'POST',
        url: '/api/experiences/tracking/lookup',
        headers: { 'content-type': 'application/json' },
        payload: padJson(JSON.stringify({ trackingId })),
      });
      expect(lookup.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('an answer larger than its size is a 500 naming nothing of it, never a longer answer', async () => {
    const app = Fastify();
    await app.register(errorAnswers);
    await app.register(fixedSizeAnswers, { ctx: { config: { bodyLimitBytes: 65_536 } } as AppContext });
    app.get('/fits', authorAnswer(64), async () => ({ success: true, data: { n: 1 } }));
    app.get('/too-large', authorAnswer(64), async () => ({ success: true, data: { text: 'x'.repeat(100) } }));
    app.get('/refused', authorAnswer(64), async (_request, reply) =>
      reply.code(404).send({ success: false, error: 'Experience not found', code: 'not_found' }),
    );
    try {
      const fits = await app.inject({ method: 'GET', url: '/fits' });
      expect(fits.rawPayload.length).toBe(64);
      expect(JSON.parse(fits.body)).toEqual({ success: true, data: { n: 1 } });
      const tooLarge = await app.inject({ method: 'GET', url: '/too-large' });
      expect(tooLarge.statusCode).toBe(500);
      expect(tooLarge.body).not.toContain('xxx');
      // Error answers keep their own size.
      expect((await app.inject({ method: 'GET', url: '/refused' })).body).toBe(
        '{"success":false,"error":"Experience not found","code":"not_found"}',
      );
    } finally {
      await app.close();
    }
  });
});
