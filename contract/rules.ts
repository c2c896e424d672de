// Pure product rules (docs/product-rules.md), shared by the SPA, the server and tests.
import type { CommunityCategory } from './common';
import { CORE_OUTCOMES } from './vocabulary';

/** Letters only, in segments separated by single hyphens. */
export const PEPTIDE_SEQUENCE_RE = /^[A-Za-z]+(-[A-Za-z]+)*$/;
export const SEQUENCE_MESSAGE = 'Please enter a valid peptide sequence using standard amino acid codes';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const HONEYPOT_MESSAGE = 'Invalid submission detected';

export const STORY_MIN = 100;
export const STORY_MAX_SUBMIT = 1000;
export const OUTCOME_MIN = 1;
export const OUTCOME_MAX = 10;
export const OUTCOME_DEFAULT = 5;
/**
 * The outcome the wizard offers to rate when a peptide lists no common effects. Stored like any
 * outcome name, so the aggregates count it per peptide (lower-cased, server/db/migrations/001_init.sql).
 */
export const OVERALL_OUTCOME = 'Overall effect';
/** Above this many reports matching a search, Community shows "1,000+" (server/services/experience-feed.ts says why). */
export const MATCH_COUNT_CAP = 1_000;

/** The five outcomes the home cards average (Home, src/features/home); kept with their labels in contract/vocabulary.ts. */
export { CORE_OUTCOMES };

/** Community category groups, matched by substring on primary purposes. */
export const COMMUNITY_CATEGORY_TERMS: Record<Exclude<CommunityCategory, 'all'>, readonly string[]> = {
  healing: ['recovery', 'injury healing', 'healing & recovery'],
  performance: ['muscle gain', 'strength', 'performance', 'endurance'],
  'anti-aging': ['anti-aging', 'longevity'],
  cognitive: ['cognitive enhancement', 'focus', 'memory'],
};

/** The category groups a list of primary purposes falls into. */
export function purposeGroups(purposes: readonly string[]): Exclude<CommunityCategory, 'all'>[] {
  const lower = purposes.map((p) => p.toLowerCase());
  return (Object.keys(COMMUNITY_CATEGORY_TERMS) as Exclude<CommunityCategory, 'all'>[]).filter((group) =>
    COMMUNITY_CATEGORY_TERMS[group].some((term) => lower.some((p) => p.includes(term))),
  );
}

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

/** An experience's rating: the mean of all its outcome values, 1-10 (docs/product-rules.md, "Figures"). */
export function experienceRating(outcomes: Record<string, number>): number | null {
  return mean(Object.values(outcomes).filter((v) => Number.isFinite(v)));
}

/** The honest x/5 of an experience: its 1-10 mean halved. */
export function ratingOutOfFive(rating10: number | null): number | null {
  return rating10 === null ? null : rating10 / 2;
}

/**
 * Home "Recent Experiences": the mean of the five core outcomes, shown as x/5.
 * Uses the core outcomes present; falls back to all outcomes when none of the five were rated.
 */
export function coreOutcomeMeanOutOfFive(outcomes: Record<string, number>): number | null {
  const entries = Object.entries(outcomes).map(([k, v]) => [k.toLowerCase(), v] as const);
  const core = entries.filter(([k]) => (CORE_OUTCOMES as readonly string[]).includes(k)).map(([, v]) => v);
  return ratingOutOfFive(mean(core.length ? core : entries.map(([, v]) => v)));
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
 * Popularity 0-100 from a peptide's share of experiences and votes, relative to the most
 * popular peptide: 70% experiences, 30% votes.
 */
export function popularityScore(experiences: number, votes: number, maxExperiences: number, maxVotes: number): number {
  const e = maxExperiences > 0 ? experiences / maxExperiences : 0;
  const v = maxVotes > 0 ? votes / maxVotes : 0;
  return Math.round(100 * (0.7 * e + 0.3 * v));
}

/** Tracking ids: TRK- and 20 digits; accepted trimmed and in any letter case. */
/**
 * The web app pads submission and update bodies with trailing spaces to a multiple of this many
 * bytes (src/api/padded-body.ts), so the size of a request, which any proxy sees, does not point
 * at its report (docs/product-rules.md, "Publication in batches").
 */
export const BODY_PAD_BYTES = 4096;

/** `json` with spaces after it up to a multiple of BODY_PAD_BYTES bytes in UTF-8. */
export function padJson(json: string): string {
  const bytes = new TextEncoder().encode(json).length;
  return json + ' '.repeat((BODY_PAD_BYTES - (bytes % BODY_PAD_BYTES)) % BODY_PAD_BYTES);
}

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

/** Peptide list search: name or description, case-insensitive. */
export function peptideMatchesSearch(p: { name: string; description: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || p.name.toLowerCase().includes(q) || p.description.toLowerCase().includes(q);
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
 * The disclosure rule (docs/product-rules.md): a report's quasi-identifiers (age range,
 * biological sex, activity level) are shown, in any public view or export, only where at least
 * this many published reports of the same peptide share that combination.
 */
export const K_ANONYMITY = 5;
/** What a view shows in place of quasi-identifiers the disclosure rule withholds: quiet, not an error. */
export const DEMOGRAPHICS_NOT_SHOWN = 'Hidden for privacy';

