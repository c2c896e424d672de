// How a tracking ID is shown and read back (docs/product-rules.md, "Anonymity"): shown in groups
// of four digits that still copy and paste as one ID, and read back whatever spaces or letter case
// a person typed, with the format explained before anything is sent.
import { TRACKING_ID_RE } from '@contract/rules';

const PREFIX = 'TRK-';
const DIGITS = 20;

/** "TRK-1234 5678 …": what a person typed, spaces and dashes between digits removed, upper-cased. */
export function cleanTrackingId(typed: string): string {
  const compact = typed.replace(/\s+/g, '').toUpperCase();
  const digits = compact.startsWith(PREFIX)
    ? compact.slice(PREFIX.length)
    : compact.startsWith('TRK')
      ? compact.slice(3)
      : null;
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
 * A tracking ID handed from the confirmation ("View your report", "Manage it on the Privacy page")
 * to the Privacy page's lookup, in this page's memory only: never in the address, the history
 * entry's state (Chromium writes that to the profile's session files) or storage
 * (docs/product-rules.md, "Anonymity"). Read once: a later visit, a reload or another tab finds
 * nothing.
 */
let handed: string | null = null;

/** Hands `trackingId` to the next Privacy page (a link's click does it, just before it navigates). */
export function handTrackingId(trackingId: string): void {
  handed = TRACKING_ID_RE.test(trackingId) ? trackingId : null;
}

/**
 * A link's onClick that hands `trackingId` over when the click navigates this page: a plain
 * click, not one that opens a new tab or window (which gets nothing, as a reload does).
 */
export function handOnClick(trackingId: string) {
  return (event: { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean }) => {
    if (event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey)
      handTrackingId(trackingId);
  };
}

/** The tracking ID handed over, if any, without taking it (a component's first render may run twice). */
export function handedTrackingId(): string | null {
  return handed;
}

/** Forgets the handed ID once the page that took it is on screen. */
export function forgetHandedTrackingId(): void {
  handed = null;
}
