// The repeat rule a batch applies (docs/product-rules.md, "Moderation"): whether a story repeats
// one published already.
import type { Queryable } from '../../db/client';
import { RepeatIndex } from '../repeat-index';
import { NEAR_REPEAT, jaccard, storyShingles } from '../text-rules';

export interface Story {
  id: string;
  story: string;
  story_hash: string;
  story_bands: number[] | null;
}

/**
 * The repeat rule (docs/product-rules.md, "Moderation"): a story repeats another when their
 * skeletons hash alike or their word triples are NEAR_REPEAT alike (text-rules.ts), compared
 * with reports published today or yesterday (UTC days: the day is all that is kept of a report's
 * time), and with those this batch has published already. Only published ones: comparing with a
 * held or queued report would tell its author's lookup that such a report exists.
 *
 * The candidates come from an index in memory, read once per batch: the hash and band keys of
 * the window's published reports (one scan of experiences_newest_idx), then the texts of only
 * those that share a key. Asking the database per chunk instead let the planner scan the whole
 * window for every 10 reports (its estimate for `story_bands && array[…]` is poor): 0.4 s per
 * chunk on a million reports, minutes for a batch of 10,000. Each band keeps only its newest
 * reports (repeat-index.ts): stories alike enough to share bands, under the threshold, had every
 * story compared with every earlier one, with the square of the batch.
 */
export function repeatRule(tx: Queryable) {
  const index = new RepeatIndex();
  const shinglesOf = new Map<string, Set<string>>();
  let loaded: Promise<void> | null = null;
  const load = () =>
    (loaded ??= tx
      .query<{ id: string; story_hash: string | null; story_bands: number[] | null }>(
        `select id, story_hash, story_bands from experiences
          where status = 'published' and created_at >= utc_day(now()) - interval '24 hours'`,
        [],
        { prepare: true },
      )
      .then((res) => {
        for (const r of res.rows)
          if (r.story_hash) index.add({ id: r.id, story_hash: r.story_hash, story_bands: r.story_bands });
      }));
  return {
    /** The ids among `stories` that repeat a published story (not themselves), each with the story it repeats. */
    async repeating(stories: Story[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      if (!stories.length) return out;
      await load();
      const compared = new Map<Story, Set<string>>();
      for (const s of stories) {
        const same = index.sameHashId(s);
        if (same) out.set(s.id, same);
        else compared.set(s, index.candidates(s));
      }
      const unread = [...new Set([...compared.values()].flatMap((ids) => [...ids]))].filter(
        (id) => !shinglesOf.has(id),
      );
      if (unread.length) {
        const res = await tx.query<{ id: string; story: string }>(
          'select id, story from experiences where id = any($1::uuid[])',
          [unread],
          { prepare: true },
        );
        for (const r of res.rows) shinglesOf.set(r.id, storyShingles(r.story));
      }
      for (const [s, candidates] of compared) {
        const mine = storyShingles(s.story);
        for (const id of candidates) {
          const theirs = shinglesOf.get(id);
          if (theirs && jaccard(mine, theirs) >= NEAR_REPEAT) {
            out.set(s.id, id);
            break;
          }
        }
      }
      return out;
    },
    /** A story this batch publishes: later ones in the batch are compared with it too. */
    published(s: Story) {
      index.add(s);
      shinglesOf.set(s.id, storyShingles(s.story));
    },
  };
}
