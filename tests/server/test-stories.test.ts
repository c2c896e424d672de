// The stories validSubmission writes (tests/server/helpers.ts) must never read as near repeats of
// each other to the repeat rule (services/text-rules.ts): files share their worker, so one worker
// writes many thousands of them, and a test expecting a report public found it held as a repeat
// once the words of two stories met in the rule's skeleton (the generated "tagi..." and
// "tagla..." did, 169 stories apart, from the 620th story on).
import { describe, expect, it } from 'vitest';
import { jaccard, NEAR_REPEAT, storyShingles } from '../../server/services/text-rules';
import { validSubmission } from './helpers';

/** Stories a file writes at most, about: each is compared with this many before it. */
const WINDOW = 300;

describe("the test suites' stories", () => {
  it('are never near repeats of the ones written shortly before, over the first 8,000 of a worker', () => {
    const recent: Set<string>[] = [];
    const repeats: string[] = [];
    for (let i = 0; i < 8_000; i++) {
      const story = validSubmission('p').story;
      const own = storyShingles(story);
      if (recent.some((earlier) => jaccard(own, earlier) >= NEAR_REPEAT)) repeats.push(`${i}: ${story.slice(-100)}`);
      recent.push(own);
      if (recent.length > WINDOW) recent.shift();
    }
    expect(repeats.slice(0, 3)).toEqual([]);
  });
});
