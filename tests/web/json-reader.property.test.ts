// The SPA reads every body the server can send (src/api/json.ts, src/api/json-big.ts,
// contract/normalize.ts): bodies shaped like the API's answers (experience lists, a peptide,
// analytics), with keys JSON readers treat specially, unicode edge cases and big numbers,
// written as the server writes them (JSON.stringify), come back equal to what was sent, never
// throw, pollute no prototype, and pass the contract's response schemas.
import { DOSE_UNITS, STRENGTH_UNITS } from '@contract/doses';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnalyticsResponse, ExperienceListResponse, PeptideResponse } from '@contract/index';
import { readData } from '@contract/normalize';
import { parseResponseBody, resolveBody } from '../../src/api/json';

const read = async (text: string) => resolveBody(parseResponseBody(text));

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'Constructor',
  'x__proto__y',
];

/** Any UTF-16 code unit, lone surrogates included (old rows may hold them). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const anyText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: codeUnit, maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom(
    ...HOSTILE_KEYS,
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u202eevil\u202c',
    '\u200b\u200d\ufeff',
    'Cafe\u0301',
    'Café',
    'Z̸͚̈́a̵l̸g̷o̸',
    '👩‍👩‍👧‍👦',
    '𝕳𝖊𝖑𝖑𝖔',
    '\\u0063onstructor',
    '"quoted" \\ back',
    'ratio:12345678901234567',
    '{{constructor.constructor("alert(1)")()}}',
  ),
);
const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), anyText);

/** Numbers the server may write, big ones included (they come back as BigInt, see `expected`). */
const number = fc.oneof(
  fc.integer({ min: 0, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Written as text: the literals themselves would lose precision (that is the point of them).
  fc
    .constantFrom(
      '7.333333333333333',
      '9007199254740993',
      '1152921504606846976',
      '1e21',
      '1.2345678901234567e25',
      '-12345678901234567890',
      '5e-324',
      '1.7976931348623157e308',
      '1234567890123456',
    )
    .map(Number),
);

/** An object with own properties exactly these (`__proto__` included, as JSON.parse makes it). */
function own(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}
const record = <T>(value: fc.Arbitrary<T>) => fc.array(fc.tuple(key, value), { maxLength: 6 }).map(own);

const id = fc.uuid();
const experience = fc.record({
  _id: id,
  peptideId: id,
  peptideName: anyText,
  peptideCategory: anyText,
  dosage: anyText,
  dose: fc.option(
    fc.record({
      amount: number,
      unit: fc.constantFrom(...DOSE_UNITS),
      strength: fc.option(fc.record({ amount: number, unit: fc.constantFrom(...STRENGTH_UNITS) }), { nil: null }),
      mcg: fc.option(number, { nil: null }),
    }),
    { nil: null },
  ),
  frequency: anyText,
  duration: number,
  route: anyText,
  primaryPurpose: fc.array(anyText, { maxLength: 3 }),
  demographics: fc.record({ ageRange: anyText, biologicalSex: anyText, activityLevel: anyText }),
  // Whole ratings, as the contract says (the reader's number handling is tested by `rating`).
  outcomes: record(fc.integer({ min: 1, max: 10 })),
  rating: number,
  sideEffects: fc.array(fc.record({ name: anyText, severity: fc.constantFrom('mild', 'moderate', 'severe') }), {
    maxLength: 3,
  }),
  effects: fc.array(anyText, { maxLength: 4 }),
  timeline: anyText,
  story: anyText,
  stack: fc.array(anyText, { maxLength: 3 }),
  vendor: fc.option(fc.record({ name: fc.option(anyText), quantity: fc.option(anyText), batchId: fc.option(anyText) })),
  votes: fc.record({ helpful: number, notHelpful: number, detailed: number, concerning: number, total: number }),
  demo: fc.boolean(),
  createdAt: fc.constant('2026-11-25T04:00:00.000Z'),
  updatedAt: fc.constant(null),
});
/** A mean's likely range, or null (fewer than 5 ratings). */
const likelyRange = fc.option(fc.record({ low: number, high: number }));
const peptide = fc.record({
  _id: id,
  name: anyText,
  peptide_sequence: anyText,
  category: fc.constantFrom('Anti-Aging', 'Growth Hormone'),
  description: anyText,
  detailedDescription: anyText,
  mechanism: anyText,
  commonDosage: anyText,
  commonFrequency: anyText,
  commonEffects: fc.array(anyText, { maxLength: 3 }),
  sideEffects: fc.array(anyText, { maxLength: 3 }),
  commonStacks: fc.array(anyText, { maxLength: 3 }),
  dosageRanges: fc.record({ low: anyText, medium: anyText, high: anyText }),
  timeline: fc.record({ onset: anyText, peak: anyText, duration: anyText }),
  sources: fc.array(anyText, { maxLength: 3 }),
  averageRating: fc.option(number),
  ratingInterval: likelyRange,
  totalExperiences: number,
  popularity: number,
  createdAt: fc.constant('2026-11-25T04:00:00.000Z'),
  reviewedAt: fc.constantFrom(null, '2026-11-25T04:00:00.000Z'),
  canDelete: fc.boolean(),
});
const analytics = fc.record({
  totalExperiences: number,
  experienceGrowth: fc.option(number, { nil: null }),
  experiencesThisMonth: number,
  totalPeptides: number,
  categories: number,
  averageRating: fc.option(number),
  averageRatingInterval: likelyRange,
  activeUsers: number,
  activeUsersCount: number,
  trendingCategories: fc.array(
    fc.record({ name: anyText, growth: fc.option(number, { nil: null }), experiences: number }),
    { maxLength: 2 },
  ),
  topPeptides: fc.array(
    fc.record({
      _id: id,
      name: anyText,
      category: anyText,
      rating: fc.option(number),
      ratingInterval: likelyRange,
      experiences: number,
    }),
    { maxLength: 2 },
  ),
  effectivenessData: fc.array(
    fc.record({
      peptide: anyText,
      peptideId: id,
      rating: fc.option(number),
      ratingInterval: likelyRange,
      experiences: number,
      effectiveness: record(fc.option(number)),
      intervals: record(likelyRange),
      sampleSizes: record(number),
    }),
    { maxLength: 2 },
  ),
  generatedAt: fc.constant('2026-11-25T04:00:00.000Z'),
});

/** An envelope `{ success, data }` whose data may carry extra (hostile) keys next to the fields. */
const envelope = <T extends object>(data: fc.Arbitrary<T>) =>
  fc
    .tuple(data, fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), fc.jsonValue({ maxDepth: 1 })), { maxLength: 2 }))
    .map(([d, extra]) => ({
      success: true,
      data: own([
        ...Object.entries(d),
        ...extra.filter(([k]) => !(k in d) || !Object.prototype.hasOwnProperty.call(d, k)),
      ]),
    }));

const bodies = {
  experiences: envelope(
    fc.record({
      experiences: fc.array(experience, { maxLength: 3 }),
      nextCursor: fc.option(anyText),
      total: fc.option(fc.record({ count: fc.nat(), capped: fc.boolean() })),
    }),
  ),
  peptide: envelope(fc.record({ peptide })),
  analytics: envelope(analytics).map((b) => ({ success: true, data: b.data })),
};

/** What json-bigint's rule makes of a number as JSON.stringify writes it (src/api/json-big.ts). */
function expectedNumber(n: number): number | bigint {
  const s = JSON.stringify(n);
  if (s.length <= 15 || !Number.isInteger(n) || Number.isSafeInteger(n)) return n === 0 ? 0 : n;
  const m = /^(-?)(\d)(?:\.(\d+))?e\+(\d+)$/.exec(s);
  if (!m) return BigInt(s);
  const digits = m[2] + (m[3] ?? '');
  return BigInt(m[1] + digits + '0'.repeat(Number(m[4]) - (digits.length - 1)));
}

/** A value as own-key entries: compares `__proto__` and friends as the own properties they are. */
function canon(value: unknown, numbers: (n: number) => unknown = (n) => n): unknown {
  if (typeof value === 'number') return numbers(value);
  if (Array.isArray(value)) return value.map((v) => canon(v, numbers));
  if (typeof value === 'object' && value !== null)
    return Object.keys(value).map((k) => [k, canon((value as Record<string, unknown>)[k], numbers)]);
  return value;
}

/** The value with every record key `__proto__` gone: what z.record gives (it drops that key). */
function withoutProto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProto);
  if (typeof value === 'object' && value !== null)
    return own(
      Object.keys(value)
        .filter((k) => k !== '__proto__')
        .map((k) => [k, withoutProto((value as Record<string, unknown>)[k])]),
    );
  return value;
}

const PROBES = ['x', 'role', 'polluted', 'constructor-value'];
function expectNoPollution() {
  const probe = {} as Record<string, unknown>;
  for (const name of PROBES) expect(probe[name]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

describe("the SPA's reader and schemas read every body the server can send", () => {
  for (const [name, arb] of Object.entries(bodies)) {
    it(`${name}: read back equal to what was sent, never throwing, nothing polluted`, async () => {
      await fc.assert(
        fc.asyncProperty(arb, async (sent) => {
          const value = await read(JSON.stringify(sent));
          expect(typeof value).toBe('object');
          expect(canon(value)).toEqual(canon(sent, expectedNumber));
          expectNoPollution();
        }),
        { numRuns: 300 },
      );
    });
  }

  it('the contract accepts those bodies: a record keeps every key but __proto__, which z.record drops', async () => {
    const schemas = {
      experiences: ExperienceListResponse,
      peptide: PeptideResponse,
      analytics: AnalyticsResponse,
    } as const;
    for (const [name, arb] of Object.entries(bodies) as [
      keyof typeof schemas,
      (typeof bodies)[keyof typeof bodies],
    ][]) {
      await fc.assert(
        fc.asyncProperty(arb, async (sent) => {
          // Safe numbers only here: the schemas say z.number(), and BigInt is a separate story.
          const safe = JSON.parse(JSON.stringify(sent), (_k, v: unknown) =>
            typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) ? 1 : v,
          );
          const data = readData(schemas[name], await read(JSON.stringify(safe)));
          expect(data, name).toBeDefined();
          const fields = own(
            Object.keys(safe.data)
              .filter((k) => Object.prototype.hasOwnProperty.call(data, k))
              .map((k) => [k, safe.data[k]]),
          );
          expect(canon(data)).toEqual(canon(withoutProto(fields)));
          expectNoPollution();
        }),
        { numRuns: 150 },
      );
    }
  });

  it('the body that broke the feed: an outcome named constructor, another __proto__', async () => {
    const [sample] = fc.sample(experience, { numRuns: 1, seed: 1 });
    const row = {
      ...sample,
      dose: { amount: 250, unit: 'mcg', strength: null, mcg: 250 },
      duration: 30,
      rating: 7,
      votes: { helpful: 1, notHelpful: 0, detailed: 0, concerning: 0, total: 1 },
    };
    const body = JSON.stringify({ success: true, data: { experiences: [row], nextCursor: null } }).replace(
      /"outcomes":\{[^{}]*\}/,
      '"outcomes":{"constructor":7,"__proto__":5,"Sleep":8}',
    );
    const value = await read(body);
    expect(canon(value)).toEqual(canon(JSON.parse(body)));
    const data = readData(ExperienceListResponse, value);
    expect(data?.experiences[0].outcomes).toEqual({ constructor: 7, Sleep: 8 });
  });
});
