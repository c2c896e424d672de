// Publication in batches (docs/product-rules.md, "Publication in batches"). What anonymous people
// do (a new report, an edit or a deletion by tracking ID) and a moderator's publish and restore
// wait in publication_queue (migration 019_publication_batches.sql) and become public together at
// the next batch: on the UTC grid of PUBLISH_EVERY, in one transaction, in random order. So a
// patient observer who polls the public pages sees every change of a window at one moment and
// cannot tell which request made which; and the peptides' shares of who reports them
// (services/reporter-shares.ts) are recomputed here only, from settled reports.
// PUBLISH_EVERY=0 applies each change at once, through the same code.
import { randomInt } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { lockQueue } from '../db/queue-lock';
import type { PublicationSchedule, Sourcing } from '../../contract/experiences';
import type { HoldReason } from '../../contract/moderation';
import { logActions, type LogEntry } from './moderation-log';
import { NEAR_REPEAT, findHoldMatches, holdReasonsOf, jaccard, storyShingles, type Finding } from './text-rules';
import { RepeatIndex } from './repeat-index';
import { refreshShares } from './reporter-shares';

/**
 * The tables whose replaced and deleted rows hold report text, scrubbed after every batch that
 * changed anything (db/housekeeping.ts scrubStatements): the reports are vacuumed, the queue
 * (small between batches) rewritten whole.
 */
export const SCRUBBED = { vacuumed: ['experiences', 'experience_public'], rewritten: ['publication_queue'] } as const;

const DAY_MINUTES = 24 * 60;

/** Advisory lock key of a batch: with several server processes exactly one runs it. */
const BATCH_LOCK_KEY = 72_0151_9;

/**
 * Rows per statement when a batch applies its changes. On PGlite each statement holds the event
 * loop while it runs (the database is WebAssembly in this process): a new report with its
 * triggers and indexes costs about 2 ms, so 10 rows keep a statement near 20 ms and the loop
 * turns between statements (db/turns.ts), serving cached reads meanwhile (docs/performance.md,
 * "Publication batches": 100 rows a statement made the reads' p99 250 ms during a batch).
 */
const CHUNK = { insert: 10, update: 25 } as const;

/** The UTC day of `at`, as the database keeps a report's times (migration 007_coarse_time.sql). */
export function utcDay(at: Date): string {
  return `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

/** The batch time on or before `now` (the UTC grid of `everyMs`, which divides a day). */
export function batchSlot(now: Date, everyMs: number): Date {
  return everyMs > 0 ? new Date(Math.floor(now.getTime() / everyMs) * everyMs) : now;
}

/** The batch a change made at `now` belongs to: the next grid time; null when batches are off. */
export function nextBatchAt(now: Date, everyMs: number): Date | null {
  return everyMs > 0 ? new Date(batchSlot(now, everyMs).getTime() + everyMs) : null;
}

/** The grid time on or after `at`. */
function gridOnOrAfter(at: Date, everyMs: number): Date {
  return new Date(Math.ceil(at.getTime() / everyMs) * everyMs);
}

/**
 * When a queued change can become public (docs/product-rules.md, "Publication in batches"):
 * `from`, the earliest grid time (its own, or the next one still to come when its group has been
 * waiting); `by`, the latest, the first grid time once it has waited BATCH_MAX_WAIT since its own
 * (with no minimum, its own grid time). `firstAt` is the queue row's `batch_at`, the first grid
 * time it could have been published at.
 */
export function publicationWindow(ctx: AppContext, firstAt: Date, now = ctx.clock.now()): { from: Date; by: Date } {
  const every = ctx.config.publishEveryMs;
  const next = nextBatchAt(now, every) ?? now;
  const from = new Date(Math.max(firstAt.getTime(), next.getTime()));
  // No minimum, or batches turned off since it was queued (the hourly run applies it): no wait.
  if (ctx.config.batchMinChanges <= 1 || !every) return { from, by: from };
  const by = gridOnOrAfter(new Date(firstAt.getTime() + ctx.config.batchMaxWaitMs), every);
  return { from, by: new Date(Math.max(from.getTime(), by.getTime())) };
}

/**
 * Whether the batch of grid time `at` applies the changes due (queue rows of `at` or earlier, each
 * with the first grid time it could have been published at): at least BATCH_MIN_CHANGES of them,
 * or the oldest has waited BATCH_MAX_WAIT (then all go together, however few: `small`). One
 * change is one queue row: a new report, with any correction sent before it was published; an
 * author's correction or deletion of a published report; a moderator's publish or restore. With
 * PUBLISH_EVERY=0 (the hourly run) there is no minimum.
 */
export function batchDecision(
  ctx: AppContext,
  due: readonly { batch_at: Date }[],
  at: Date,
): { apply: boolean; small: boolean } {
  const min = ctx.config.publishEveryMs > 0 ? ctx.config.batchMinChanges : 1;
  if (due.length >= min) return { apply: true, small: false };
  if (!due.length) return { apply: false, small: false };
  const oldest = Math.min(...due.map((r) => new Date(r.batch_at).getTime()));
  const forced = oldest + ctx.config.batchMaxWaitMs <= at.getTime();
  return { apply: forced, small: forced };
}

/** How far back the typical wait reads applied batches (GET /api/publication); older records are deleted. */
export const TYPICAL_WAIT_WINDOW_DAYS = 30;

/**
 * How this site publishes (GET /api/publication): the grid, the minimum group and the longest
 * wait, and the typical wait: the median, over the changes applied in the last
 * TYPICAL_WAIT_WINDOW_DAYS, of the time from the start of the window each was sent in to its batch
 * (its recorded wait plus one grid step: an upper bound of the time from sending), in whole days,
 * 0 for less than one. Read from publication_batches (migration 033), which no single report names.
 */
export async function publicationSchedule(ctx: AppContext): Promise<PublicationSchedule> {
  const { publishEveryMs: every, batchMinChanges, batchMaxWaitMs } = ctx.config;
  return ctx.cache.get('publication-schedule', async () => {
    const res = await ctx.db.query<{ median: number | null }>(
      `select percentile_disc(0.5) within group (order by w) as median
         from publication_batches b, unnest(b.wait_minutes) as w
        where b.batch_at > now() - make_interval(days => $1)`,
      [TYPICAL_WAIT_WINDOW_DAYS],
    );
    const median = res.rows[0]?.median;
    const minutes = median === null || median === undefined || !every ? null : Number(median) + every / 60_000;
    return {
      everyMinutes: every / 60_000,
      minChanges: every ? batchMinChanges : 1,
      maxWaitMinutes: every ? batchMaxWaitMs / 60_000 : 0,
      typicalWaitDays: minutes === null ? null : minutes < DAY_MINUTES ? 0 : Math.round(minutes / DAY_MINUTES),
    };
  });
}

/** The columns of a new report as the queue keeps them and the batch inserts them (experiences' names). */
export interface SubmissionRow {
  id: string;
  tracking_hash: string;
  peptide_id: string;
  dosage: string;
  frequency: string;
  duration_days: number;
  route: string;
  primary_purpose: string[];
  age_range: string;
  biological_sex: string;
  activity_level: string;
  outcomes: Record<string, number>;
  rating: number;
  effects: string[];
  timeline: string;
  story: string;
  stack: string[];
  sourcing: Sourcing | null;
  search_text: string;
  /** The UTC day, as `utc_day` writes it (migration 007_coarse_time.sql). */
  created_at: string;
  is_demo: boolean;
  publish_sourcing: boolean;
  story_hash: string;
  /** Band keys of the story's MinHash signature (text-rules.ts storyBands), for near repeats. */
  story_bands: number[];
  /** What the report's own text decides (text rules, pre-moderation); the batch adds `repeated`. */
  status: 'published' | 'held';
  hold_reasons: HoldReason[];
  /** What the text rules matched (ownHolds), for the moderators' queue; absent from reports queued before migration 030. */
  hold_matches?: Finding[];
}

const SUBMISSION_COLUMNS = [
  'id',
  'tracking_hash',
  'peptide_id',
  'dosage',
  'frequency',
  'duration_days',
  'route',
  'primary_purpose',
  'age_range',
  'biological_sex',
  'activity_level',
  'outcomes',
  'rating',
  'effects',
  'timeline',
  'story',
  'stack',
  'sourcing',
  'search_text',
  'created_at',
  'is_demo',
  'publish_sourcing',
  'story_hash',
  'story_bands',
  'status',
  'hold_reasons',
  'published_at',
  'hold_matches',
  'repeat_of',
] as const;

/**
 * What an author's edit may change: every field the wizard asks (with what follows from it), as the
 * queue keeps it; `edited_from` and `published_at` are set when the edit is applied (applyChanges).
 */
export const EDITABLE_COLUMNS = [
  'peptide_id',
  'dosage',
  'frequency',
  'duration_days',
  'route',
  'primary_purpose',
  'age_range',
  'biological_sex',
  'activity_level',
  'timeline',
  'stack',
  'sourcing',
  'publish_sourcing',
  'story',
  'effects',
  'outcomes',
  'rating',
  'search_text',
  'story_hash',
  'story_bands',
  'updated_at',
  'status',
  'hold_reasons',
  'edited_from',
  'published_at',
  'hold_matches',
  'repeat_of',
] as const;

/**
 * The reason an author's change to a report that is not public adds: `edited` after members
 * flagged it or a moderator hid it (a person's judgement to review again), else `corrected` (the
 * rules held it on their own; contract/moderation.ts has the sentence for each).
 */
export function reheldReason(status: string | null, holdReasons: readonly string[]): 'edited' | 'corrected' {
  if (status === 'hidden') return 'edited';
  return holdReasons.some((r) => r === 'flags' || r === 'concerning-votes' || r === 'edited') ? 'edited' : 'corrected';
}

/** What a correction replaced while its report waited for review (migration 024, QueueItem.editedFrom). */
export interface EditedFrom {
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  holdReasons: HoldReason[];
}
export type EditPayload = Partial<Record<(typeof EDITABLE_COLUMNS)[number], unknown>> & {
  story: string;
  effects: string[];
  outcomes: Record<string, number>;
  // Absent from edits queued before every field could be corrected: the stored value stays.
  stack?: string[];
  dosage?: string;
  sourcing?: Sourcing | null;
};

export type Change =
  | { kind: 'submit'; experienceId: string; payload: SubmissionRow }
  | { kind: 'edit'; experienceId: string; payload: EditPayload }
  | { kind: 'delete'; experienceId: string }
  | { kind: 'publish' | 'restore'; experienceId: string; moderatorId: string | null };

/**
 * Why a report waits for a moderator, from its own text and the site's mode (docs/product-rules.md,
 * "Moderation"): everything but `repeated`, which compares with published reports when the change
 * is applied (applyChanges), so that no answer ever tells whether a report nobody can see exists.
 */
export function ownHoldReasons(ctx: AppContext, texts: readonly string[]): HoldReason[] {
  return ownHolds(ctx, texts).reasons;
}

/**
 * `ownHoldReasons` with what the text rules matched: read once, when the report is written,
 * corrected or applied, and stored with it (`hold_matches`, migration 030) for the queue's cards.
 */
export function ownHolds(ctx: AppContext, texts: readonly string[]): { reasons: HoldReason[]; matches: Finding[] } {
  const matches = findHoldMatches(texts);
  const reasons: HoldReason[] = ctx.config.moderation === 'pre' ? ['pre-moderation'] : [];
  reasons.push(...holdReasonsOf(matches));
  return { reasons, matches };
}

/**
 * The free texts of a report that the hold rules read: every one a reader can see. The vendor's
 * address is read when it is published (its host is on the card).
 */
export function heldTexts(r: {
  story: string;
  effects: string[];
  stack: string[];
  dosage: string;
  outcomes: Record<string, number>;
  sourcing: { batchId?: string; vendorUrl?: string } | null;
  publishSourcing?: boolean;
}): string[] {
  return [
    r.story,
    ...r.effects,
    ...r.stack,
    r.dosage,
    ...Object.keys(r.outcomes),
    r.sourcing?.batchId ?? '',
    r.publishSourcing ? (r.sourcing?.vendorUrl ?? '') : '',
  ];
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface Story {
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
function repeatRule(tx: Queryable) {
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

/** What applyChanges did, for the caller's logs and the tests. */
export interface Applied {
  submitted: number;
  edited: number;
  deleted: number;
  decided: number;
  /** Demographic cells whose reports changed (immediate mode refreshes only their peptides' shares). */
  cells: Cell[];
}

export interface Cell {
  peptide_id: string;
  age_range: string;
  biological_sex: string;
  activity_level: string;
}

/**
 * Applies `changes` at batch time `at`, in the caller's transaction: moderators' decisions first
 * (an author's edit after a publish is then checked like any edit), then deletions, edits and new
 * reports, each in random order, in chunks. The order of rows in the tables and of the statements
 * in the write-ahead log is then no order of arrival.
 */
export async function applyChanges(ctx: AppContext, tx: Queryable, changes: Change[], at: Date): Promise<Applied> {
  const applied: Applied = { submitted: 0, edited: 0, deleted: 0, decided: 0, cells: [] };
  const of = <K extends Change['kind']>(...kinds: K[]) =>
    shuffle(changes.filter((c): c is Extract<Change, { kind: K }> => (kinds as string[]).includes(c.kind)));
  const log: LogEntry[] = [];

  // Moderators' publish and restore: only from the status they were decided on (the report may
  // have been hidden, deleted or held again since).
  for (const part of chunks(of('publish', 'restore'), CHUNK.update)) {
    const res = await tx.query<{ id: string; kind: string; moderator_id: string | null } & Cell>(
      `update experiences e set status = 'published', hold_reasons = '{}', hidden_reason = null, hidden_note = null, published_at = $2, decided_at = now(),
           edited_from = null, hidden_from = null, hidden_at = null
         from jsonb_to_recordset($1::jsonb) as c(id uuid, kind text, moderator_id uuid)
        where e.id = c.id and e.status = case c.kind when 'publish' then 'held' else 'hidden' end
        returning e.id, c.kind, c.moderator_id, e.peptide_id, e.age_range, e.biological_sex, e.activity_level`,
      [
        JSON.stringify(part.map((c) => ({ id: c.experienceId, kind: c.kind, moderator_id: c.moderatorId }))),
        at.toISOString(),
      ],
    );
    const ids = res.rows.map((r) => r.id);
    // A decision answers the open flags: they are resolved, and kept.
    if (ids.length)
      await tx.query(
        'update flags set resolved_at = now() where experience_id = any($1::uuid[]) and resolved_at is null',
        [ids],
      );
    for (const r of res.rows)
      log.push({
        experienceId: r.id,
        moderatorId: r.moderator_id,
        action: r.kind as 'publish' | 'restore',
        reasons: [],
      });
    applied.decided += res.rows.length;
    applied.cells.push(...res.rows);
  }

  for (const part of chunks(of('delete'), CHUNK.update)) {
    const res = await tx.query<Cell>(
      'delete from experiences where id = any($1::uuid[]) returning peptide_id, age_range, biological_sex, activity_level',
      [part.map((c) => c.experienceId)],
    );
    applied.deleted += res.rows.length;
    applied.cells.push(...res.rows);
  }

  // Stories published in this batch count for `repeated` like those published before it.
  const repeats = repeatRule(tx);
  const edits = of('edit');
  const submits = of('submit');
  const storyOf = (c: { experienceId: string; payload: EditPayload | SubmissionRow }): Story => ({
    id: c.experienceId,
    story: c.payload.story,
    story_hash: String(c.payload.story_hash),
    story_bands: (c.payload.story_bands as number[] | undefined) ?? null,
  });

  for (const part of chunks(edits, CHUNK.update)) {
    const current = await tx.query<
      {
        id: string;
        status: string;
        hold_reasons: string[];
        stack: string[];
        dosage: string;
        sourcing: { batchId?: string } | null;
        publish_sourcing: boolean;
        before: EditedFrom;
      } & Cell
    >(
      `select id, status, hold_reasons, stack, dosage, sourcing, publish_sourcing, peptide_id, age_range, biological_sex, activity_level,
         coalesce(edited_from, jsonb_build_object('story', story, 'effects', to_jsonb(effects), 'outcomes', outcomes, 'holdReasons', to_jsonb(hold_reasons))) as before
         from experiences where id = any($1::uuid[])`,
      [part.map((c) => c.experienceId)],
    );
    const byId = new Map(current.rows.map((r) => [r.id, r]));
    const repeating = await repeats.repeating(part.map(storyOf));
    const rows: { id: string; payload: EditPayload }[] = [];
    for (const c of part) {
      const now = byId.get(c.experienceId);
      if (!now) continue; // deleted meanwhile
      const publishSourcing = (c.payload.publish_sourcing as boolean | undefined) ?? now.publish_sourcing;
      const { reasons, matches } = ownHolds(ctx, heldTexts({ ...now, ...c.payload, publishSourcing }));
      const repeatOf = repeating.get(c.experienceId) ?? null;
      if (repeatOf) reasons.push('repeated');
      // A held or hidden report goes back to the queue when its author changes it.
      if (now.status !== 'published') reasons.unshift(reheldReason(now.status, now.hold_reasons));
      const status = reasons.length ? 'held' : 'published';
      if (status === 'published') repeats.published(storyOf(c));
      else log.push({ experienceId: c.experienceId, moderatorId: null, action: 'hold', reasons });
      // A correction that leaves the report waiting keeps what it replaced, the first version since
      // the last decision, for the moderator's diff (QueueItem.editedFrom); published, nothing.
      const edited_from = status === 'held' ? now.before : null;
      // A report moved to another peptide or combination of demographics is new there: it counts
      // in its peptide's shares once it has settled in its new cell, as a new report would (so a
      // settled report cannot be moved to change the shares at once).
      const cell: Cell = {
        peptide_id: String(c.payload.peptide_id ?? now.peptide_id),
        age_range: String(c.payload.age_range ?? now.age_range),
        biological_sex: String(c.payload.biological_sex ?? now.biological_sex),
        activity_level: String(c.payload.activity_level ?? now.activity_level),
      };
      const moved = (Object.keys(cell) as (keyof Cell)[]).some((k) => cell[k] !== now[k]);
      const published_at = moved && status === 'published' ? at.toISOString() : undefined;
      // The day of a correction is its batch's, shared by every change of the group (not the day
      // it was sent, which a group gathered over several days would tell apart).
      rows.push({
        id: c.experienceId,
        payload: {
          ...c.payload,
          updated_at: utcDay(at),
          status,
          hold_reasons: reasons,
          hold_matches: matches,
          repeat_of: repeatOf,
          edited_from,
          ...(published_at ? { published_at } : {}),
        },
      });
      applied.cells.push(now);
      if (moved) applied.cells.push(cell);
    }
    if (!rows.length) continue;
    await tx.query(
      `update experiences e set (${EDITABLE_COLUMNS.join(', ')}) =
           (select ${EDITABLE_COLUMNS.map((col) => `r.${col}`).join(', ')} from jsonb_populate_record(e, c.payload) r),
         hidden_reason = null, hidden_note = null, hidden_from = null, hidden_at = null
         from jsonb_to_recordset($1::jsonb) as c(id uuid, payload jsonb)
        where e.id = c.id`,
      [JSON.stringify(rows)],
    );
    applied.edited += rows.length;
  }

  for (const part of chunks(submits, CHUNK.insert)) {
    const repeating = await repeats.repeating(part.map(storyOf));
    const rows = part.map((c) => {
      const reasons = [...c.payload.hold_reasons];
      const repeatOf = repeating.get(c.experienceId) ?? null;
      if (repeatOf) reasons.push('repeated');
      const status = reasons.length ? 'held' : 'published';
      if (status === 'published') repeats.published(storyOf(c));
      else log.push({ experienceId: c.experienceId, moderatorId: null, action: 'hold', reasons });
      // A report queued before its matches were kept (migration 030) is read here, once.
      const hold_matches =
        c.payload.hold_matches ??
        findHoldMatches(heldTexts({ ...c.payload, publishSourcing: c.payload.publish_sourcing }));
      // A report's day is its batch's: the reports of a group gathered over several days share it.
      return {
        ...c.payload,
        created_at: utcDay(at),
        status,
        hold_reasons: reasons,
        hold_matches,
        repeat_of: repeatOf,
        published_at: status === 'published' ? at.toISOString() : null,
      };
    });
    await tx.query(
      `insert into experiences (${SUBMISSION_COLUMNS.join(', ')})
       select ${SUBMISSION_COLUMNS.join(', ')} from jsonb_populate_recordset(null::experiences, $1::jsonb)`,
      [JSON.stringify(rows)],
      { prepare: true },
    );
    applied.submitted += rows.length;
    applied.cells.push(...rows);
  }

  await logActions(tx, log);
  return applied;
}

/** Inserts seeded demonstration reports as they are, public since their own day (server/seed). */
export async function insertSeeded(tx: Queryable, rows: SubmissionRow[]): Promise<void> {
  for (const part of chunks(rows, CHUNK.insert)) {
    await tx.query(
      `insert into experiences (${SUBMISSION_COLUMNS.join(', ')})
       select ${SUBMISSION_COLUMNS.join(', ')} from jsonb_populate_recordset(null::experiences, $1::jsonb)`,
      [JSON.stringify(part.map((r) => ({ ...r, published_at: null })))],
    );
  }
}

interface QueueRow {
  experience_id: string;
  kind: Change['kind'];
  payload: unknown;
  moderator_id: string | null;
}

/** A queue row a batch reads, with the first grid time it could have been published at. */
type DueRow = QueueRow & { batch_at: Date };

function toChange(row: QueueRow): Change {
  switch (row.kind) {
    case 'submit':
      return { kind: 'submit', experienceId: row.experience_id, payload: row.payload as SubmissionRow };
    case 'edit':
      return { kind: 'edit', experienceId: row.experience_id, payload: row.payload as EditPayload };
    case 'delete':
      return { kind: 'delete', experienceId: row.experience_id };
    default:
      return { kind: row.kind, experienceId: row.experience_id, moderatorId: row.moderator_id };
  }
}

/**
 * Applies one change at once (PUBLISH_EVERY=0), in the caller's transaction: the same code as a
 * batch, for one report, and the shares of the peptides it touches recomputed where due; a new
 * report is not settled yet unless settling is off, so it changes no share. The caller empties the
 * caches after commit.
 */
export async function applyNow(ctx: AppContext, tx: Queryable, change: Change, at = ctx.clock.now()): Promise<Applied> {
  const applied = await applyChanges(ctx, tx, [change], at);
  if (change.kind !== 'submit' || ctx.config.demographicsSettleDays === 0)
    await refreshShares(ctx, tx, at, peptidesOf(applied.cells));
  return applied;
}

/** The peptides of `cells`, each once. */
function peptidesOf(cells: readonly Cell[]): string[] {
  return [...new Set(cells.map((c) => c.peptide_id))];
}

/** Applies what the queue holds for one report at once, as its batch would (the warm-up's path). */
export async function applyQueued(
  ctx: AppContext,
  tx: Queryable,
  experienceId: string,
  at = ctx.clock.now(),
): Promise<Applied> {
  const due = await tx.query<QueueRow>(
    'delete from publication_queue where experience_id = $1 returning experience_id, kind, payload, moderator_id',
    [experienceId],
  );
  const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
  await refreshShares(ctx, tx, at, peptidesOf(applied.cells));
  return applied;
}

/**
 * A hold or a hide removes a report from public view at once (removing harm fast); the peptide's
 * shares follow at the next batch like everything else. With batches off each change is its own
 * batch, so the report's peptide is looked at here, in the caller's transaction.
 */
export async function afterTakedown(ctx: AppContext, tx: Queryable, experienceId: string): Promise<void> {
  if (ctx.config.publishEveryMs > 0) return;
  const cell = await tx.query<Cell>(
    'select peptide_id, age_range, biological_sex, activity_level from experiences where id = $1',
    [experienceId],
  );
  await refreshShares(ctx, tx, ctx.clock.now(), peptidesOf(cell.rows));
}

export interface BatchResult {
  /** False when another process held the batch lock (it runs this batch), or ran or postponed it already. */
  ran: boolean;
  /** Too few changes were due (BATCH_MIN_CHANGES): nothing was applied, and they wait for a later grid time. */
  postponed: boolean;
  /** The maximum wait forced it with fewer changes than the minimum. */
  small: boolean;
  at: Date;
  applied: Omit<Applied, 'cells'>;
  ms: number;
}

const NOTHING = { submitted: 0, edited: 0, deleted: 0, decided: 0 };

/** Records an applied batch for the typical wait (migration 033), and forgets those too old to count. */
async function recordBatch(tx: Queryable, due: readonly DueRow[], at: Date, small: boolean): Promise<void> {
  const waits = due
    .map((r) => Math.round((at.getTime() - new Date(r.batch_at).getTime()) / 60_000))
    .sort((a, b) => a - b);
  await tx.query(
    `insert into publication_batches (batch_at, changes, wait_minutes, small) values ($1, $2, $3::int[], $4)
     on conflict (batch_at) do update set changes = publication_batches.changes + excluded.changes, small = publication_batches.small and excluded.small,
       wait_minutes = (select array_agg(w order by w) from unnest(publication_batches.wait_minutes || excluded.wait_minutes) w)`,
    [at.toISOString(), due.length, waits, small],
  );
  await tx.query(`delete from publication_batches where batch_at < $1::timestamptz - make_interval(days => $2)`, [
    at.toISOString(),
    TYPICAL_WAIT_WINDOW_DAYS,
  ]);
  if (!small) return;
  // Their authors' lookups say that these became public in a small group.
  const own = due.filter((r) => r.kind === 'submit' || r.kind === 'edit').map((r) => r.experience_id);
  if (own.length)
    await tx.query(`update experiences set small_group_at = $2 where id = any($1::uuid[]) and status = 'published'`, [
      own,
      at.toISOString(),
    ]);
}

/**
 * The publication batch of time `at` (a grid time): every change queued for it or an earlier one,
 * in one transaction, if there are enough of them (batchDecision), then the peptides' shares where
 * due (services/reporter-shares.ts). With too few, nothing is applied and nothing public moves,
 * the shares included: they wait for a later grid time. With several processes the advisory lock
 * lets exactly one run it; a crash mid-batch rolls back whole and the next start runs it again
 * (the queue keeps every change until its batch commits).
 */
export async function runBatch(ctx: AppContext, at: Date): Promise<BatchResult> {
  const started = performance.now();
  const result = await ctx.db.transaction(
    async (tx) => {
      const lock = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [BATCH_LOCK_KEY]);
      if (!lock.rows[0]?.ok) return null;
      // Changes sent meanwhile wait for the batch to commit: read after this, the queue is whole.
      await lockQueue(tx);
      const due = await tx.query<DueRow>(
        'select experience_id, kind, payload, moderator_id, batch_at from publication_queue where batch_at <= $1',
        [at.toISOString()],
      );
      // Another process ran (or postponed) this batch already (each process's timer fires for it): nothing to do.
      const last = await tx.query<{ value: string }>(
        `select value from app_settings where key = 'last_publication_batch'`,
      );
      const done = !!last.rows[0] && new Date(last.rows[0].value).getTime() >= at.getTime();
      if (!due.rows.length && done) return null;
      const decision = batchDecision(ctx, due.rows, at);
      const postponed = due.rows.length > 0 && !decision.apply;
      if (postponed && done) return null;
      let counts = NOTHING;
      if (!postponed) {
        const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
        await tx.query('delete from publication_queue where batch_at <= $1', [at.toISOString()]);
        if (due.rows.length) await recordBatch(tx, due.rows, at, decision.small);
        await refreshShares(ctx, tx, at);
        const { cells: _cells, ...applyCounts } = applied;
        counts = applyCounts;
      }
      await tx.query(
        `insert into app_settings (key, value) values ('last_publication_batch', $1)
       on conflict (key) do update set value = excluded.value`,
        [at.toISOString()],
      );
      return { postponed, small: decision.small, counts };
      // On PGlite, reads are answered between its statements meanwhile (db/reads-between.ts).
    },
    { readsBetween: true },
  );
  const ms = Math.round(performance.now() - started);
  if (!result) return { ran: false, postponed: false, small: false, at, applied: NOTHING, ms };
  if (result.postponed) {
    ctx.metrics.batchesPostponed.inc();
    return { ran: true, postponed: true, small: false, at, applied: NOTHING, ms };
  }
  ctx.cache.invalidate();
  ctx.metrics.batches.inc();
  ctx.metrics.batchSeconds.observe(ms / 1000);
  for (const [kind, n] of Object.entries(result.counts)) ctx.metrics.batchChanges.inc({ kind }, n);
  return { ran: true, postponed: false, small: result.small, at, applied: result.counts, ms };
}
