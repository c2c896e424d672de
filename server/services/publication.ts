// Publication in batches (docs/product-rules.md, "Publication in batches"). What anonymous people
// do (a new report, an edit or a deletion by tracking ID) and a moderator's publish and restore
// wait in publication_queue (migration 019_publication_batches.sql) and become public together at
// the next batch: on the UTC grid of PUBLISH_EVERY, in one transaction, in random order. So a
// patient observer who polls the public pages sees every change of a window at one moment and
// cannot tell which request made which; and reports added, read and deleted between two batches
// open no demographic cell, because the cells are recomputed here only, from settled reports.
// PUBLISH_EVERY=0 applies each change at once, through the same code.
import { createHmac, randomInt } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { K_ANONYMITY } from '../../contract/rules';
import type { Sourcing } from '../../contract/experiences';
import type { HoldReason } from '../../contract/moderation';
import { logActions, type LogEntry } from './moderation-log';
import { NEAR_REPEAT, findHoldMatches, holdReasonsOf, jaccard, storyShingles, type Finding } from './text-rules';
import { RepeatIndex } from './repeat-index';

/**
 * The tables whose replaced and deleted rows hold report text, scrubbed after every batch that
 * changed anything (db/housekeeping.ts scrubStatements): the reports are vacuumed, the queue
 * (small between batches) rewritten whole.
 */
export const SCRUBBED = { vacuumed: ['experiences', 'experience_public'], rewritten: ['publication_queue'] } as const;

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

/** The batch time on or before `now` (the UTC grid of `everyMs`, which divides a day). */
export function batchSlot(now: Date, everyMs: number): Date {
  return everyMs > 0 ? new Date(Math.floor(now.getTime() / everyMs) * everyMs) : now;
}

/** The batch a change made at `now` belongs to: the next grid time; null when batches are off. */
export function nextBatchAt(now: Date, everyMs: number): Date | null {
  return everyMs > 0 ? new Date(batchSlot(now, everyMs).getTime() + everyMs) : null;
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
  'id', 'tracking_hash', 'peptide_id', 'dosage', 'frequency', 'duration_days', 'route', 'primary_purpose',
  'age_range', 'biological_sex', 'activity_level', 'outcomes', 'rating', 'effects', 'timeline', 'story', 'stack', 'sourcing',
  'search_text', 'created_at', 'is_demo', 'publish_sourcing', 'story_hash', 'story_bands', 'status', 'hold_reasons', 'published_at',
  'hold_matches', 'repeat_of',
] as const;

/**
 * What an author's edit may change: every field the wizard asks (with what follows from it), as the
 * queue keeps it; `edited_from` and `published_at` are set when the edit is applied (applyChanges).
 */
export const EDITABLE_COLUMNS = [
  'peptide_id', 'dosage', 'frequency', 'duration_days', 'route', 'primary_purpose', 'age_range', 'biological_sex',
  'activity_level', 'timeline', 'stack', 'sourcing', 'publish_sourcing',
  'story', 'effects', 'outcomes', 'rating', 'search_text', 'story_hash', 'story_bands', 'updated_at', 'status', 'hold_reasons', 'edited_from',
  'published_at', 'hold_matches', 'repeat_of',
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
  return [r.story, ...r.effects, ...r.stack, r.dosage, ...Object.keys(r.outcomes), r.sourcing?.batchId ?? '', r.publishSourcing ? (r.sourcing?.vendorUrl ?? '') : ''];
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
        for (const r of res.rows) if (r.story_hash) index.add({ id: r.id, story_hash: r.story_hash, story_bands: r.story_bands });
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
      const unread = [...new Set([...compared.values()].flatMap((ids) => [...ids]))].filter((id) => !shinglesOf.has(id));
      if (unread.length) {
        const res = await tx.query<{ id: string; story: string }>('select id, story from experiences where id = any($1::uuid[])', [unread], { prepare: true });
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
  /** Demographic cells whose reports changed (immediate mode refreshes only these). */
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
  const of = <K extends Change['kind']>(...kinds: K[]) => shuffle(changes.filter((c): c is Extract<Change, { kind: K }> => (kinds as string[]).includes(c.kind)));
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
      [JSON.stringify(part.map((c) => ({ id: c.experienceId, kind: c.kind, moderator_id: c.moderatorId }))), at.toISOString()],
    );
    const ids = res.rows.map((r) => r.id);
    // A decision answers the open flags: they are resolved, and kept.
    if (ids.length) await tx.query('update flags set resolved_at = now() where experience_id = any($1::uuid[]) and resolved_at is null', [ids]);
    for (const r of res.rows) log.push({ experienceId: r.id, moderatorId: r.moderator_id, action: r.kind as 'publish' | 'restore', reasons: [] });
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
      // toward disclosure once it has settled in its new cell, as a new report would (so settled
      // reports cannot be moved into a guessed combination to open it at once).
      const cell: Cell = {
        peptide_id: String(c.payload.peptide_id ?? now.peptide_id),
        age_range: String(c.payload.age_range ?? now.age_range),
        biological_sex: String(c.payload.biological_sex ?? now.biological_sex),
        activity_level: String(c.payload.activity_level ?? now.activity_level),
      };
      const moved = (Object.keys(cell) as (keyof Cell)[]).some((k) => cell[k] !== now[k]);
      const published_at = moved && status === 'published' ? at.toISOString() : undefined;
      rows.push({
        id: c.experienceId,
        payload: { ...c.payload, status, hold_reasons: reasons, hold_matches: matches, repeat_of: repeatOf, edited_from, ...(published_at ? { published_at } : {}) },
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
      const hold_matches = c.payload.hold_matches ?? findHoldMatches(heldTexts({ ...c.payload, publishSourcing: c.payload.publish_sourcing }));
      return { ...c.payload, status, hold_reasons: reasons, hold_matches, repeat_of: repeatOf, published_at: status === 'published' ? at.toISOString() : null };
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

/** The settle cutoff at batch time `at`: reports public since then count toward disclosure. */
function settledBefore(ctx: AppContext, at: Date): string {
  return new Date(at.getTime() - ctx.config.disclosureSettleDays * 86_400_000).toISOString();
}

/** Published reports per cell that are not settled yet (published after the cutoff). */
const RECENT_CELLS = `select peptide_id, age_range, biological_sex, activity_level, count(*)::int as n
  from experiences where status = 'published' and published_at > $1::timestamptz group by 1, 2, 3, 4`;

/**
 * Rewrites the shown combinations (disclosed_cells) from settled reports: a combination is shown
 * where at least K_ANONYMITY published reports of the peptide share it and have been public since
 * before the settle cutoff. The counts of all published reports are kept by trigger
 * (demographic_cells, migration 008); the recent ones are read by their index (migration 019), so
 * this reads a few thousand small rows at any number of reports. `cells`: only these (a change
 * applied at once); otherwise every cell.
 */
export async function refreshDisclosure(ctx: AppContext, tx: Queryable, at: Date, cells?: Cell[]): Promise<void> {
  const values: unknown[] = [settledBefore(ctx, at), K_ANONYMITY];
  let only = '';
  if (cells) {
    if (!cells.length) return;
    const list = [...new Map(cells.map((c) => [`${c.peptide_id}|${c.age_range}|${c.biological_sex}|${c.activity_level}`, c])).values()];
    values.push(JSON.stringify(list.map((c) => ({ p: c.peptide_id, a: c.age_range, s: c.biological_sex, l: c.activity_level }))));
    only = `(peptide_id, age_range, biological_sex, activity_level) in (select p, a, s, l from jsonb_to_recordset($3::jsonb) as x(p uuid, a text, s text, l text))`;
    await tx.query(`delete from disclosed_cells where ${only.replaceAll('$3', '$1')}`, [values[2]], { prepare: true });
  } else {
    await tx.query('delete from disclosed_cells');
  }
  await tx.query(
    `insert into disclosed_cells (peptide_id, age_range, biological_sex, activity_level)
     select c.peptide_id, c.age_range, c.biological_sex, c.activity_level
       from demographic_cells c
       left join (${RECENT_CELLS}) r using (peptide_id, age_range, biological_sex, activity_level)
      where c.n - coalesce(r.n, 0) >= $2 ${only ? `and ${only}` : ''}`,
    values,
    { prepare: true },
  );
}

/**
 * Two-sided geometric noise (the discrete Laplace mechanism) with parameter NOISE_ALPHA, drawn from
 * a keyed hash of the cell and its true count: fixed for as long as the count stays the same, so
 * no number of exports averages it away, and a new draw whenever the count moves, so comparing an
 * export before and after one report tells the difference only within the noise
 * (docs/product-rules.md, "Research export"). α = 0.5: the noise is 0 a third of the time, its
 * standard deviation 2.
 */
export const NOISE_ALPHA = 0.5;

export function breakdownNoise(key: Buffer, cell: string, n: number): number {
  const digest = createHmac('sha256', key).update(`${cell}\u0000${n}`).digest();
  const uniform = (offset: number) => (digest.readUIntBE(offset, 6) + 1) / (2 ** 48 + 1);
  const geometric = (u: number) => Math.floor(Math.log(u) / Math.log(NOISE_ALPHA));
  return geometric(uniform(0)) - geometric(uniform(6));
}

/**
 * Rewrites the research export's breakdown (reports per peptide, age range and sex): settled
 * reports only, with breakdownNoise added; cells of fewer than K_ANONYMITY reports, or whose noisy
 * count is under it, left out. Written here, at batches only (`cells`: only the rows of these, a change applied at once).
 */
export async function refreshBreakdown(ctx: AppContext, tx: Queryable, at: Date, cells?: Cell[]): Promise<void> {
  const values: unknown[] = [settledBefore(ctx, at)];
  let only = '';
  if (cells) {
    if (!cells.length) return;
    const list = [...new Map(cells.map((c) => [`${c.peptide_id}|${c.age_range}|${c.biological_sex}`, c])).values()];
    values.push(JSON.stringify(list.map((c) => ({ p: c.peptide_id, a: c.age_range, s: c.biological_sex }))));
    only = `(peptide_id, age_range, biological_sex) in (select p, a, s from jsonb_to_recordset($2::jsonb) as x(p uuid, a text, s text))`;
  }
  const res = await tx.query<{ peptide_id: string; age_range: string; biological_sex: string; n: number }>(
    `select c.peptide_id, c.age_range, c.biological_sex, sum(c.n - coalesce(r.n, 0))::int as n
       from demographic_cells c
       left join (${RECENT_CELLS}) r using (peptide_id, age_range, biological_sex, activity_level)
      ${only ? `where ${only}` : ''}
      group by 1, 2, 3 having sum(c.n - coalesce(r.n, 0)) > 0`,
    values,
    { prepare: true },
  );
  // A cell of fewer than K_ANONYMITY reports is never listed, whatever its noise: noise of +4 or
  // more (about 4% of draws) would otherwise list a lone report's age range and sex.
  const rows = res.rows
    .filter((r) => r.n >= K_ANONYMITY)
    .map((r) => ({ ...r, n: r.n + breakdownNoise(ctx.noiseKey, `${r.peptide_id}|${r.age_range}|${r.biological_sex}`, r.n) }))
    .filter((r) => r.n >= K_ANONYMITY);
  if (only) await tx.query(`delete from research_breakdown where ${only.replaceAll('$2', '$1')}`, [values[1]], { prepare: true });
  else await tx.query('delete from research_breakdown');
  for (const part of chunks(rows, 500)) {
    await tx.query(
      `insert into research_breakdown (peptide_id, age_range, biological_sex, n)
       select peptide_id, age_range, biological_sex, n from jsonb_to_recordset($1::jsonb) as x(peptide_id uuid, age_range text, biological_sex text, n integer)`,
      [JSON.stringify(part)],
      { prepare: true },
    );
  }
}

interface QueueRow {
  experience_id: string;
  kind: Change['kind'];
  payload: unknown;
  moderator_id: string | null;
}

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
 * batch, for one report, and the cells it touches rewritten; a new report is not settled yet
 * unless settling is off, so it moves no cell. The caller empties the caches after commit.
 */
export async function applyNow(ctx: AppContext, tx: Queryable, change: Change, at = new Date()): Promise<Applied> {
  const applied = await applyChanges(ctx, tx, [change], at);
  if (change.kind !== 'submit' || ctx.config.disclosureSettleDays === 0) {
    await refreshDisclosure(ctx, tx, at, applied.cells);
    await refreshBreakdown(ctx, tx, at, applied.cells);
  }
  return applied;
}

/** Applies what the queue holds for one report at once, as its batch would (the warm-up's path). */
export async function applyQueued(ctx: AppContext, tx: Queryable, experienceId: string, at = new Date()): Promise<Applied> {
  const due = await tx.query<QueueRow>(
    'delete from publication_queue where experience_id = $1 returning experience_id, kind, payload, moderator_id',
    [experienceId],
  );
  const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
  await refreshDisclosure(ctx, tx, at, applied.cells);
  await refreshBreakdown(ctx, tx, at, applied.cells);
  return applied;
}

/**
 * A hold or a hide removes a report from public view at once (removing harm fast); the shown
 * cells move at the next batch like everything else. With batches off each change is its own
 * batch, so the report's cell is rewritten here, in the caller's transaction.
 */
export async function afterTakedown(ctx: AppContext, tx: Queryable, experienceId: string): Promise<void> {
  if (ctx.config.publishEveryMs > 0) return;
  const cell = await tx.query<Cell>('select peptide_id, age_range, biological_sex, activity_level from experiences where id = $1', [experienceId]);
  const now = new Date();
  await refreshDisclosure(ctx, tx, now, cell.rows);
  await refreshBreakdown(ctx, tx, now, cell.rows);
}

export interface BatchResult {
  /** False when another process held the batch lock (it runs this batch). */
  ran: boolean;
  at: Date;
  applied: Omit<Applied, 'cells'>;
  ms: number;
}

/**
 * The publication batch of time `at` (a grid time): every change queued for it or an earlier one,
 * in one transaction, then the shown cells and the research breakdown from settled reports. With
 * several processes the advisory lock lets exactly one run it; a crash mid-batch rolls back whole
 * and the next start runs it again (the queue keeps every change until its batch commits).
 */
export async function runBatch(ctx: AppContext, at: Date): Promise<BatchResult> {
  const started = Date.now();
  const result = await ctx.db.transaction(async (tx) => {
    const lock = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [BATCH_LOCK_KEY]);
    if (!lock.rows[0]?.ok) return null;
    const due = await tx.query<QueueRow>(
      'select experience_id, kind, payload, moderator_id from publication_queue where batch_at <= $1',
      [at.toISOString()],
    );
    // Another process ran this batch already (each process's timer fires for it): nothing to do.
    const last = await tx.query<{ value: string }>(`select value from app_settings where key = 'last_publication_batch'`);
    if (!due.rows.length && last.rows[0] && new Date(last.rows[0].value).getTime() >= at.getTime()) return null;
    const applied = await applyChanges(ctx, tx, due.rows.map(toChange), at);
    await tx.query('delete from publication_queue where batch_at <= $1', [at.toISOString()]);
    await refreshDisclosure(ctx, tx, at);
    await refreshBreakdown(ctx, tx, at);
    await tx.query(
      `insert into app_settings (key, value) values ('last_publication_batch', $1)
       on conflict (key) do update set value = excluded.value`,
      [at.toISOString()],
    );
    const { cells: _cells, ...counts } = applied;
    return counts;
  });
  if (!result) return { ran: false, at, applied: { submitted: 0, edited: 0, deleted: 0, decided: 0 }, ms: Date.now() - started };
  ctx.cache.invalidate();
  const ms = Date.now() - started;
  ctx.metrics.batches.inc();
  ctx.metrics.batchSeconds.observe(ms / 1000);
  for (const [kind, n] of Object.entries(result)) ctx.metrics.batchChanges.inc({ kind }, n);
  return { ran: true, at, applied: result, ms };
}
