// Submission and correction bodies padded with trailing spaces to one size, PADDED_BODY_BYTES
// (contract/rules.ts), which holds the largest valid report: from the sizes of requests alone,
// which a proxy or anyone on the path sees, 10 of 12 submissions of one day matched exactly one of
// that day's reports; padded to multiples of 4,096 bytes, a long story in Chinese still stood out
// at 8,192. Trailing whitespace is valid JSON; the server reads it like any body
// (server/lib/json-body.ts). The body is the report as the contract reads it (text cleaned and
// NFC-normalised, lists trimmed: what the server stores anyway), so one typed in another Unicode
// form is no larger than the largest valid report.
import { padJson } from '@contract/rules';

interface Reader {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
}

/** `value` as the contract's `schema` reads it, as JSON, with spaces after it up to PADDED_BODY_BYTES bytes (UTF-8). */
export function paddedJson(value: unknown, schema?: Reader): string {
  const read = schema?.safeParse(value);
  return padJson(JSON.stringify(read?.success ? read.data : value));
}

/**
 * Axios options for a padded body: declared as JSON and sent exactly as it is. Axios's own request
 * transform trims a JSON string (`stringifySafely`), which took the padding off again: it is
 * replaced here by one that leaves the body alone.
 */
export const PADDED_REQUEST = {
  headers: { 'Content-Type': 'application/json' },
  transformRequest: [(body: unknown) => body],
};
