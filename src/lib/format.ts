// Number and date formats shared by every screen, written out rather than through Intl: in
// Chromium the first `Intl.DateTimeFormat` with a time zone costs ~20 ms of main thread (80 ms on
// a phone that is 4x slower) and the first `toLocaleString` a few more, all spent while the page
// is starting. The output is exactly Intl's en-US output (the tests beside this file compare).

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

/** "Mar 2026", in UTC; bad input as given. */
export function monthYear(iso: string): string {
  const date = utcDate(iso);
  if (!date) return iso;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
