// The two-stage body reader must give exactly what json-bigint alone gives (the reference), for
// any text, while leaving json-bigint unloaded for ordinary bodies.
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTHOR_ANSWER_BYTES } from '@contract/rules';
import { parseBigJson } from './json-big';
import { PendingJson, parseResponseBody, resolveBody } from './json';

/** What json-bigint alone makes of a body (the behaviour before the fast path existed). */
function reference(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return parseBigJson(text);
  } catch {
    return text;
  }
}

const read = (text: string) => resolveBody(parseResponseBody(text));

/** Number literals json-bigint treats specially: long integers, long decimals, exponents. */
const numberLiteral = fc.oneof(
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{0,20}$/), fc.integer({ min: -30, max: 30 }))
    .map(([a, b, e]) => `${a}.${b}e${e}`),
  fc.constantFrom(
    '9007199254740993',
    '9.007199254740993e15',
    '-9007199254740993.0',
    '1234567890123456',
    '7.333333333333333',
    '-0',
    '1e400',
  ),
);

/** JSON documents whose leaves include those literals, written compactly or with spaces. */
const document = fc
  .tuple(fc.jsonValue({ maxDepth: 3 }), fc.array(numberLiteral, { maxLength: 4 }), fc.boolean())
  .map(([value, numbers, spaced]) => {
    const json = JSON.stringify({ value, numbers: '@' }, null, spaced ? 2 : undefined);
    return json.replace('"@"', `[${numbers.join(spaced ? ', ' : ',')}]`);
  });

describe('response body reader', () => {
  it('reads any JSON document exactly as json-bigint does', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (text) => {
        expect(await read(text)).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it('reads objects whose keys or values hold __proto__ or constructor exactly as json-bigint does', async () => {
    const word = fc.constantFrom(
      'constructor',
      '__proto__',
      'a constructor"s',
      'x__proto__y',
      'constructor\\',
      '\\u0063onstructor',
    );
    const text = fc.oneof(
      fc.string(),
      word,
      fc.tuple(fc.string(), word, fc.string()).map((parts) => parts.join('')),
    );
    const doc = fc
      .dictionary(text, fc.oneof(text, fc.jsonValue({ maxDepth: 2 })))
      .map((value) => JSON.stringify({ data: value }));
    await fc.assert(
      fc.asyncProperty(doc, async (json) => {
        expect(await read(json)).toEqual(reference(json));
      }),
      { numRuns: 400 },
    );
  });

  it('reads any text at all (JSON or not) exactly as json-bigint does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json()), async (text) => {
        expect(await read(text)).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it('gives BigInt for integers beyond 2^53, also written with an exponent, and numbers otherwise', async () => {
    expect(
      await read(
        '{"a":9007199254740993,"b":9.007199254740993e15,"c":[-12345678901234567890],"d":7.333333333333333,"e":1234567890123456}',
      ),
    ).toEqual({
      a: 9007199254740993n,
      b: 9007199254740993n,
      c: [-12345678901234567890n],
      d: 7.333333333333333,
      e: 1234567890123456,
    });
  });

  it('reads keys holding __proto__ or constructor, however spelled, as JSON.parse does: own properties, nothing polluted', async () => {
    for (const text of [
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":1}}',
      '{"\\u005f_proto__":1}',
      '{"a constructor\\"s key" : 1}',
      '{"x":{"my__proto__":2}}',
      '{"data":{"outcomes":{"__proto__":7,"constructor":5}},"n":12345678901234567890}',
    ]) {
      const value = await read(text);
      expect(value).not.toBe(text);
      expect(value).toEqual(
        JSON.parse(text, (_k, v: unknown) =>
          typeof v === 'number' && !Number.isSafeInteger(v) && Number.isInteger(v) ? 12345678901234567890n : v,
        ),
      );
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
    const outcomes = ((await read('{"outcomes":{"__proto__":7}}')) as { outcomes: object }).outcomes;
    expect(Object.keys(outcomes)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(outcomes, '__proto__')?.value).toBe(7);
  });

  it('reads those words in a value (a story) with JSON.parse alone', () => {
    const answer = JSON.stringify({
      data: { story: 'The constructor of __proto__: {{constructor.constructor("alert(1)")()}}' },
    });
    expect(parseResponseBody(answer)).not.toBeInstanceOf(PendingJson);
    expect(parseResponseBody(answer)).toEqual(JSON.parse(answer));
  });

  it('reads an ordinary API answer with JSON.parse alone, leaving nothing for json-bigint', () => {
    const answer = JSON.stringify({
      success: true,
      data: {
        experiences: [
          {
            _id: '1234e567-8901-2345-e678-901234567890',
            createdAt: '2026-10-12T10:11:12.000Z',
            rating: 7.25,
            story: 'Slept 8 hours',
          },
        ],
        total: 101392,
        nextCursor: 'eyJjIjoiMjAyNi0xMC0xMlQ',
      },
    });
    expect(parseResponseBody(answer)).not.toBeInstanceOf(PendingJson);
    expect(parseResponseBody(answer)).toEqual(JSON.parse(answer));
  });

  it('reads an answer padded with spaces to its fixed size (server/plugins/fixed-size-answers.ts) as its JSON, by either reader', async () => {
    for (const json of [
      '{"success":true,"data":{"trackingId":"TRK-01234567890123456789"}}',
      '{"success":true,"data":{"big":123456789012345678901}}',
    ]) {
      const padded = json + ' '.repeat(AUTHOR_ANSWER_BYTES.submission - json.length);
      expect(await read(padded)).toEqual(await read(json));
      expect(parseBigJson(padded)).toEqual(parseBigJson(json));
    }
    // The long number goes to json-bigint, which skips the spaces too.
    expect(parseResponseBody('{"big":123456789012345678901}' + ' '.repeat(500))).toBeInstanceOf(PendingJson);
  });

  it('keeps a body that is not JSON as text, and an empty body as undefined', async () => {
    expect(await read('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
    expect(await read('  ')).toBeUndefined();
  });
});
