// Submission and update bodies padded with trailing spaces to the next multiple of BODY_PAD_BYTES
// (contract/rules.ts): from the sizes of requests alone, which a proxy or anyone on the path sees,
// 10 of 12 submissions of one day matched exactly one of that day's reports. Trailing whitespace
// is valid JSON; the server reads it like any body (server/lib/json-body.ts).
import { BODY_PAD_BYTES } from '@contract/rules';

const encoder = new TextEncoder();

/** `value` as JSON, with spaces after it up to a multiple of BODY_PAD_BYTES bytes (UTF-8). */
export function paddedJson(value: unknown): string {
  const json = JSON.stringify(value);
  const bytes = encoder.encode(json).length;
  return json + ' '.repeat((BODY_PAD_BYTES - (bytes % BODY_PAD_BYTES)) % BODY_PAD_BYTES);
}

/** Axios options for a padded body: sent as it is, declared as JSON. */
export const PADDED_REQUEST = { headers: { 'Content-Type': 'application/json' } } as const;
