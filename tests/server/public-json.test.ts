// A report's public fields kept as JSON text by the database (experience_public, migration 018_public_json.sql,
// services/experiences.ts experienceJson): every view answers exactly what was written, text of
// any kind comes back unchanged, the rating is rounded to hundredths and the times are days, and
// the kept text follows every change to the report (an edit; votes and moderation do not touch
// it, and the peptide's name is read as the answer is made).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperienceListResponse, ExperienceResponse, HomeExperiencesResponse } from '../../contract/experiences';
import { publishedDay } from '../../server/services/public-view';
import {
  bearer,
  createTestApp,
  json,
  ownReport,
  submit,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';
import { moderatorToken, newMember, rows } from './fixtures';

let t: TestApp;
let peptideId: string;
beforeAll(async () => {
  t = await createTestApp();
  peptideId = [...t.peptides.values()][0];
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
/** Reports whose kept text is missing, or not what the database's own function writes for them now. */
const stale = async () =>
  (
    await rows<{ n: number }>(
      t,
      `select count(*)::int as n from experiences e left join experience_public ep on ep.experience_id = e.id
        where ep.json is distinct from experience_public_json(e)`,
    )
  )[0].n;

// Quotes, backslashes, markup, line and paragraph separators, characters outside the BMP,
// right-to-left text and JSON-looking text: each must come back as written.
const TRICKY = [
  'He said "it works" \\ then left.',
  '</script><script>alert(1)</script> & <b>bold</b>',
  'Line\u2028separator and paragraph\u2029separator',
  'Emoji 💉🧪 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢, Ünïcödé, مرحبا, 日本語',
  '{"_id":"forged","votes":{"helpful":999}}',
];

describe('public fields kept as JSON', () => {
  it('every public view answers exactly what was written, whatever its characters', async () => {
    const body = validSubmission(peptideId, {
      story: `Four weeks on it. ${TRICKY.join(' ')} The end.`,
      effects: TRICKY.slice(0, 3),
      stack: ['BPC-157 "oral"'],
      outcomes: { 'Joint "comfort"': 7, 'Sleep \\ quality': 8, 'Ünïcödé 💤': 9 },
    });
    const { experience, trackingId } = await submit(t, body);
    const detail = ExperienceResponse.parse(await get(`/api/experiences/${experience._id}`)).data.experience;
    const feed = ExperienceListResponse.parse(await get('/api/experiences?sort=newest&limit=5')).data.experiences;
    const home = HomeExperiencesResponse.parse(await get('/api/experiences/home/public?limit=3')).data.experiences;
    const inFeed = feed.find((e) => e._id === experience._id);
    expect(inFeed).toEqual(detail);
    expect(home.find((e) => e._id === experience._id)).toEqual(detail);
    // Its author's lookup shows the same text as every reader sees.
    expect(await ownReport(t, trackingId)).toMatchObject({
      story: detail.story,
      effects: detail.effects,
      stack: detail.stack,
      outcomes: detail.outcomes,
    });
    expect(detail).toMatchObject({
      _id: experience._id,
      peptideId,
      peptideName: [...t.peptides.entries()].find(([, id]) => id === peptideId)![0],
      story: body.story,
      effects: body.effects,
      stack: body.stack,
      outcomes: body.outcomes,
      dosage: body.dosage,
      duration: body.duration,
      route: body.routeOfAdministration,
      frequency: body.frequency,
      timeline: body.timeline,
      primaryPurpose: body.primaryPurpose,
      vendor: null,
      demo: false,
      votes: { helpful: 0, notHelpful: 0, detailed: 0, concerning: 0, total: 0 },
      updatedAt: null,
    });
    // The day, never a time (migration 007_coarse_time.sql).
    expect(detail.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The same day as the server's own rule writes it for moderators (publishedDay).
    const [stored] = await rows<{ created_at: Date }>(t, 'select created_at from experiences where id = $1', [
      experience._id,
    ]);
    expect(detail.createdAt).toBe(publishedDay(stored.created_at));
    // The forged object inside the story stayed text: the fields are the report's own.
    expect(Object.keys(detail).sort()).toEqual([
      '_id',
      'createdAt',
      'demo',
      'demographics',
      'dosage',
      'dose',
      'duration',
      'effects',
      'frequency',
      'outcomes',
      'peptideCategory',
      'peptideId',
      'peptideName',
      'primaryPurpose',
      'rating',
      'route',
      'sideEffects',
      'stack',
      'story',
      'timeline',
      'updatedAt',
      'vendor',
      'votes',
    ]);
  });

  it('the rating is rounded to hundredths, as the mean of the outcomes', async () => {
    const cases: [Record<string, number>, number][] = [
      [{ a: 7, b: 8, c: 8 }, 7.67], // 7.666…
      [{ a: 8, b: 8, c: 8, d: 8, e: 8, f: 8, g: 8, h: 9 }, 8.13], // 8.125, exact in binary: half up
      [{ a: 1, b: 2 }, 1.5],
      [{ a: 10 }, 10],
    ];
    for (const [outcomes, rating] of cases) {
      const { experience, trackingId } = await submit(t, validSubmission(peptideId, { outcomes }));
      const detail = ExperienceResponse.parse(await get(`/api/experiences/${experience._id}`)).data.experience;
      expect(detail.rating, JSON.stringify(outcomes)).toBe(rating);
      expect((await ownReport(t, trackingId)).rating).toBe(rating);
    }
  });

  it('the kept text follows an edit; votes and moderation leave it as it is', async () => {
    const { experience, trackingId } = await submit(t, validSubmission(peptideId));
    const story =
      'Edited after six weeks: "sleep" is better still, energy is the same as before, and nothing else changed at all since the first report.';
    const edited = await updateTracked(t.app, trackingId, { story, outcomes: { sleep: 9, energy: 6 } });
    expect(edited.statusCode, edited.body).toBe(200);
    const voter = await newMember(t, 'public-json-voter');
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/experiences/${experience._id}/vote`,
      headers: voter.headers,
      payload: { voteType: 'helpful' },
    });
    expect(vote.statusCode, vote.body).toBe(201);
    const detail = ExperienceResponse.parse(await get(`/api/experiences/${experience._id}`)).data.experience;
    expect(detail.story).toBe(story);
    expect(detail.outcomes).toEqual({ sleep: 9, energy: 6 });
    expect(detail.rating).toBe(7.5);
    expect(detail.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.votes).toEqual({ helpful: 1, notHelpful: 0, detailed: 0, concerning: 0, total: 1 });

    const mod = bearer(await moderatorToken(t));
    for (const action of ['hide', 'restore'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/moderation/experiences/${experience._id}/${action}`,
        headers: mod,
        payload: action === 'hide' ? { reason: 'spam' } : undefined,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Nothing any of that wrote left a report's kept text behind its columns.
    expect(await stale()).toBe(0);
  });

  it('the trigger rewrites the text whenever a column it holds is written, and only then', async () => {
    // PostgreSQL fires `update of <columns>` only when the statement writes one of them: a column
    // the function reads but the list lacks would let its text go stale.
    const [fn] = await rows<{ src: string }>(
      t,
      `select prosrc as src from pg_proc where proname = 'experience_public_json'`,
    );
    const read = [...new Set([...fn.src.matchAll(/\be\.(\w+)/g)].map((m) => m[1]))].sort();
    const listed = (
      await rows<{ name: string }>(
        t,
        `select a.attname as name from pg_trigger tr join pg_attribute a on a.attrelid = tr.tgrelid and a.attnum = any(tr.tgattr::int2[])
          where tr.tgname = 'experiences_public_json'`,
      )
    )
      .map((r) => r.name)
      .sort();
    expect(read.length).toBeGreaterThan(10);
    expect(listed).toEqual(read);
    // So a write that names none of them (a vote's counters) never pays for the text.
    expect(listed).not.toContain('helpful_count');
  });
});
