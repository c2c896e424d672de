// How a tracking ID is shown and read back (docs/product-rules.md, "Anonymity"): shown in groups
// of four digits that still copy and paste as one ID, and read back whatever spaces or letter case
// a person typed, with the format explained before anything is sent.
import { TRACKING_ID_RE } from '@contract/rules';

const PREFIX = 'TRK-';
const DIGITS = 20;

/** "TRK-1234 5678 …": what a person typed, spaces and dashes between digits removed, upper-cased. */
export function cleanTrackingId(typed: string): string {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  const digits = compact.startsWith(PREFIX) ? compact.slice(PREFIX.length) : compact.startsWith('TRK') ? compact.slice(3) : null;
  return digits === null ? compact : `${PREFIX}${digits.replace(/-/g, '')}`;
}

/** Why `typed` cannot be a tracking ID, in a sentence; null when it has the right form. */
export function trackingIdProblem(typed: string): string | null {
  const id = cleanTrackingId(typed);
  if (TRACKING_ID_RE.test(id)) return null;
  if (!id.startsWith(PREFIX)) return `A tracking ID starts with ${PREFIX} and has ${DIGITS} digits after it.`;
  const digits = id.slice(PREFIX.length);
  if (/\D/.test(digits)) return `After ${PREFIX} a tracking ID has only digits (${DIGITS} of them).`;
  return `A tracking ID has ${DIGITS} digits after ${PREFIX}; this one has ${digits.length}.`;
}

/** The ID in groups of four digits after its prefix: ["TRK-", "1234", "5678", …]. */
export function trackingIdGroups(id: string): string[] {
  if (!TRACKING_ID_RE.test(id)) return [id];
  const digits = id.slice(PREFIX.length);
  return [PREFIX, ...(digits.match(/\d{1,4}/g) ?? [])];
}

/** An example of the form, grouped as the confirmation shows it. */
export const TRACKING_ID_EXAMPLE = 'TRK-1234 5678 9012 3456 7890';

/**
 * A tracking ID handed from one page to another (the confirmation's "View your report" to the
 * Privacy page's lookup) in the history entry's state: it stays in this browser tab and never
 * travels in an address (docs/product-rules.md, "Anonymity").
 */
export interface TrackingHandoff {
  trackingId: string;
}

/** The tracking ID a page was handed, if any. */
export function handedTrackingId(state: unknown): string | null {
  const id = state && typeof state === 'object' ? (state as Partial<TrackingHandoff>).trackingId : undefined;
  return typeof id === 'string' && TRACKING_ID_RE.test(id) ? id : null;
}
