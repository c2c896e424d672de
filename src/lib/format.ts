// Number and date formats shared by every screen, written out rather than through Intl: in
// Chromium the first `Intl.DateTimeFormat` with a time zone costs ~20 ms of main thread (80 ms on
// a phone that is 4x slower) and the first `toLocaleString` a few more, all spent while the page
// is starting. The output is exactly Intl's en-US output (the tests beside this file compare).

import { MIN_RATINGS_FOR_MEAN, RATING_SCALE, reportRating, roundTo } from '@contract/rules';
// Only the type: contract/side-effects.ts holds zod schemas, which the first load leaves out (docs/architecture.md).
import type { Severity } from '@contract/side-effects';
// Only the type, for the same reason: contract/doses.ts holds zod schemas.
import type { Spread } from '@contract/doses';

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

/** "Oct 28, 2026": the day on the reader's own clock (where a time is also given in their zone). */
export function localDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
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

/**
 * A rating out of 10 (peptide ratings, outcome means, the overall average): "5.2/10". The server
 * rounded it once (contract/rules.ts roundRating); this only writes it, and rounding again to the
 * same decimal changes nothing.
 */
export function formatRating(n: number | null | undefined): string {
  return `${formatDecimal(n)}/${RATING_SCALE}`;
}

/** A report's own rating, labelled: "Overall 6.2/10" (the mean of the outcomes it rates), or "Not rated". */
export function formatReportRating(outcomes: Record<string, number>): string {
  const rating = reportRating(outcomes);
  return rating === null ? 'Not rated' : `Overall ${formatRating(rating)}`;
}

/** A mean's 95% interval as the API gives it (contract/common.ts RatingInterval), or null below 5 ratings. */
export type LikelyRange = { low: number; high: number } | null;

/**
 * A mean over reports, how sure it is and its sample size (docs/product-rules.md, "How sure"):
 * "7.2, likely 6.8-7.6, n = 41"; with fewer than MIN_RATINGS_FOR_MEAN ratings (the API then
 * gives no mean) no number, only how few: "too few to say (n = 3)". The one way every page writes
 * a mean. `showN: false` where the count stands right beside it.
 */
export function formatMean(
  mean: number | null | undefined,
  interval: LikelyRange | undefined,
  n: number,
  { showN = true } = {},
): string {
  if (n <= 0) return 'No ratings yet';
  if (n < MIN_RATINGS_FOR_MEAN || mean === null || mean === undefined || !interval)
    return `too few to say (n = ${formatCount(n)})`;
  const figure = `${formatDecimal(mean)}, likely ${formatDecimal(interval.low)}-${formatDecimal(interval.high)}`;
  return showN ? `${figure}, n = ${formatCount(n)}` : figure;
}

/** Said once beside every list ranked by rating: what the order follows (contract/how-sure.ts rankingScore). */
export const RANKED_BY_LOWER_END = 'Ranked by the lower end of the likely range.';

/** Growth in percent, signed, one decimal at most: "+12.5%", "-9%", "0%". */
export function formatGrowth(percent: number): string {
  const rounded = roundTo(percent, 1);
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded)}%`;
}

/** How a period still in progress is marked wherever it is shown (docs/product-rules.md, "Figures"). */
export const SO_FAR = '(so far)';

/**
 * The growth of a month or week in progress, which the server compares only with the same days of
 * the one before (server/services/analytics.ts equalSpans): "+12% on the same days of last month
 * (so far)", or, where those days had no reports, that there is nothing to compare with.
 */
export function formatGrowthSoFar(percent: number | null, unit: 'month' | 'week' = 'month'): string {
  if (percent === null) return `no reports in the same days of last ${unit}`;
  return `${formatGrowth(percent)} on the same days of last ${unit} ${SO_FAR}`;
}

/** The community's average rating as a stat card shows it: the figure, how sure, and what it is the mean of. */
export function averageRatingStat(
  mean: number | null,
  interval: LikelyRange,
  n: number,
): { value: string; detail: string } {
  if (n < MIN_RATINGS_FOR_MEAN || mean === null || !interval)
    return { value: '—', detail: `too few to say: fewer than ${MIN_RATINGS_FOR_MEAN} reports so far` };
  return {
    value: formatRating(mean),
    detail: `likely ${formatDecimal(interval.low)}-${formatDecimal(interval.high)}, mean of ${formatCount(n)} reports' ratings`,
  };
}

/** A side effect as every report shows it, its severity in lower case as stored: "Headache (mild)". */
export function formatSideEffect(s: { name: string; severity: Severity }): string {
  return `${s.name} (${s.severity})`;
}

/** A report's side effects in one line: "Headache (mild), Nausea (severe)", or `none` when it lists none. */
export function formatSideEffects(list: readonly { name: string; severity: Severity }[], none = 'None'): string {
  return list.length ? list.map(formatSideEffect).join(', ') : none;
}

/** A number with at most `places` decimals, grouped as en-US: 1234.5 -> "1,234.5", 2.50 -> "2.5". */
export function formatNumber(n: number, places = 1): string {
  const rounded = roundTo(n, places);
  const [whole, fraction] = String(Math.abs(rounded)).split('.');
  const grouped = `${formatCount(Number(whole))}${fraction ? `.${fraction}` : ''}`;
  return rounded < 0 ? `-${grouped}` : grouped;
}

const MCG_PER_MG = 1000;

/** Whether an amount in mcg is written in mg: from 1,000 mcg, as it would round in mcg. */
function inMg(mcg: number): boolean {
  return roundTo(mcg, 1) >= MCG_PER_MG;
}

/** The number of an amount in mcg, in `unit`: mg with 2 decimals at most, mcg with 1 (2 below 10). */
function amountIn(mcg: number, unit: 'mcg' | 'mg'): string {
  return unit === 'mg' ? formatNumber(mcg / MCG_PER_MG, 2) : formatNumber(mcg, mcg < 10 ? 2 : 1);
}

/**
 * A dose amount the API gives in mcg (contract/doses.ts), as every page writes it: below 1,000 in
 * mcg ("250 mcg"), from 1,000 in mg ("2.5 mg"), so a figure never reads as a thousand-fold other.
 */
export function formatDoseAmount(mcg: number): string {
  const unit = inMg(mcg) ? 'mg' : 'mcg';
  return `${amountIn(mcg, unit)} ${unit}`;
}

/** A range of doses in mcg, both ends in the unit of the higher: "200-350 mcg", "0.8-1.2 mg". */
export function formatDoseRange(lowMcg: number, highMcg: number): string {
  const unit = inMg(highMcg) ? 'mg' : 'mcg';
  return `${amountIn(lowMcg, unit)}-${amountIn(highMcg, unit)} ${unit}`;
}

/**
 * A dose figure (contract/doses.ts Spread, in mcg): "Median 250 mcg (middle half 200-350 mcg), n = 41".
 * One unit for the whole sentence, the higher end's: "Median 0.7 mg (middle half 0.49-1.01 mg)",
 * never a median in mcg beside its middle half in mg.
 */
export function formatDoseSpread(spread: Spread): string {
  const unit = inMg(spread.high) ? 'mg' : 'mcg';
  return `Median ${amountIn(spread.median, unit)} ${unit} (middle half ${formatDoseRange(spread.low, spread.high)}), n = ${formatCount(spread.n)}`;
}

/** How long people took it (a Spread in days): "Median 42 days (middle half 28-60), n = 41". */
export function formatDaysSpread(spread: Spread): string {
  const days = formatNumber(spread.median);
  return `Median ${days} ${days === '1' ? 'day' : 'days'} (middle half ${formatNumber(spread.low)}-${formatNumber(spread.high)}), n = ${formatCount(spread.n)}`;
}
