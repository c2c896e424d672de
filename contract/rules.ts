// Pure product rules (docs/product-rules.md), shared by the SPA, the server and tests.
import { MIN_N } from './how-sure';

/** Letters only, in segments separated by single hyphens. */
export const PEPTIDE_SEQUENCE_RE = /^[A-Za-z]+(-[A-Za-z]+)*$/;
export const SEQUENCE_MESSAGE = 'Please enter a valid peptide sequence using standard amino acid codes';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const HONEYPOT_MESSAGE = 'Invalid submission detected';

export const STORY_MIN = 100;
export const STORY_MAX_SUBMIT = 1000;
export const OUTCOME_MIN = 1;
export const OUTCOME_MAX = 10;
/**
 * What an outcome the submitter has not touched reads as. Nothing is filled in for them: an
 * outcome left at this is not sent and not stored, and a report needs at least one rated outcome
 * (docs/product-rules.md, "Forms").
 */
export const NOT_RATED = 'Not rated';
/** The outcomes a form rated (null is "Not rated"), and only those: what is sent and shown. */
export function ratedOutcomes(outcomes: Record<string, number | null>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(outcomes)) if (value !== null) out[name] = value;
  return out;
}
/** The contract's refusal of a report without a rated outcome (contract/experiences.ts Outcomes). */
export const OUTCOMES_REQUIRED_MESSAGE = 'outcomes must rate at least one effect';
/**
 * The outcome the wizard offers to rate when a peptide lists no common effects. Stored like any
 * outcome name, so the aggregates count it per peptide (lower-cased, server/db/migrations/001_init.sql).
 */
export const OVERALL_OUTCOME = 'Overall effect';
/** Above this many reports matching a search, Community shows "1,000+" (server/services/experience-feed.ts says why). */
export const MATCH_COUNT_CAP = 1_000;

/** Wizard rule: duration is parsed as an integer; anything non-numeric is 0. */
export function parseDuration(input: string | number): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(String(input), 10);
  return Number.isFinite(n) ? n : 0;
}

/** Trims entries and drops blanks (stack, extra effects, peptide list fields). */
export function cleanList(items: readonly string[]): string[] {
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * An experience's rating: the mean of the outcomes it rates, 1-10 (docs/product-rules.md,
 * "Figures"). Stored with the report (`experiences.rating`), unrounded; the same function on the
 * same outcomes gives the same number anywhere.
 */
export function experienceRating(outcomes: Record<string, number>): number | null {
  return mean(Object.values(outcomes).filter((v) => Number.isFinite(v)));
}

/** Every rating is out of 10, shown with one decimal. */
export const RATING_SCALE = 10;
const RATING_DECIMALS = 1;
/**
 * A mean of fewer ratings than this is not shown as a number: a page says how few there are
 * instead ("Too few to rate (n = 3)"), since one or two reports make a mean that means little.
 */
export const MIN_RATINGS_FOR_MEAN = MIN_N;

/**
 * The one rounding of a rating, from the unrounded mean as stored: the server rounds with this
 * before it answers, and screens show what it answered. Rounding twice (to hundredths, then to
 * tenths) made Hexarelin's 5.1458 read 5.2 in one list and 5.1 in the next.
 */
export function roundRating(unrounded: number): number {
  return roundTo(unrounded, RATING_DECIMALS);
}

/** A mean rating from a stored sum and count: rounded once (roundRating), or null without ratings. */
export function meanRating(sum: number, n: number): number | null {
  return n > 0 ? roundRating(sum / n) : null;
}

/** A report's overall rating as every screen shows it: its mean (experienceRating) rounded once. */
export function reportRating(outcomes: Record<string, number>): number | null {
  const unrounded = experienceRating(outcomes);
  return unrounded === null ? null : roundRating(unrounded);
}

/**
 * The one rounding rule for figures, on the server and on every screen: to `places` decimals,
 * halves away from zero, judged on the decimal value as written (5.15 -> 5.2, -9.05 -> -9.1).
 * `Math.round(x * 10)` and `toFixed` disagree on such halves (5.15 is 5.1499... in binary), which
 * made one peptide read 5.1 on Home and 5.2 on Explore.
 */
export function roundTo(n: number, places: number): number {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  // Shifting the decimal point in the string form avoids the binary error of `abs * 10 ** places`.
  const shifted = String(abs).includes('e') ? abs * 10 ** places : Number(`${abs}e${places}`);
  const rounded = Math.round(shifted) / 10 ** places;
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Percent growth of `current` over `previous`, one decimal; 100 when starting from zero. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return roundTo(((current - previous) / previous) * 100, 1);
}

/**
 * Growth of a period in progress over the same days of the previous period (docs/product-rules.md,
 * "Figures"): percent, one decimal, or null when those days held no reports, since no rate grows
 * from zero.
 */
export function equalSpanGrowth(current: number, previous: number): number | null {
  return previous === 0 ? null : growthPercent(current, previous);
}

/**
 * Popularity 0-100 from a peptide's share of experiences and votes, relative to the most
 * popular peptide: 70% experiences, 30% votes.
 */
export function popularityScore(experiences: number, votes: number, maxExperiences: number, maxVotes: number): number {
  const e = maxExperiences > 0 ? experiences / maxExperiences : 0;
  const v = maxVotes > 0 ? votes / maxVotes : 0;
  return Math.round(100 * (0.7 * e + 0.3 * v));
}

/**
 * What whoever sees the traffic (a proxy, the host) may learn from sizes: nothing about which
 * report a request made (docs/product-rules.md, "Anonymity"). Every answer to a report's author is
 * exactly this many bytes per operation, its JSON followed by spaces, never compressed
 * (server/plugins/fixed-size-answers.ts; a route declares its size with `authorAnswer`). Each
 * size holds the largest valid answer with room to spare, which
 * tests/server/answer-sizes.test.ts proves: a new operation adds its size here.
 */
export const AUTHOR_ANSWER_BYTES = {
  /** POST /api/experiences: the tracking ID, the report's id, where it stands (no card). */
  submission: 1_024,
  /** POST /api/experiences/tracking/lookup: the whole report as its author sees it. */
  lookup: 32_768,
  /** PUT /api/experiences/tracking: the corrected report. */
  correction: 32_768,
  /** POST /api/experiences/tracking/delete: when the public pages drop it. */
  deletion: 512,
} as const;

/**
 * The web app pads submission and correction bodies with spaces after the JSON to exactly this
 * many bytes (src/api/padded-body.ts), one size that holds the largest valid report
 * (tests/server/answer-sizes.test.ts), so a request's size, which any proxy sees, does not point
 * at its report. The two routes admit it whatever BODY_LIMIT_BYTES says.
 */
export const PADDED_BODY_BYTES = 28_672;

/**
 * `json` with spaces after it up to PADDED_BODY_BYTES bytes in UTF-8; as it is when longer (no
 * valid report is: the server refuses it, tests/server/answer-sizes.test.ts).
 */
export function padJson(json: string): string {
  const bytes = new TextEncoder().encode(json).length;
  return bytes >= PADDED_BODY_BYTES ? json : json + ' '.repeat(PADDED_BODY_BYTES - bytes);
}

/** Tracking ids: TRK- and 20 digits; accepted trimmed and in any letter case. */
export const TRACKING_ID_RE = /^TRK-\d{20}$/;
export function normaliseTrackingId(input: string): string {
  return input.trim().toUpperCase();
}

/** Feed text search: peptide name, story, effects and primary purposes, case-insensitive. */
export function experienceMatchesSearch(
  e: { peptideName: string; story?: string | null; effects: readonly string[]; primaryPurpose: readonly string[] },
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [e.peptideName, e.story ?? '', ...e.effects, ...e.primaryPurpose].some((t) => t.toLowerCase().includes(q));
}

/**
 * Peptide list search: name or description, case-insensitive (the server's SQL in
 * server/services/peptides.ts listPeptides; tests/server/peptides.test.ts holds them together).
 */
export function peptideMatchesSearch(p: { name: string; description?: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || p.name.toLowerCase().includes(q) || (p.description ?? '').toLowerCase().includes(q);
}

/**
 * True when every peptide matching `search` also matches `earlier`: an answer to `earlier` that
 * listed all its matches, narrowed to `search`, is then the whole answer to `search`, in its order
 * (a peptide picker relies on it while the newer answer is on its way, src/components/peptide-picker).
 */
export function peptideSearchNarrows(earlier: string, search: string): boolean {
  return search.trim().toLowerCase().includes(earlier.trim().toLowerCase());
}

/** Bold is the only formatting: splits a story into plain and bold runs, never HTML. */
export function parseBold(text: string): { text: string; bold: boolean }[] {
  const parts: { text: string; bold: boolean }[] = [];
  const re = /\*\*([^*\n]+?)\*\*/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), bold: false });
    parts.push({ text: m[1], bold: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), bold: false });
  return parts;
}

/**
 * Who reports a peptide (docs/product-rules.md, "Anonymity"): no single report shows an age range,
 * a sex or an activity level anywhere public. Each peptide shows the shares of its settled reports
 * by each of the three, separately, from at least this many reports; below it, a sentence that
 * there are too few.
 */
export const SHARES_MIN_REPORTS = 20;
/** Each share is a whole multiple of this many percent. */
export const SHARE_STEP_PERCENT = 5;
/**
 * A peptide's shares are recomputed only once at least this many of its settled reports changed
 * (settled, or left: deleted, hidden, moved) since they were last computed, so that the difference
 * between two versions always mixes at least this many reports (server/services/reporter-shares.ts).
 */
export const SHARES_RECOMPUTE_CHANGES = 5;

/**
 * A share as shown: `count` of `reports` in percent, rounded to the nearest SHARE_STEP_PERCENT
 * (halves up), from 0 to 100. `count` is a whole number, possibly a noisy one outside 0..reports
 * (it is clamped).
 */
export function sharePercent(count: number, reports: number): number {
  if (reports <= 0) return 0;
  const clamped = Math.min(Math.max(count, 0), reports);
  // Whole numbers multiplied before the one division: a half is exactly a half (1 of 40 is 5, not 0).
  return Math.round((clamped * (100 / SHARE_STEP_PERCENT)) / reports) * SHARE_STEP_PERCENT;
}
