// What the moderators' queue reads (docs/product-rules.md, "Moderation"): one page of a view with
// everything a decision needs on the card (what the hold rules matched, the original of a repeat,
// what a correction replaced, the report's history), and the counts of what waits. Nothing here
// reads a report's texts with the rules: what they matched and the report a repeat repeats are
// kept with the report when it is written (migration 030), so a page costs the same whatever its
// cards say (tests/server/hold-cost.test.ts).
import type { FlagReason, HoldReason, QueueFilter, QueueView } from '../../contract/moderation';
import type { ModerationSummary, QueueItem } from '../../contract/moderation-api';
import type { AppContext } from '../context';
import { decodeCursor } from './experience-feed';
import { hideUndoableSince } from './moderation';
import { historyOf } from './moderation-log';
import { fullSelect, ownView, publishedDay, type ExperienceRow } from './public-view';
import { publicationWindow } from './publication/disclosure';
import type { EditedFrom } from './publication/report-row';
import { withoutFragments, type Finding } from './text-rules';
import { PENDING_REVIEW } from './users';

/** How many log entries each card shows (the whole history is the Activity log, by report). */
export const CARD_HISTORY = 10;
/** The start of a repeat's original that the card shows. */
const EXCERPT = 160;

const SCHEDULED = (kinds: string) => `select q.experience_id from publication_queue q where q.kind in (${kinds})`;

/**
 * The ids of one page of a view, each part read through its own index so a page never scans
 * the published reports: held (experiences_held_idx), published with open flags (flags_open_idx,
 * then the primary key), scheduled (publication_queue_moderator_key) and hidden
 * (experiences_hidden_idx, migration 012). A report whose publish or restore waits for its batch
 * is in `scheduled` only. `after` is the keyset condition on the part's alias `x`.
 */
function pageIds(view: QueueView, reason: QueueFilter, after: string, param: (value: unknown) => string): string {
  const part = (status: string, extra = '') =>
    `(select x.id, x.created_at from experiences x where x.status = '${status}' ${extra} ${after} order by x.created_at, x.id limit $1)`;
  if (view === 'hidden') return part('hidden', `and x.id not in (${SCHEDULED(`'restore'`)})`);
  if (view === 'scheduled')
    return `(select x.id, x.created_at from experiences x where x.id in (${SCHEDULED(`'publish', 'restore'`)}) ${after} order by x.created_at, x.id limit $1)`;
  const held = part(
    'held',
    `and x.id not in (${SCHEDULED(`'publish'`)}) ${reason === 'all' || reason === 'open-flags' ? '' : `and x.hold_reasons @> array[${param(reason)}]::text[]`}`,
  );
  const flagged = part('published', 'and x.id in (select f.experience_id from flags f where f.resolved_at is null)');
  if (reason === 'open-flags') return flagged;
  if (reason !== 'all') return held;
  return `${held} union all ${flagged}`;
}

type QueueRow = ExperienceRow & {
  story: string;
  edited_from: EditedFrom | null;
  hidden_at: Date | null;
  hold_matches: Finding[] | null;
  repeat_of: string | null;
  /** The story of the report it repeats, while that one is published. */
  repeat_story: string | null;
};

/**
 * One page of a view, oldest first, keyset paged; `reason` narrows the waiting view.
 * `experienceId` answers that one report whatever its status (the Activity log links to it).
 */
export async function queue(
  ctx: AppContext,
  q: { limit: number; cursor?: string; view: QueueView; reason?: QueueFilter; experienceId?: string },
  now = ctx.clock.now(),
): Promise<{ items: QueueItem[]; nextCursor: string | null }> {
  const { limit, cursor } = q;
  const values: unknown[] = [limit + 1];
  let after = '';
  if (cursor && !q.experienceId) {
    const [createdAt, id] = decodeCursor(ctx, cursor, ['timestamp', 'uuid']);
    after = `and (x.created_at, x.id) > ($${values.push(createdAt)}::timestamptz, $${values.push(id)}::uuid)`;
  }
  const where = q.experienceId
    ? `e.id = $${values.push(q.experienceId)}::uuid`
    : `e.id in (select id from (${pageIds(q.view, q.reason ?? 'all', after, (v) => `$${values.push(v)}::text`)}) page)`;
  const res = await ctx.db.query<QueueRow>(
    `${fullSelect(`e.story, e.edited_from, e.hidden_at, e.hold_matches, e.repeat_of,
        (select o.story from experiences o where o.id = e.repeat_of and o.status = 'published') as repeat_story`)}
      where ${where}
      order by e.created_at, e.id limit $1`,
    values,
  );
  const page = res.rows.slice(0, limit);
  const ids = page.map((r) => r.id);
  const [scheduled, flags, history] = await Promise.all([
    ctx.db.query<{ experience_id: string; kind: 'publish' | 'restore'; batch_at: Date }>(
      `select experience_id, kind, batch_at from publication_queue where experience_id = any($1::uuid[]) and kind in ('publish', 'restore')`,
      [ids],
    ),
    ctx.db.query<{ experience_id: string; reason: FlagReason; note: string | null; created_at: Date }>(
      `select experience_id, reason, note, created_at from flags
        where experience_id = any($1::uuid[]) and resolved_at is null order by created_at, id`,
      [ids],
    ),
    historyOf(ctx.db, ids, CARD_HISTORY),
  ]);
  const undoableSince = hideUndoableSince(ctx, now);
  const items = page.map((row): QueueItem => {
    const { trackingId: _omit, ...experience } = ownView(row, '');
    const mine = flags.rows.filter((f) => f.experience_id === row.id);
    const counts = new Map<FlagReason, number>();
    for (const f of mine) counts.set(f.reason, (counts.get(f.reason) ?? 0) + 1);
    const s = scheduled.rows.find((x) => x.experience_id === row.id);
    return {
      experience,
      status: row.status,
      holdReasons: row.status === 'held' ? (row.hold_reasons as HoldReason[]) : [],
      queuedAt: publishedDay(row.created_at),
      flags: {
        open: mine.length,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })),
        notes: mine
          .filter((f) => f.note)
          .map((f) => ({ reason: f.reason, note: f.note!, createdAt: f.created_at.toISOString() })),
      },
      concerningVotes: row.concerning_count,
      // The earliest batch it can go in: its own, or the next one when its group is still too small.
      scheduled: s ? { action: s.kind, publicFrom: publicationWindow(ctx, s.batch_at, now).from.toISOString() } : null,
      // Kept when the report was written (null: published before migration 030, nothing matched).
      matches: withoutFragments(row.hold_matches ?? []),
      repeatOf:
        row.status === 'held' && row.hold_reasons.includes('repeated') && row.repeat_of && row.repeat_story !== null
          ? { id: row.repeat_of, excerpt: excerptOf(row.repeat_story) }
          : null,
      editedFrom: row.edited_from,
      history: history.get(row.id) ?? [],
      undoableHide: row.status === 'hidden' && row.hidden_at !== null && row.hidden_at >= undoableSince,
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor: res.rows.length > limit ? ctx.cursors.encode([last.created_at.toISOString(), last.id]) : null,
  };
}

function excerptOf(story: string): string {
  const flat = story.replace(/\s+/g, ' ').trim();
  return flat.length <= EXCERPT ? flat : `${flat.slice(0, EXCERPT - 1).trimEnd()}…`;
}

/** What waits, for the Hub's Overview and its tabs' badges: six counts, each by its index. */
export async function summary(ctx: AppContext): Promise<ModerationSummary> {
  const res = await ctx.db.query<Omit<ModerationSummary, 'waiting'>>(
    `select
       (select count(*)::int from experiences x where x.status = 'held' and x.id not in (${SCHEDULED(`'publish'`)})) as held,
       (select count(*)::int from experiences x where x.status = 'published'
          and x.id in (select f.experience_id from flags f where f.resolved_at is null)) as flagged,
       (select count(*)::int from experiences x where x.status = 'hidden' and x.id not in (${SCHEDULED(`'restore'`)})) as hidden,
       (select count(*)::int from publication_queue q where q.kind in ('publish', 'restore')) as scheduled,
       (select count(*)::int from users where ${PENDING_REVIEW}) as "pendingRegistrations"`,
  );
  const counts = res.rows[0];
  return { waiting: counts.held + counts.flagged, ...counts };
}
