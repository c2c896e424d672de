// What both seeders generate reports with: the first-start demo seed (server/seed/index.ts, through
// the services) and the bulk loader (db/seed/bulk.ts, set-based). One random source, one way to
// choose a peptide by popularity, one story generator, one purpose table; each seeder only decides
// its own spread of dates, ratings and votes.
import { PRIMARY_PURPOSES } from '../../../contract/common';
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
export function byPopularity<T>(rand: Rand, items: readonly T[], weight: (rank: number) => number): { order: T[]; choose: () => T } {
  const order = items.map((item) => ({ item, k: rand() })).sort((a, b) => a.k - b.k).map(({ item }) => item);
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

export function purposesFor(rand: Rand, category: string): (typeof PRIMARY_PURPOSES)[number][] {
  return pickSome(rand, PURPOSES_BY_CATEGORY[category] ?? PRIMARY_PURPOSES, 1, 2);
}

/** Two to four snippets, within the submission's length limits. */
export function story(rand: Rand): string {
  let text = '';
  for (const s of pickSome(rand, STORY_SNIPPETS, 2, 4)) {
    const next = text ? `${text} ${s}` : s;
    if (next.length > STORY_MAX_SUBMIT) break;
    text = next;
  }
  while (text.length < STORY_MIN) text = `${text} ${pick(rand, STORY_SNIPPETS)}`.trim();
  return text.slice(0, STORY_MAX_SUBMIT);
}
