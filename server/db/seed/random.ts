import { ROUTES } from '../../../contract/vocabulary';

/**
 * The routes generated reports use. Not topical: the generator does not know which peptides are
 * used on the skin, and a topical report of an injected peptide would read false.
 */
export const DEMO_ROUTES = ROUTES.filter((r) => r !== 'topical');

/** A small deterministic generator, so every fresh database gets the same demo data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
