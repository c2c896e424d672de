// Reports written before the hold rules' matches were kept with them (migration 030): the ones a
// moderator can see as held or hidden, or that the rules ever held, are read once when the server
// starts, and a held repeat gets the published report it repeats, as the queue found it before
// (the same skeleton hash, or a shared MinHash band and word triples NEAR_REPEAT alike). Found
// through the partial index experiences_hold_matches_unread, empty once done; a few rows at a
// time, so the event loop turns between them.
import type { Queryable } from '../db/client';
import { heldTexts } from './publication/holds';
import { NEAR_REPEAT, findHoldMatches, jaccard, storyShingles } from './text-rules';

const CHUNK = 50;

interface Unread {
  id: string;
  status: string;
  hold_reasons: string[];
  story: string;
  story_hash: string;
  story_bands: number[] | null;
  effects: string[];
  stack: string[];
  dosage: string;
  outcomes: Record<string, number>;
  sourcing: { batchId?: string; vendorUrl?: string } | null;
  publish_sourcing: boolean;
}

/** The published report a held repeat repeats, when one is still published. */
async function originalOf(db: Queryable, row: Unread): Promise<string | null> {
  const res = await db.query<{ id: string; story: string; story_hash: string }>(
    `select id, story, story_hash from experiences
      where status = 'published' and id <> $1 and (story_hash = $2 or story_bands && $3::integer[])
      order by (story_hash = $2) desc, created_at limit 20`,
    [row.id, row.story_hash, row.story_bands ?? []],
  );
  const mine = storyShingles(row.story);
  return (
    res.rows.find((c) => c.story_hash === row.story_hash || jaccard(mine, storyShingles(c.story)) >= NEAR_REPEAT)?.id ??
    null
  );
}

/** Reads the reports migration 030 marked; returns how many. */
export async function backfillHoldMatches(db: Queryable): Promise<number> {
  let done = 0;
  for (;;) {
    const res = await db.query<Unread>(
      `select id, status, hold_reasons, story, story_hash, story_bands, effects, stack, dosage, outcomes, sourcing, publish_sourcing
         from experiences where hold_matches is null order by id limit ${CHUNK}`,
    );
    for (const row of res.rows) {
      const matches = findHoldMatches(heldTexts({ ...row, publishSourcing: row.publish_sourcing }));
      const repeatOf =
        row.status === 'held' && row.hold_reasons.includes('repeated') ? await originalOf(db, row) : null;
      await db.query(
        'update experiences set hold_matches = $2::jsonb, repeat_of = coalesce(repeat_of, $3::uuid) where id = $1',
        [row.id, JSON.stringify(matches), repeatOf],
      );
    }
    done += res.rows.length;
    if (res.rows.length < CHUNK) return done;
  }
}
