// The hold rules against evasions (tests/server/hold-evasions.ts: the kinds an outside attack
// used, and others), each sent through the API in its field: held for what it hides, or published
// where it is plain text. Prints the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEPTIDES, STORY_SNIPPETS } from '../../server/db/seed/catalogue';
import { DEMO_EXPERIENCES, seedDemo } from '../../server/seed/index';
import { heldTexts } from '../../server/services/publication/holds';
import { findHoldMatches, textHoldReasons } from '../../server/services/text-rules';
import { DISGUISES, EVASIONS, PLAIN_SENTENCES, type Evasion } from './hold-evasions';
import { createTestApp, json, validSubmission, type TestApp } from './helpers';
import { expectError, newMember, rows, uniqueWord, validPeptide } from './fixtures';

let t: TestApp;
let peptideId: string;
beforeAll(async () => {
  t = await createTestApp();
  peptideId = t.peptides.get('BPC-157')!;
});
afterAll(() => t?.close());

function submission(e: Evasion) {
  const base = validSubmission(peptideId);
  switch (e.field) {
    case 'story':
      return { ...base, story: `${base.story} ${e.text}` };
    case 'effect':
      return { ...base, effects: [e.text] };
    case 'stack':
      return { ...base, stack: [e.text] };
    case 'dosage':
      return { ...base, dosage: e.text };
    case 'outcome':
      return { ...base, outcomes: { [e.text]: 6 } };
    case 'batch':
      return { ...base, sourcing: { batchId: e.text } };
    case 'vendorUrl':
      return { ...base, sourcing: { vendorUrl: e.text }, publishSourcing: true };
  }
}

describe('hold rules against evasions', () => {
  it(`holds each of ${EVASIONS.filter((e) => e.expect !== 'publish').length} disguised links, addresses, numbers and dangerous phrases, and publishes ${EVASIONS.filter((e) => e.expect === 'publish').length} plain texts`, async () => {
    const wrong: string[] = [];
    let held = 0;
    let published = 0;
    for (const e of EVASIONS) {
      const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: submission(e) });
      expect(res.statusCode, `${e.name}: ${res.body}`).toBe(201);
      const { status, holdReasons } = json(res).data as { status: string; holdReasons: string[] };
      const ok = e.expect === 'publish' ? status === 'published' : status === 'held' && holdReasons.includes(e.expect);
      if (e.expect === 'publish' && ok) published++;
      if (e.expect !== 'publish' && ok) held++;
      if (!ok)
        wrong.push(
          `${e.name} (${e.field}: ${JSON.stringify(e.text)}): expected ${e.expect}, got ${status} ${JSON.stringify(holdReasons)} ${JSON.stringify(findHoldMatches([e.text]))}`,
        );
    }
    const toHold = EVASIONS.filter((e) => e.expect !== 'publish').length;
    console.log(
      `[evasions] ${EVASIONS.length} texts: ${held} of ${toHold} evasions held for what they hide, ${published} of ${EVASIONS.length - toHold} plain texts published`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});

/** Sends `e` in its field and says what happened: `held (reasons)` or `published`. */
async function outcomeOf(e: Evasion): Promise<{ ok: boolean; said: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: submission(e) });
  expect(res.statusCode, `${e.name}: ${res.body}`).toBe(201);
  const { status, holdReasons } = json(res).data as { status: string; holdReasons: string[] };
  const ok = e.expect === 'publish' ? status === 'published' : status === 'held' && holdReasons.includes(e.expect);
  return { ok, said: status === 'held' ? `held (${holdReasons.join(', ')})` : status };
}

describe('the disguises a review found', () => {
  // The table of the disguises (finding 4, the set of 12, the new user's number), each
  // sent through the API in its field; the rules of the release the issue attacked published 35
  // of finding 4's 58 (the commit that added this table records which).
  it(`holds each of ${DISGUISES.length} disguised contacts for what it hides`, async () => {
    const table: string[] = [];
    const wrong: string[] = [];
    for (const e of DISGUISES) {
      const { ok, said } = await outcomeOf(e);
      table.push(`${e.group.padEnd(13)} | ${e.name.padEnd(48)} | ${e.field.padEnd(7)} | ${said}`);
      if (!ok)
        wrong.push(
          `${e.name} (${e.field}: ${JSON.stringify(e.text)}): expected ${e.expect}, got ${said} ${JSON.stringify(findHoldMatches([e.text]))}`,
        );
    }
    console.log(
      `[disguises] ${DISGUISES.length - wrong.length} of ${DISGUISES.length} held for what they hide\n${table.join('\n')}`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);

  it(`publishes ${PLAIN_SENTENCES.length} plain sentences with doses, dates, prices, times, lab values, batch numbers and versions`, async () => {
    const wrong: string[] = [];
    for (const text of PLAIN_SENTENCES) {
      const { ok, said } = await outcomeOf({ name: text, field: 'story', text, expect: 'publish' });
      if (!ok) wrong.push(`${JSON.stringify(text)}: ${said} ${JSON.stringify(findHoldMatches([text]))}`);
    }
    console.log(
      `[plain] ${PLAIN_SENTENCES.length - wrong.length} of ${PLAIN_SENTENCES.length} plain sentences published`,
    );
    expect(wrong).toEqual([]);
  }, 60_000);
});

describe('the demo data (server/seed) through the same rules', () => {
  // A false hold would keep a real report from its readers: every demo report, every story
  // snippet the demo draws from and every field of the catalogue's pages must pass.
  it(`holds none of the ${DEMO_EXPERIENCES} demo reports, the story snippets or the catalogue's fields`, async () => {
    const demo = await createTestApp();
    try {
      const ids = new Map(PEPTIDES.map((p) => [p.name, { id: demo.peptides.get(p.name)!, peptide: p }]));
      await seedDemo(demo.ctx, ids, DEMO_EXPERIENCES);
      const reports = await rows<Parameters<typeof heldTexts>[0] & { publish_sourcing: boolean }>(
        demo,
        'select story, effects, stack, dosage, outcomes, sourcing, publish_sourcing from experiences where is_demo',
      );
      expect(reports).toHaveLength(DEMO_EXPERIENCES);
      const held = reports.filter(
        (r) => textHoldReasons(heldTexts({ ...r, publishSourcing: r.publish_sourcing })).length > 0,
      );
      const snippets = STORY_SNIPPETS.filter((s) => textHoldReasons([s]).length > 0);
      const fields = PEPTIDES.flatMap((p) =>
        [
          p.name,
          p.description,
          p.detailedDescription,
          p.mechanism,
          p.commonDosage,
          p.commonFrequency,
          ...p.commonEffects,
          ...p.sideEffects,
          ...p.commonStacks,
          ...Object.values(p.dosageRanges),
          ...Object.values(p.timeline),
        ]
          .filter((text) => findHoldMatches([text]).some((f) => f.kind !== 'danger'))
          .map((text) => `${p.name}: ${text}`),
      );
      const fieldCount = PEPTIDES.reduce(
        (n, p) => n + 6 + p.commonEffects.length + p.sideEffects.length + p.commonStacks.length + 6,
        0,
      );
      console.log(
        `[demo] held: ${held.length} of ${reports.length} demo reports (${((100 * held.length) / reports.length).toFixed(1)}%), ${snippets.length} of ${STORY_SNIPPETS.length} story snippets, ${fields.length} of ${fieldCount} catalogue fields`,
      );
      expect(
        held.map(
          (r) =>
            `${r.story} ${JSON.stringify(findHoldMatches(heldTexts({ ...r, publishSourcing: r.publish_sourcing })))}`,
        ),
      ).toEqual([]);
      expect(snippets).toEqual([]);
      expect(fields).toEqual([]);
    } finally {
      await demo.close();
    }
  }, 120_000);
});

describe('the same rules in a peptide page', () => {
  // A member's peptide is public at once, with no queue: the contact kinds are refused instead,
  // in every field its page shows, naming the field; a plain page is created.
  it.each([
    ['description', { description: 'Buy at **peptideshop**.com today.' }],
    ['detailedDescription', { detailedDescription: 'Ask seller@**gmail**.com for a price.' }],
    ['mechanism', { mechanism: 'Call 555 123 4567 x for details.' }],
    ['commonEffects', { commonEffects: ['see peptide\u200bshop.ai'] }],
    ['sideEffects', { sideEffects: ['write to seller at protonmail dot com'] }],
    ['commonDosage', { commonDosage: '06.12.34.56.78' }],
    ['dosageRanges', { dosageRanges: { low: 'shop.se', medium: '', high: '' } }],
  ])('refuses a contact in %s with a 400 naming it, creating nothing', async (field, fields) => {
    const { headers } = await newMember(t, 'peptide-contacts');
    const name = uniqueWord('Contact');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/peptides',
      headers,
      payload: validPeptide({ name, ...fields }),
    });
    expect(expectError(res, 400)).toMatch(new RegExp(`^${field}: a peptide page cannot carry`));
    expect(await rows(t, 'select 1 from peptides where name = $1', [name])).toEqual([]);
  });

  it(`refuses each of the ${DISGUISES.length} disguises a review found in the page's fields, and takes the plain sentences`, async () => {
    // The report's field each disguise was sent in, as the page's field of the same kind.
    const pageField: Record<string, (text: string) => Record<string, unknown>> = {
      story: (text) => ({ detailedDescription: `Studied in rodents. ${text}` }),
      effect: (text) => ({ commonEffects: [text] }),
      stack: (text) => ({ commonStacks: [text] }),
      dosage: (text) => ({ commonDosage: text }),
      outcome: (text) => ({ sideEffects: [text] }),
      batch: (text) => ({ dosageRanges: { low: text, medium: '', high: '' } }),
    };
    const { headers } = await newMember(t, 'peptide-disguises');
    const wrong: string[] = [];
    for (const e of DISGUISES) {
      const fields = pageField[e.field](e.text);
      const res = await t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: validPeptide(fields) });
      const field = Object.keys(fields)[0];
      if (res.statusCode !== 400 || !new RegExp(`^${field}: a peptide page cannot carry`).test(json(res).error))
        wrong.push(`${e.name} in ${field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    console.log(
      `[pages] ${DISGUISES.length - wrong.length} of ${DISGUISES.length} disguises refused in a peptide page`,
    );
    expect(wrong).toEqual([]);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/peptides',
      headers,
      payload: validPeptide({ detailedDescription: PLAIN_SENTENCES.join(' ') }),
    });
    expect(plain.statusCode, plain.body).toBe(201);
  }, 120_000);

  it('creates a plain page', async () => {
    const { headers } = await newMember(t, 'peptide-plain');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/peptides',
      headers,
      payload: validPeptide({ description: 'Studied for tendon repair at 250 mcg a day.' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the repeat rule against variants of a published story', () => {
  it('holds near repeats (invisible and look-alike characters, markup, spacing, a changed word) and publishes a different story', async () => {
    const base =
      'Eight weeks of this peptide for a stubborn knee. Swelling was down by week two, stairs were easy by week four, and sleep improved as well. Would use again.';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { story: base }),
    });
    expect(json(first).data.status).toBe('published');
    const variants: [string, string][] = [
      ['identical', base],
      ['a zero-width space', base.replace('stubborn', 'stub\u200bborn')],
      ['a soft hyphen', base.replace('Swelling', 'Swel\u00adling')],
      ['a Cyrillic о', base.replace('knee', 'knее')],
      ['fullwidth letters', base.replace('Eight weeks', 'Ｅｉｇｈｔ ｗｅｅｋｓ')],
      ['bold markup', base.replace('sleep improved', '**sleep** improved')],
      ['other spacing and case', base.toUpperCase().replace(/ /g, '   ')],
      ['one word changed', base.replace('stubborn', 'painful')],
      ['a sentence added', `${base} Highly recommended to anyone.`],
    ];
    const outcomes: string[] = [];
    for (const [name, story] of variants) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(peptideId, { story }),
      });
      const { status, holdReasons } = json(res).data as { status: string; holdReasons: string[] };
      outcomes.push(`${name}: ${status === 'held' && holdReasons.includes('repeated') ? 'held' : 'published'}`);
    }
    const different = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, {
        story:
          'A different account altogether: used it for a shoulder for six weeks, nothing changed until week five, then a little.',
      }),
    });
    console.log(`[repeats] ${variants.length} variants of a published story: ${outcomes.join('; ')}`);
    expect(outcomes.every((o) => o.endsWith('held'))).toBe(true);
    expect(json(different).data.status).toBe('published');
  });
});
