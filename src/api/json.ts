// Reading response bodies. json-bigint (./json-big) is the reference: a number literal longer
// than 15 characters becomes a big number, and integers beyond 2^53 come out as BigInt. Most
// bodies have no such literal, and for those the browser's own JSON.parse gives exactly the same
// value, in a fraction of the time and without ~10 kB of parser (bignumber.js) on the first load.
// So a body goes to json-bigint only when it could differ: more than 15 number characters, or an
// exponent of three digits (json-bigint refuses a number that overflows), where a value starts
// (after `:`, `,`, `[` or at the start), or text JSON.parse rejects. Text inside strings can
// match too (a story with "ratio:12345678901234567"); that costs time, never accuracy. Keys do not
// matter: ./json-big keeps `__proto__` and `constructor` keys as JSON.parse does, and
// reads \u escapes as JSON.parse does, so no key or escape sends a body there or makes it throw.
/** Bodies JSON.parse might read differently from json-bigint (see above). */
const NEEDS_JSON_BIGINT = /(?:^|[:,[])\s*(?:[-+.\deE]{16}|[-+.\d]*[eE][+-]?\d{3})/;

/** A body left for json-bigint, which loads on demand (`resolveBody`). */
export class PendingJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * axios `transformResponse` (synchronous): a JSON body read with JSON.parse where that is exact,
 * an empty body as undefined, and anything else as a PendingJson for `resolveBody`.
 */
export function parseResponseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') return undefined;
  if (!NEEDS_JSON_BIGINT.test(data)) {
    try {
      return JSON.parse(data);
    } catch {
      // Not JSON (or JSON.parse disagrees): json-bigint decides, as it always did.
    }
  }
  return new PendingJson(data);
}

/** Finishes what `parseResponseBody` left: a PendingJson is read by json-bigint (loaded now). */
export async function resolveBody(data: unknown): Promise<unknown> {
  if (!(data instanceof PendingJson)) return data;
  const { parseBigJson } = await import('./json-big');
  try {
    return parseBigJson(data.text);
  } catch {
    return data.text; // not JSON: kept as text (an HTML error page from a proxy, say)
  }
}
