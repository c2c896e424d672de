// The hold rules against evasions (tests/server/hold-evasions.ts: the kinds an outside attack
// used, and others), each sent through the API in its field: held for what it hides, or published
// where it is plain text. Prints the counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHoldMatches } from '../../server/services/text-rules';
import { EVASIONS, type Evasion } from './hold-evasions';
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
      if (!ok) wrong.push(`${e.name} (${e.field}: ${JSON.stringify(e.text)}): expected ${e.expect}, got ${status} ${JSON.stringify(holdReasons)} ${JSON.stringify(findHoldMatches([e.text]))}`);
    }
    const toHold = EVASIONS.filter((e) => e.expect !== 'publish').length;
    console.log(`[evasions] ${EVASIONS.length} texts: ${held} of ${toHold} evasions held for what they hide, ${published} of ${EVASIONS.length - toHold} plain texts published`);
    expect(wrong).toEqual([]);
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
    const res = await t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: validPeptide({ name, ...fields }) });
    expect(expectError(res, 400)).toMatch(new RegExp(`^${field}: a peptide page cannot carry`));
    expect(await rows(t, 'select 1 from peptides where name = $1', [name])).toEqual([]);
  });

  it('creates a plain page', async () => {
    const { headers } = await newMember(t, 'peptide-plain');
    const res = await t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: validPeptide({ description: 'Studied for tendon repair at 250 mcg a day.' }) });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the repeat rule against variants of a published story', () => {
  it('holds near repeats (invisible and look-alike characters, markup, spacing, a changed word) and publishes a different story', async () => {
    const base =
      'Eight weeks of this peptide for a stubborn knee. Swelling was down by week two, stairs were easy by week four, and sleep improved as well. Would use again.';
    const first = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId, { story: base }) });
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
      const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId, { story }) });
      const { status, holdReasons } = json(res).data as { status: string; holdReasons: string[] };
      outcomes.push(`${name}: ${status === 'held' && holdReasons.includes('repeated') ? 'held' : 'published'}`);
    }
    const different = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { story: 'A different account altogether: used it for a shoulder for six weeks, nothing changed until week five, then a little.' }),
    });
    console.log(`[repeats] ${variants.length} variants of a published story: ${outcomes.join('; ')}`);
    expect(outcomes.every((o) => o.endsWith('held'))).toBe(true);
    expect(json(different).data.status).toBe('published');
  });
});
