// Applying changes (docs/product-rules.md, "Publication in batches"): a batch's, or one change's
// at once with PUBLISH_EVERY=0, through the same code. Rows are written in random order and in
// chunks, so that neither the tables nor the write-ahead log keep an order of arrival.
import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { logActions, type LogEntry } from '../moderation-log';
import { refreshShares } from '../reporter-shares';
import { readStoredDoses } from '../doses';
import { findHoldMatches } from '../text-rules';
import { utcDay } from './grid';
import { heldTexts, ownHolds, reheldReason } from './holds';
import { repeatRule, type Story } from './repeat';
import {
  EDITABLE_COLUMNS,
  SUBMISSION_COLUMNS,
  type Cell,
  type Change,
  type EditPayload,
  type EditedFrom,
  type SubmissionRow,
} from './report-row';

/**
 * Rows per statement when a batch applies its changes. On PGlite each statement holds the event
 * loop while it runs (the database is WebAssembly in this process): a new report with its
 * triggers and indexes costs about 2 ms, so 10 rows keep a statement near 20 ms and the loop
 * turns between statements (db/turns.ts), serving cached reads meanwhile (docs/performance.md,
 * "Publication batches": 100 rows a statement made the reads' p99 250 ms during a batch).
 */
const CHUNK = { insert: 10, update: 25 } as const;

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

/** What applyChanges did, for the caller's logs and the tests. */
export interface Applied {
  submitted: number;
  edited: number;
  deleted: number;
  decided: number;
  /** Demographic cells whose reports changed (immediate mode refreshes only their peptides' shares). */
  cells: Cell[];
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
         coalesce(edited_from, jsonb_build_object('story', story, 'effects', to_jsonb(effects), 'outcomes', outcomes, 'sideEffects', side_effects, 'holdReasons', to_jsonb(hold_reasons))) as before
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
      // An edit queued before doses had a unit (migration 036) may carry new text only: read it again.
      const reread = 'dosage' in c.payload && !('dose_checked' in c.payload) ? { dose_checked: false } : {};
      rows.push({
        id: c.experienceId,
        payload: {
          ...c.payload,
          ...reread,
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
  await readStoredDoses(tx);
  return applied;
}

/** The peptides of `cells`, each once. */
export function peptidesOf(cells: readonly Cell[]): string[] {
  return [...new Set(cells.map((c) => c.peptide_id))];
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
