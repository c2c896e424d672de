// What the author of a report is told about publication batches (docs/product-rules.md,
// "Publication in batches"): when a change becomes public, and why it waits. Written once for
// the confirmation, the tracking lookup and the update and delete dialogs.
import { shortDate } from './format';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A batch time as "18:00 UTC" (today, in UTC), "00:00 UTC on Nov 28, 2026" (another UTC day),
 * with the reader's own clock in brackets where it differs ("18:00 UTC (19:00 your time)").
 * Bad input is given back as it is.
 */
export function batchTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const utc = `${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
  const sameDay = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  const when = sameDay ? utc : `${utc} on ${shortDate(iso)}`;
  const local = `${two(at.getHours())}:${two(at.getMinutes())}`;
  return at.getTimezoneOffset() === 0 ? when : `${when} (${local} your time)`;
}

/** Why a change waits for its batch, in the words every screen uses. */
export const BATCH_REASON = 'together with every report and change sent since the previous publication, so nobody can tell which one is yours';

/** "Your report appears on the public pages at 18:00 UTC, together with ..." */
export function appearsAt(iso: string, what = 'Your report appears'): string {
  return `${what} on the public pages at ${batchTime(iso)}, ${BATCH_REASON}.`;
}
