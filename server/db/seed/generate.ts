// What both seeders generate reports with: the first-start demo seed (server/seed/index.ts, through
// the services) and the bulk loader (db/seed/bulk.ts, set-based). One random source, one way to
// choose a peptide by popularity, one story generator, one purpose table, the routes and reporters
// that make reports read true; each seeder only decides its own spread of dates, ratings and votes.
import type { AGE_RANGES, BIOLOGICAL_SEXES, ROUTES, WIZARD_ACTIVITY_LEVELS } from '../../../contract/common';
import { PRIMARY_PURPOSES, type Frequency } from '../../../contract/common';
import { type DoseInput, amountText, doseMcg, doseText, readDoseText, roundAmount } from '../../../contract/doses';
import { STORY_MAX_SUBMIT, STORY_MIN } from '../../../contract/rules';
import { STORY_SNIPPETS } from './catalogue';

export type Rand = () => number;

/** A small deterministic generator, so every fresh database gets the same demo data. */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

/** Between `min` and `max` distinct items (fewer when there are fewer). */
export function pickSome<T>(rand: Rand, items: readonly T[], min: number, max: number): T[] {
  const n = Math.min(items.length, min + Math.floor(rand() * (max - min + 1)));
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n) out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
}

export function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/**
 * Skewed popularity over a shuffled catalogue (so every category has popular peptides): the
 * i-th of the shuffled items weighs `weight(i)`. Returns the shuffled order and a chooser.
 */
export function byPopularity<T>(
  rand: Rand,
  items: readonly T[],
  weight: (rank: number) => number,
): { order: T[]; choose: () => T } {
  const order = items
    .map((item) => ({ item, k: rand() }))
    .sort((a, b) => a.k - b.k)
    .map(({ item }) => item);
  const cumulative: number[] = [];
  order.reduce((acc, _, i) => (cumulative[i] = acc + weight(i)), 0);
  const total = cumulative[cumulative.length - 1];
  const choose = () => {
    const r = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  };
  return { order, choose };
}

/** The purposes a report of each category gives (a peptide outside these: any purpose). */
export const PURPOSES_BY_CATEGORY: Record<string, readonly (typeof PRIMARY_PURPOSES)[number][]> = {
  'Healing & Recovery': ['Injury Healing', 'Recovery', 'Gut Health', 'Immune Support'],
  'Growth Hormone': ['Recovery', 'Muscle Gain', 'Sleep', 'Fat Loss', 'Anti-Aging'],
  'Performance & Enhancement': ['Performance', 'Strength', 'Endurance', 'Muscle Gain'],
  'Anti-Aging': ['Anti-Aging', 'Longevity', 'Skin Health', 'Sleep'],
  'Cognitive Enhancement': ['Cognitive Enhancement', 'Focus', 'Memory'],
  'Metabolic Health': ['Fat Loss', 'Weight Management', 'Endurance', 'Longevity'],
};

type Purpose = (typeof PRIMARY_PURPOSES)[number];
type Route = (typeof ROUTES)[number];
type Demographics = {
  ageRange: (typeof AGE_RANGES)[number];
  biologicalSex: (typeof BIOLOGICAL_SEXES)[number];
  activityLevel: (typeof WIZARD_ACTIVITY_LEVELS)[number];
};

/** Where a peptide's use is narrower than its category's purposes (PT-141 is not taken for muscle). */
const PURPOSES_BY_PEPTIDE: Record<string, readonly Purpose[]> = {
  'PT-141': ['Performance'],
  'Kisspeptin-10': ['Performance'],
  'Follistatin-344': ['Muscle Gain', 'Strength'],
  'IGF-1 LR3': ['Muscle Gain', 'Recovery'],
};

/** The purposes a generated report on this peptide may give. */
export function demoPurposes(peptide: { name: string; category: string }): readonly Purpose[] {
  return PURPOSES_BY_PEPTIDE[peptide.name] ?? PURPOSES_BY_CATEGORY[peptide.category] ?? PRIMARY_PURPOSES;
}

export function purposesFor(rand: Rand, peptide: { name: string; category: string }): Purpose[] {
  return pickSome(rand, demoPurposes(peptide), 1, 2);
}

/** How each peptide is taken in generated reports, most common first; any other is injected under the skin. */
const ROUTES_BY_PEPTIDE: Record<string, readonly Route[]> = {
  'BPC-157': ['subcutaneous', 'oral'],
  'TB-500': ['subcutaneous', 'intramuscular'],
  KPV: ['oral', 'subcutaneous'],
  'GHK-Cu': ['topical', 'subcutaneous'],
  'PT-141': ['subcutaneous', 'nasal'],
  Selank: ['nasal'],
  Semax: ['nasal'],
  Dihexa: ['oral'],
  P21: ['nasal', 'oral'],
  Pinealon: ['oral'],
  'IGF-1 LR3': ['intramuscular', 'subcutaneous'],
};

export function demoRoutes(peptide: { name: string }): readonly Route[] {
  return ROUTES_BY_PEPTIDE[peptide.name] ?? ['subcutaneous'];
}

/** A route for a generated report: the peptide's common one three times in four. */
export function routeFor(rand: Rand, peptide: { name: string }): Route {
  const routes = demoRoutes(peptide);
  return rand() < 0.75 ? routes[0]! : pick(rand, routes);
}

/** An effect that names where a route acts ("Injection Site Redness", "Nasal Irritation") fits that route only. */
export function effectFitsRoute(effect: string, route: Route): boolean {
  if (/injection/i.test(effect)) return route === 'subcutaneous' || route === 'intramuscular';
  if (/nasal/i.test(effect)) return route === 'nasal';
  if (/skin irritation/i.test(effect)) return route === 'topical' || route === 'subcutaneous';
  return true;
}

/** One choice by weight. */
function weighted<T>(rand: Rand, options: readonly (readonly [T, number])[]): T {
  let r = rand() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of options) if ((r -= w) <= 0) return value;
  return options[options.length - 1]![0];
}

/**
 * Who reports: mostly 25-44, more men than women, mostly active, and each peptide with a typical
 * user who sends about half its reports, as communities around one compound tend to be. The most
 * reported peptides have enough reports to show who reports them (services/reporter-shares.ts).
 */
type Weights<T extends readonly string[]> = readonly (readonly [T[number], number])[];
const AGE_WEIGHTS: Weights<typeof AGE_RANGES> = [
  ['18-24', 1],
  ['25-29', 3],
  ['30-34', 4],
  ['35-39', 3],
  ['40-44', 2],
  ['45-49', 1],
  ['50+', 1],
];
const SEX_WEIGHTS: Weights<typeof BIOLOGICAL_SEXES> = [
  ['male', 3],
  ['female', 1],
];
const ACTIVITY_WEIGHTS: Weights<typeof WIZARD_ACTIVITY_LEVELS> = [
  ['sedentary', 1],
  ['moderate', 3],
  ['active', 4],
  ['athletic', 2],
];

export function demographicsOf(rand: Rand): Demographics {
  return {
    ageRange: weighted(rand, AGE_WEIGHTS),
    biologicalSex: weighted(rand, SEX_WEIGHTS),
    activityLevel: weighted(rand, ACTIVITY_WEIGHTS),
  };
}

/** What a generated report says of itself, which its story must not contradict. */
export interface StoryFacts {
  durationDays: number;
  frequency: Frequency;
  route: Route;
}

const INJECTED: readonly Route[] = ['subcutaneous', 'intramuscular'];

/**
 * What a snippet of server/db/seed/catalogue.ts STORY_SNIPPETS claims, read from its words: a
 * snippet is told only where every claim it makes fits the report's fields (a nasal spray has
 * no injection site, "I stopped after two weeks" lasted two weeks, "by week five" lasted five).
 */
const STORY_CLAIMS: readonly { says: RegExp; fits: (facts: StoryFacts) => boolean }[] = [
  { says: /inject|needle|reconstitution/i, fits: (f) => INJECTED.includes(f.route) },
  { says: /daily injections/i, fits: (f) => f.frequency === 'daily' || f.frequency === 'twice-daily' },
  { says: /stopped after two weeks/i, fits: (f) => f.durationDays >= 12 && f.durationDays <= 18 },
  { says: /first couple of weeks/i, fits: (f) => f.durationDays >= 14 },
  { says: /week three/i, fits: (f) => f.durationDays >= 21 },
  { says: /first three weeks/i, fits: (f) => f.durationDays >= 28 },
  { says: /week five/i, fits: (f) => f.durationDays >= 35 },
  { says: /at eight weeks/i, fits: (f) => f.durationDays >= 56 },
  { says: /full eight weeks/i, fits: (f) => f.durationDays >= 56 && f.durationDays <= 63 },
];

/** Whether a snippet says nothing the report's fields contradict. */
export function snippetFits(snippet: string, facts: StoryFacts): boolean {
  return STORY_CLAIMS.every((claim) => !claim.says.test(snippet) || claim.fits(facts));
}

/**
 * Two to four snippets, within the submission's length limits, told only where they fit the
 * report (`facts`); without facts (the bulk loader, which draws its story first) any snippet.
 */
export function story(rand: Rand, facts?: StoryFacts): string {
  const snippets = facts ? STORY_SNIPPETS.filter((s) => snippetFits(s, facts)) : STORY_SNIPPETS;
  let text = '';
  for (const s of pickSome(rand, snippets, 2, 4)) {
    const next = text ? `${text} ${s}` : s;
    if (next.length > STORY_MAX_SUBMIT) break;
    text = next;
  }
  while (text.length < STORY_MIN) text = `${text} ${pick(rand, snippets)}`.trim();
  return text.slice(0, STORY_MAX_SUBMIT);
}

/**
 * A demo report's dose around the peptide's common one (its page's "250 mcg"): most near it, some
 * at half or up to three times it, so the dose figures and their thirds have shape. Mostly in the unit
 * people use for that size (mg from 1 mg up), some in mL of a solution reconstituted as the
 * reconstitution helper would (a 5 mg vial in 2 mL), and a few written as older free text that
 * reads as no dose ("about 250mcg, sometimes more"): the figures count them as left out.
 * `scale` is the multiple of the common dose, for ratings that follow it.
 */
const FIRST_AMOUNT = /\d+(?:\.\d+)?\s*(?:mcg|mg|IU)\b/i;

export function demoDose(rand: Rand, commonDosage: string): { dosage: string; dose?: DoseInput; scale: number } {
  // A sentence ("0.25 mg starting dose, titrated up to 2.4 mg") is read at its first amount.
  const common = readDoseText(commonDosage) ?? readDoseText(FIRST_AMOUNT.exec(commonDosage)?.[0] ?? '');
  const commonMcg = common ? doseMcg(common) : null;
  // Round multiples, as people dose: the common one most often, then up to three times it.
  const scale = pick(rand, [0.5, 0.75, 1, 1, 1.25, 1.5, 2, 2.5, 3]);
  const style = rand();
  if (!commonMcg) return { dosage: commonDosage, scale: 1 };
  if (style < 0.04) return { dosage: `about ${amountText(commonMcg * scale)}mcg, sometimes more`, scale };
  const mcg = roundAmount(commonMcg * scale);
  if (style < 0.14) {
    // 5 mg in 2 mL is 2500 mcg per mL.
    const dose: DoseInput = { amount: roundAmount(mcg / 2500), unit: 'mL', strength: { amount: 2.5, unit: 'mg' } };
    return { dosage: doseText(dose), dose, scale };
  }
  const dose: DoseInput = mcg >= 1000 ? { amount: mcg / 1000, unit: 'mg' } : { amount: mcg, unit: 'mcg' };
  return { dosage: doseText(dose), dose, scale };
}

/** Demo frequencies, the common ones first (every one of contract/vocabulary.ts FREQUENCIES appears). */
export const DEMO_FREQUENCIES: readonly Frequency[] = [
  'daily',
  'daily',
  'daily',
  'twice-daily',
  'every-other-day',
  'three-times-weekly',
  'twice-weekly',
  'every-3-4-days',
  'weekly',
  'five-on-two-off',
  'five-on-two-off',
  'as-needed',
];
