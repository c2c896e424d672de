// The repeat rule's candidates (repeat-index.ts): real repeats are still found, and a flood of
// stories from one template (alike, under the threshold) no longer makes every story meet every
// earlier one.
import { describe, expect, it } from 'vitest';
import { RepeatIndex } from './repeat-index';
import { NEAR_REPEAT, jaccard, storyBands, storyHash, storyShingles } from './text-rules';

const indexed = (id: string, story: string) => ({ id, story_hash: storyHash(story), story_bands: storyBands(story) });
const letters = (n: number) => {
  let out = '';
  do {
    out = 'abcdefghijklmnopqrstuvwxyz'[n % 26] + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
};
/** 30 words: one changed keeps a Jaccard of about 0.8 (a repeat). */
const LONG =
  'the pain in my left shoulder eased slowly over the first three weeks and by the end of the month I could lift my arm above my head again without trouble';
/** 20 words: one changed leaves about 0.71 (alike, sharing bands, but not a repeat): our benchmark's stories. */
const TEMPLATE = (n: number) =>
  `benchmark report ${letters(n)} steady improvement in recovery over four weeks with better sleep from the second week onwards and fewer aches`;

describe('RepeatIndex', () => {
  it('finds a repeat by its hash (any spacing) and a near repeat among its candidates, never a story as its own', () => {
    const index = new RepeatIndex();
    index.add(indexed('original', LONG));
    expect(index.sameHash(indexed('respaced', `  ${LONG.toUpperCase().replace(/ /g, '  ')} `))).toBe(true);
    expect(index.sameHash(indexed('original', LONG))).toBe(false);
    expect(index.candidates(indexed('original', LONG)).has('original')).toBe(false);

    const changed = LONG.replace('shoulder', 'elbow');
    expect(jaccard(storyShingles(changed), storyShingles(LONG))).toBeGreaterThanOrEqual(NEAR_REPEAT);
    expect(index.candidates(indexed('changed', changed))).toEqual(new Set(['original']));
  });

  it('a flood of 2,000 alike stories keeps every story to at most 256 candidates (16 bands of 16)', () => {
    const index = new RepeatIndex();
    let largest = 0;
    for (let n = 0; n < 2000; n++) {
      const s = indexed(`flood-${n}`, TEMPLATE(n));
      largest = Math.max(largest, index.candidates(s).size);
      index.add(s);
    }
    expect(jaccard(storyShingles(TEMPLATE(1)), storyShingles(TEMPLATE(2)))).toBeLessThan(NEAR_REPEAT);
    // Without the cap the last stories met about 2,000 earlier ones each.
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(256);
  });

  it('a repeat of a report indexed before 2,000 unrelated stories is still found', () => {
    const index = new RepeatIndex();
    index.add(indexed('original', LONG));
    for (let n = 0; n < 2000; n++)
      index.add(
        indexed(
          `other-${n}`,
          `${letters(n * 7919)} ${letters(n * 104729)} ${letters(n * 15485863)} my own words about it ${letters(n)}`,
        ),
      );
    expect(index.candidates(indexed('changed', LONG.replace('shoulder', 'elbow'))).has('original')).toBe(true);
  });
});
