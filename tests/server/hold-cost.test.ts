// What reading text costs the hold rules (before: a peptide page of "1 1 1 …" took 1.5-2.5 s of
// the event loop, a report 0.6-0.95 s, and the moderators' queue read every card again on every
// view, 50 cards about 5 s). No test here asserts a time: a busy machine would fail it (house
// rule, docs/architecture.md "Tests"). What they assert is the work, counted by the rules
// themselves (server/services/text-scan/work.ts scanWork): every reading is linear in the text
// (doubling a hostile text at most doubles the characters read and the digit groups weighed),
// the maintained libraries read no more than the fixed allowance of a text whatever it holds,
// and the queue's view reads no text at all. The times measured are printed beside the counts.
import * as fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBatchAt } from '../../server/services/publication/grid';
import { runBatch } from '../../server/services/publication/queue';
import { findHoldMatches, scanWork } from '../../server/services/text-rules';
import { SCAN_LIMITS } from '../../server/services/text-scan/work';
import { moderatorToken, newMember, validPeptide } from './fixtures';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';

/** Texts an attacker would send: each pattern repeated to the length asked. */
const HOSTILE: Record<string, string> = {
  'ones spaced (the issue)': '1 ',
  'ones dotted': '1.',
  'ones dashed': '1-',
  digits: '1234567890',
  'digit groups': '12 34 56 78 90 ',
  'plus numbers': '+1234567 ',
  pluses: '+1 ',
  parentheses: '(1)(2',
  domains: 'x.com ',
  'endings chained': 'co.',
  'labels chained': 'a.',
  schemes: 'http://',
  www: 'www.',
  'sentence breaks': 'good.It ',
  emails: 'ab@cd.co ',
  ats: 'a@',
  'handles with a cue': '@abc telegram ',
  'spelled dots': 'a dot ',
  'spaced dots and commas': 'a . b , c ',
  'letter-spaced': 'a ',
  'imitating letters': 'l I O S 0 ',
  'spelled digits': 'one two ',
  'Arabic-Indic digits': '\u0665 ',
  keycaps: '5\ufe0f\u20e3',
  fullwidth: '\uff41\uff0e',
  Cyrillic: '\u043f\u0435\u043f\u0442\u0438\u0434 ',
  overrides: '\u202emoc.x',
  'provider addresses': 'x at gmail ',
  dates: '12.03.2026 ',
  'prose with doses': 'I took 250 mcg twice daily for 6 weeks and felt better. ',
  'ligatures that fold long': '\ufdfa\u3300',
};
const repeated = (pattern: string, length: number) =>
  pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

/** The work of reading `texts` once, and the CPU time it took. */
function workOf(texts: string[]) {
  const before = { ...scanWork };
  findHoldMatches(texts);
  const ms = scanWork.cpuMs - before.cpuMs;
  return {
    chars: scanWork.chars - before.chars,
    linkChars: scanWork.linkChars - before.linkChars,
    phoneSpans: scanWork.phoneSpans - before.phoneSpans,
    libraryCalls: scanWork.libraryCalls - before.libraryCalls,
    ms,
  };
}

describe('the rules read a text in linear time', () => {
  // A reading may be up to twice the text (width folding: reading.ts widthFolded), and a text is read at most 8 ways.
  const READ_BOUND = 16;

  it('each hostile text of 5,000 characters: at most 8 readings of twice its length, the libraries within their allowance; twice the text, at most twice the work', () => {
    // Warm the regular expressions once, so the times printed are the server's (not a cold start's).
    for (const pattern of Object.values(HOSTILE)) findHoldMatches([repeated(pattern, 500)]);
    const lines: string[] = [];
    for (const [name, pattern] of Object.entries(HOSTILE)) {
      const five = workOf([repeated(pattern, 5_000)]);
      const ten = workOf([repeated(pattern, 10_000)]);
      lines.push(
        `${name.padEnd(26)} ${five.ms.toFixed(2).padStart(6)} ms  read ${five.chars}, linkify ${five.linkChars}, groups ${five.phoneSpans}, library ${five.libraryCalls}`,
      );
      expect(five.chars, name).toBeLessThanOrEqual(READ_BOUND * 5_000);
      expect(five.linkChars, name).toBeLessThanOrEqual(SCAN_LIMITS.linkChars);
      expect(five.libraryCalls, name).toBeLessThanOrEqual(SCAN_LIMITS.libraryCalls);
      expect(five.phoneSpans, name).toBeLessThanOrEqual(5_000);
      expect(ten.chars, name).toBeLessThanOrEqual(2 * five.chars + 16);
      expect(ten.phoneSpans, name).toBeLessThanOrEqual(2 * five.phoneSpans + 2);
      expect(ten.linkChars, name).toBeLessThanOrEqual(Math.max(2 * five.linkChars, SCAN_LIMITS.linkChars));
    }
    console.log(`[cost] one text of 5,000 characters (CPU time measured, not asserted):\n${lines.join('\n')}`);
  });

  it('any text of the characters the rules care about ends, within the same bounds', () => {
    const alphabet = fc.constantFrom(
      ...'0123456789 .,-/|()+@:#lIOS\u3002\u00b7\u202e\u0665\u20e3\ufdfa\u2474xcomwt'.split(''),
      'dot',
      'one',
      'telegram',
      'http://',
      'www.',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 1_500 }).map((parts) => parts.join('')),
        (text) => {
          const work = workOf([text]);
          expect(work.chars).toBeLessThanOrEqual(READ_BOUND * text.length + 1_000);
          expect(work.linkChars).toBeLessThanOrEqual(SCAN_LIMITS.linkChars);
          expect(work.libraryCalls).toBeLessThanOrEqual(SCAN_LIMITS.libraryCalls);
        },
      ),
      { numRuns: 300 },
    );
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLISH_EVERY: '6h' });
}, 120_000);
afterAll(() => t?.close());

/** The rules' work during one request, and its time. */
async function requestWork(send: () => Promise<LightMyRequestResponse>) {
  const before = { ...scanWork };
  const started = performance.now();
  const res = await send();
  return {
    res,
    texts: scanWork.texts - before.texts,
    chars: scanWork.chars - before.chars,
    shingles: scanWork.shingles - before.shingles,
    scanMs: scanWork.cpuMs - before.cpuMs,
    ms: performance.now() - started,
  };
}

/** A report with every free-text field at its longest, filled with `pattern`. */
function hostileReport(peptideId: string, pattern: string) {
  const line = (n: number) => repeated(pattern, n);
  return validSubmission(peptideId, {
    story: line(1_000),
    effects: Array.from({ length: 20 }, (_, i) => `${i} ${line(56)}`),
    stack: Array.from({ length: 10 }, (_, i) => `${i} ${line(56)}`),
    dosage: line(60),
    outcomes: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`o${i} ${line(55)}`, 5])),
    sourcing: { batchId: line(60) },
  });
}

/** Each field of a peptide page at its longest, filled with `pattern`. */
function hostilePageFields(pattern: string): Record<string, unknown> {
  const line = (n: number) => repeated(pattern, n);
  return {
    description: line(500),
    detailedDescription: line(5_000),
    mechanism: line(2_000),
    commonDosage: line(100),
    commonFrequency: line(100),
    commonEffects: Array.from({ length: 30 }, (_, i) => `${i} ${line(50)}`),
    sideEffects: Array.from({ length: 30 }, (_, i) => `${i} ${line(50)}`),
    commonStacks: Array.from({ length: 20 }, (_, i) => `${i} ${line(50)}`),
    dosageRanges: { low: line(60), medium: line(60), high: line(60) },
    timeline: { onset: line(60), peak: line(60), duration: line(60) },
    sources: Array.from({ length: 10 }, (_, i) => `${i} ${line(290)}`),
  };
}

describe('a request of hostile fields', () => {
  const patterns = ['1 ', '1.', 'co.', '+1234567 ', 'good.It ', '@abc telegram '];
  // The rules' regular expressions compiled and the first garbage collected before anything is measured.
  beforeAll(() => {
    for (const pattern of patterns) for (let i = 0; i < 3; i++) findHoldMatches([repeated(pattern, 2_000)]);
  });

  it('a report with every field at its longest reads each field a bounded number of times', async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    const lines: string[] = [];
    for (const pattern of patterns) {
      const body = hostileReport(peptideId, pattern);
      const sent = JSON.stringify(body).length;
      const w = await requestWork(() => t.app.inject({ method: 'POST', url: '/api/experiences', payload: body }));
      expect(w.res.statusCode, w.res.body).toBe(201);
      expect(w.chars).toBeLessThanOrEqual(16 * sent);
      lines.push(
        `${JSON.stringify(pattern).padEnd(18)} ${sent} characters: read ${w.chars} in ${w.scanMs.toFixed(1)} ms of CPU, ${w.ms.toFixed(0)} ms the request`,
      );
    }
    // Longer than a story may be: refused by its schema before any rule reads it.
    const long = await requestWork(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/experiences',
        payload: validSubmission(peptideId, { story: repeated('1 ', 5_000) }),
      }),
    );
    expect(long.res.statusCode).toBe(400);
    expect(long.texts).toBe(0);
    console.log(
      `[cost] a report, every field hostile (CPU time measured, not asserted; the request's time is the machine's):\n${lines.join('\n')}`,
    );
  }, 120_000);

  it("a member's peptide page: each field at its longest (the detailed description 5,000 characters) read a bounded number of times", async () => {
    const { headers } = await newMember(t, 'cost-page');
    const lines: string[] = [];
    for (const pattern of patterns) {
      let slowest = { field: '', ms: 0 };
      for (const [field, value] of Object.entries(hostilePageFields(pattern))) {
        const page = validPeptide({ [field]: value });
        const w = await requestWork(() =>
          t.app.inject({ method: 'POST', url: '/api/peptides', headers, payload: page }),
        );
        // Refused for what it holds (400), or created when the pattern is no contact there (201).
        expect([201, 400], `${field}: ${w.res.body}`).toContain(w.res.statusCode);
        expect(w.chars, field).toBeLessThanOrEqual(16 * JSON.stringify(page).length);
        if (w.scanMs >= slowest.ms) slowest = { field, ms: w.scanMs };
      }
      lines.push(
        `${JSON.stringify(pattern).padEnd(18)} slowest field ${slowest.field}: ${slowest.ms.toFixed(1)} ms of CPU`,
      );
    }
    console.log(
      `[cost] a peptide page, one field hostile at a time (CPU time measured, not asserted):\n${lines.join('\n')}`,
    );
  }, 180_000);
});

describe("the moderators' queue", () => {
  let q: TestApp;
  beforeAll(async () => {
    // Each batch applies what is due (no minimum group): the published story must be public before its repeat arrives.
    q = await createTestApp({ PUBLISH_EVERY: '6h', BATCH_MIN_CHANGES: '1' });
  }, 120_000);
  afterAll(() => q?.close());

  it('reads no text with the rules and splits no story, whatever its cards hold: 5 cards or 50 long ones', async () => {
    const mod = bearer(await moderatorToken(q));
    const peptideId = q.peptides.get('TB-500')!;
    const view = (limit: number) =>
      requestWork(() => q.app.inject({ method: 'GET', url: `/api/moderation/queue?limit=${limit}`, headers: mod }));
    const batch = () => runBatch(q.ctx, nextBatchAt(new Date(), q.config.publishEveryMs)!);
    // A published story, then 49 held reports with long hostile stories (a link holds each) and a
    // repeat of the published one (held as repeated: its card names the original).
    const original = `A long and plain account of eight weeks on this peptide. ${'Sleep improved, the knee settled, and nothing else changed much. '.repeat(12)}`;
    const published = await submit(q, validSubmission(peptideId, { story: original }));
    await batch();
    for (let i = 0; i < 49; i++) {
      await submit(
        q,
        validSubmission(peptideId, {
          story: `Order at shop${i}.com today. ${repeated(['1 ', 'co.', '+1234567 ', 'good.It '][i % 4], 900)}`,
        }),
      );
    }
    const repeat = await submit(q, validSubmission(peptideId, { story: original }));
    await batch();
    const small = await view(5);
    const large = await view(50);
    for (const w of [small, large]) {
      expect(w.res.statusCode, w.res.body).toBe(200);
      expect(w.texts).toBe(0);
      expect(w.shingles).toBe(0);
    }
    const items = json(large.res).data.items as {
      experience: { _id: string };
      matches: { kind: string; text: string }[];
      repeatOf: { id: string } | null;
    }[];
    expect(items).toHaveLength(50);
    // What the rules found when the reports were written is on each card, and the repeat's original.
    const linked = items.filter((i) => i.experience._id !== repeat.experience._id);
    expect(linked.every((i) => i.matches.some((m) => m.kind === 'link' && /^shop\d+\.com$/.test(m.text)))).toBe(true);
    expect(items.find((i) => i.experience._id === repeat.experience._id)?.repeatOf?.id).toBe(published.experience._id);
    console.log(
      `[cost] the queue: 5 cards ${small.ms.toFixed(0)} ms, 50 long cards ${large.ms.toFixed(0)} ms (measured, not asserted); texts read 0, stories split 0`,
    );
  }, 180_000);
});
