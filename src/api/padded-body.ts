// Submission and update bodies padded with trailing spaces to the next multiple of BODY_PAD_BYTES
// (contract/rules.ts): from the sizes of requests alone, which a proxy or anyone on the path sees,
// 10 of 12 submissions of one day matched exactly one of that day's reports. Trailing whitespace
// is valid JSON; the server reads it like any body (server/lib/json-body.ts).
import { padJson } from '@contract/rules';

/** `value` as JSON, with spaces after it up to a multiple of BODY_PAD_BYTES bytes (UTF-8). */
export function paddedJson(value: unknown): string {
  return padJson(JSON.stringify(value));
}

/**
 * Axios options for a padded body: declared as JSON and sent exactly as it is. Axios's own request
 * transform trims a JSON string (`stringifySafely`), which took the padding off again: it is
 * replaced here by one that leaves the body alone.
 */
export const PADDED_REQUEST = { headers: { 'Content-Type': 'application/json' }, transformRequest: [(body: unknown) => body] };
