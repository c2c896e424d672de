// Number and date formats shared by every screen, written out rather than through Intl: in
// Chromium the first `Intl.DateTimeFormat` with a time zone costs ~20 ms of main thread (80 ms on
// a phone that is 4x slower) and the first `toLocaleString` a few more, all spent while the page
// is starting. The output is exactly Intl's en-US output (the tests beside this file compare).

import { ratingOutOfFive, roundTo } from '@contract/rules';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 12345 -> "12,345" (en-US grouping). Anything but a safe integer goes through Intl. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

function utcDate(iso: string): Date | null {
  const date = new Date(iso);
  const year = date.getUTCFullYear();
  return Number.isNaN(year) || year < 1000 || year > 9999 ? null : date;
}

/** "Oct 28, 2026": the day as stored, in UTC, so it reads the same everywhere; bad input as given. */
export function shortDate(iso: string): string {
  const date = utcDate(iso);
  if (!date) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Oct 28, 2026, 14:05 UTC": a moment (an account's registration), in UTC; bad input as given. */
export function dateTimeUtc(iso: string): string {
  const date = utcDate(iso);
  if (!date) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${shortDate(iso)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;
}

/** "Mar 2026", in UTC; bad input as given. */
export function monthYear(iso: string): string {
  const date = utcDate(iso);
  if (!date) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

// One format per kind of figure, used by every screen (Home, Explore, Peptides, Research Hub), so
// one figure never reads two ways. Rounding is `roundTo` of contract/rules.ts, the server's rule.

/** A figure with one decimal: 5.15 -> "5.2", 4 -> "4.0"; nothing -> "0.0". */
export function formatDecimal(n: number | null | undefined): string {
  return roundTo(n ?? 0, 1).toFixed(1);
}

/** A 1-10 mean (peptide ratings, outcome means, the overall average): "5.2/10". */
export function formatRating(n: number | null | undefined): string {
  return `${formatDecimal(n)}/10`;
}

/** A report's 1-10 rating shown out of 5 (halved), "2.6/5", or "Not rated". */
export function formatRatingOutOfFive(rating10: number | null): string {
  const five = ratingOutOfFive(rating10);
  return five === null ? 'Not rated' : `${formatDecimal(five)}/5`;
}

/** Growth in percent, signed, one decimal at most: "+12.5%", "-9%", "0%". */
export function formatGrowth(percent: number): string {
  const rounded = roundTo(percent, 1);
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)}%`;
}
