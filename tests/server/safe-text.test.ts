// Hostile input never hurts another reader (contract/safe-text.ts, server/lib/json-body.ts):
// names JSON readers treat specially, broken unicode and control characters are refused with a
// 400 naming the field; invisible characters are removed from names; text is stored as NFC; and
// whatever is stored, the public reads stay readable by the SPA's own reader and schemas.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnalyticsResponse,
  ExperienceListResponse,
  ExperienceResponse,
  HomeExperiencesResponse,
  PeptideResponse,
} from '../../contract';
import { readData } from '../../contract/normalize';
import { parseResponseBody, resolveBody } from '../../src/api/json';
import {
  bearer,
  createTestApp,
  json,
  member,
  ownReport,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';
import { moderatorToken, newMember, uniqueEmail, validPeptide } from './fixtures';

let t: TestApp;
let bpc: string;
beforeAll(async () => {
  t = await createTestApp();
  bpc = t.peptides.get('BPC-157')!;
});
afterAll(() => t.close());

/** Sends JSON text as is: a JS object literal cannot carry an own `__proto__` or a lone surrogate escape. */
function postRaw(url: string, text: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: text,
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

/** A valid submission as JSON text with `replacements` spliced in (raw JSON fragments). */
function submissionText(replacements: Record<string, string>): string {
  let text = JSON.stringify(validSubmission(bpc));
  for (const [field, raw] of Object.entries(replacements)) {
    const re = new RegExp(`"${field}":(\\{[^}]*\\}|\\[[^\\]]*\\]|"(?:[^"\\\\]|\\\\.)*")`);
    expect(re.test(text), field).toBe(true);
    text = text.replace(re, `"${field}":${raw}`);
  }
  return text;
}

function expect400(res: LightMyRequestResponse, ...words: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  const error = json(res).error as string;
  for (const word of words) expect(error).toContain(word);
  return error;
}

/** What the SPA makes of a response body: its reader, then the contract's schema. */
async function spaRead<S extends Parameters<typeof readData>[0]>(schema: S, res: LightMyRequestResponse) {
  const body = await resolveBody(parseResponseBody(res.body));
  return readData(schema, body);
}

const count = async () => (await t.ctx.db.query<{ n: number }>('select count(*)::int as n from experiences')).rows[0].n;

describe('names JSON readers treat specially', () => {
  it('an outcome named __proto__, constructor or prototype is refused with 400 naming outcomes; nothing is stored', async () => {
    const before = await count();
    for (const raw of [
      '{"__proto__":7,"energy":5}',
      '{"constructor":7}',
      '{"prototype":7}',
      '{" Constructor ":7}',
      '{"PROTOTYPE":7}',
      '{"\\u005f_proto__":7}',
    ]) {
      const error = expect400(await postRaw('/api/experiences', submissionText({ outcomes: raw })), 'outcomes');
      expect(error).toMatch(/__proto__, constructor or prototype/);
    }
    expect(await count()).toBe(before);
  });

  it('effect names, stack entries, peptide names and lists, profile lists: refused with 400 naming the field', async () => {
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(bpc, { effects: ['Calm', 'constructor'] }),
      }),
      'effects',
      'cannot be __proto__',
    );
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(bpc, { stack: ['Prototype'] }),
      }),
      'stack',
      'cannot be __proto__',
    );
    const m = await newMember(t, 'safe-text');
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: m.headers,
        payload: validPeptide({ name: 'constructor' }),
      }),
      'name',
      'cannot be __proto__',
    );
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: m.headers,
        payload: validPeptide({ sideEffects: ['__proto__'] }),
      }),
      'sideEffects',
      'cannot be __proto__',
    );
    expect400(
      await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: m.headers,
        payload: { demographics: { fitnessGoals: ['prototype'] } },
      }),
      'demographics.fitnessGoals',
      'cannot be __proto__',
    );
    // The same words inside ordinary text are just words.
    const ok = await submit(
      t,
      validSubmission(bpc, {
        effects: ['Constructor-grade focus'],
        story: `${validSubmission(bpc).story} The constructor of __proto__ was fine.`,
      }),
    );
    expect((await ownReport(t, ok.trackingId)).effects).toEqual(['Constructor-grade focus']);
  });

  it('a reserved key anywhere in a body is refused, even where the schema would drop it', async () => {
    expect400(
      await postRaw(
        '/api/experiences',
        submissionText({
          demographics: '{"ageRange":"30-34","biologicalSex":"male","activityLevel":"active","__proto__":{"x":1}}',
        }),
      ),
      'demographics',
      'cannot be __proto__',
    );
    expect400(
      await postRaw('/api/users/login', '{"email":"a@example.com","password":"x","constructor":{"prototype":1}}'),
      'body',
      'cannot be __proto__',
    );
  });
});

describe('broken unicode and control characters', () => {
  it('a lone surrogate in the story, an outcome name or an effect is a 400 naming the field, not a 500', async () => {
    const story = `${validSubmission(bpc).story} \\ud800`;
    expect400(await postRaw('/api/experiences', submissionText({ story: `"${story}"` })), 'story', 'not allowed');
    expect400(
      await postRaw('/api/experiences', submissionText({ outcomes: '{"energy\\udc00":5}' })),
      'outcomes',
      'not allowed',
    );
    expect400(
      await postRaw('/api/experiences', submissionText({ effects: '["Calm\\ud83d"]' })),
      'effects.0',
      'not allowed',
    );
    // A surrogate pair (an emoji) is fine.
    const ok = await postRaw('/api/experiences', submissionText({ effects: '["Calm \\ud83d\\ude00"]' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await ownReport(t, json(ok).data.trackingId)).effects).toEqual(['Calm 😀']);
  });

  it('NUL and control characters in the dosage are refused with 400 naming dosage', async () => {
    for (const dosage of ['250\u0000mcg', '250\u0007mcg', '250\tmcg', '250\nmcg', '250\u009bmcg']) {
      expect400(
        await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(bpc, { dosage }) }),
        'dosage',
        'not allowed',
      );
    }
  });

  it('a story may hold newlines and tabs ("\\r\\n" stored as "\\n"), not other control characters', async () => {
    const base = validSubmission(bpc).story;
    const { trackingId } = await submit(t, validSubmission(bpc, { story: `${base}\r\n\tSecond paragraph.\n\nThird.` }));
    expect((await ownReport(t, trackingId)).story).toBe(`${base}\n\tSecond paragraph.\n\nThird.`);
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(bpc, { story: `${base}\u001b[31m` }),
      }),
      'story',
      'not allowed',
    );
  });

  it('a moderator note and a peptide description follow the same rule', async () => {
    const mod = bearer(await moderatorToken(t));
    const pending = await member(t, uniqueEmail('safe-text-pending'), { approve: false });
    expect400(
      await postRaw(`/api/users/${pending.userId}/reject`, '{"notes":"spam\\ud800"}', mod),
      'notes',
      'not allowed',
    );
    const m = await newMember(t, 'safe-text-desc');
    expect400(
      await t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: m.headers,
        payload: validPeptide({ description: 'Bad\u0000text' }),
      }),
      'description',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/peptides',
      headers: m.headers,
      payload: validPeptide({ description: 'Line one.\nLine two.' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.peptide.description).toBe('Line one.\nLine two.');
  });

  it('search terms with broken text are a 400, never a 500', async () => {
    for (const url of ['/api/experiences', '/api/peptides', '/api/effects']) {
      const res = await t.app.inject({ method: 'GET', url, query: { search: 'a\u0007b' } });
      expect400(res, 'search');
    }
  });
});

describe('cleaning', () => {
  it("zero-width and bidi-control characters are removed from names (an override's text in the order it showed); text is stored as NFC", async () => {
    const nfd = 'Cafe\u0301';
    const { trackingId } = await submit(
      t,
      validSubmission(bpc, {
        effects: ['Head\u202eache', `${nfd} jitters`],
        stack: ['\u200bTB-500\ufeff'],
        outcomes: { 'Sle\u200dep': 6, energy: 5 },
        dosage: `250 mcg ${nfd}`,
        story: `${validSubmission(bpc).story} ${nfd}`,
      }),
    );
    const experience = await ownReport(t, trackingId);
    // "Head\u202eache" showed "Headehca": a right-to-left override shows what follows it reversed.
    expect(experience.effects).toEqual(['Headehca', 'Café jitters']);
    expect(experience.stack).toEqual(['TB-500']);
    expect(experience.outcomes).toEqual({ Sleep: 6, energy: 5 });
    expect(experience.dosage).toBe('250 mcg Café');
    expect((experience.story as string).endsWith('Café')).toBe(true);
    expect((experience.story as string).normalize('NFC')).toBe(experience.story);
    // The same through an edit.
    const put = await updateTracked(t.app, trackingId, { effects: ['Calm\u2066er'] });
    expect(json(put).data.experience.effects).toEqual(['Calmer']);
  });
});

describe('one hostile submission never breaks another reader', () => {
  it('the submissions that used to make the feed "Invalid response" are refused; every public read stays readable by the SPA', async () => {
    const hostile = [
      submissionText({ outcomes: '{"constructor":7,"energy":5}' }),
      submissionText({ outcomes: '{"__proto__":7,"energy":5}' }),
      submissionText({ outcomes: '{"prototype":{"x":1}}' }),
      submissionText({ effects: '["constructor"]' }),
    ];
    for (const text of hostile) expect((await postRaw('/api/experiences', text)).statusCode).toBe(400);

    const { experience } = await submit(t, validSubmission(bpc));
    const feed = await spaRead(
      ExperienceListResponse,
      await t.app.inject({ method: 'GET', url: '/api/experiences?limit=100' }),
    );
    expect(feed?.experiences.length).toBeGreaterThan(0);
    expect(feed?.experiences.some((e) => e._id === experience._id)).toBe(true);
    expect(
      await spaRead(
        HomeExperiencesResponse,
        await t.app.inject({ method: 'GET', url: '/api/experiences/home/public' }),
      ),
    ).toBeDefined();
    expect(
      await spaRead(
        ExperienceResponse,
        await t.app.inject({ method: 'GET', url: `/api/experiences/${experience._id}` }),
      ),
    ).toBeDefined();
    expect(
      await spaRead(PeptideResponse, await t.app.inject({ method: 'GET', url: `/api/peptides/${bpc}` })),
    ).toBeDefined();
    expect(
      await spaRead(AnalyticsResponse, await t.app.inject({ method: 'GET', url: '/api/analytics/public' })),
    ).toBeDefined();
  });
});
