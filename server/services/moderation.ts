// Flags and the moderators' decisions (docs/product-rules.md, "Moderation"). Every status change
// happens in one transaction with its log entry (moderation_log, append-only: migration
// 009_moderation.sql), and the triggers there move the report out of or into every aggregate.
import type { ExperienceStatus, FlagReason, HideReason, HoldReason } from '../../contract/moderation';
import type { BulkDecisionRequest, UndoneDecision } from '../../contract/moderation-api';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { lockQueue } from '../db/queue-lock';
import { HttpError, conflict, notFound } from '../lib/errors';
import { logAction } from './moderation-log';
import { afterTakedown, applyNow } from './publication/apply';
import { batchSlot, nextBatchAt } from './publication/grid';

const NOT_FOUND = 'Experience not found';

/** Holds a published report now (flags or concerning votes), logged as automatic. */
export async function autoHold(
  ctx: AppContext,
  tx: Queryable,
  experienceId: string,
  reason: HoldReason,
): Promise<boolean> {
  const res = await tx.query(
    `update experiences set status = 'held', hold_reasons = array[$2]::text[] where id = $1 and status = 'published'`,
    [experienceId, reason],
  );
  if (!res.affectedRows) return false;
  await logAction(tx, { experienceId, moderatorId: null, action: 'hold', reasons: [reason] });
  await afterTakedown(ctx, tx, experienceId);
  return true;
}

/** A member's flag; the FLAG_HOLD_THRESHOLD-th open flag holds the report in the same transaction. */
export async function flagExperience(
  ctx: AppContext,
  caller: Caller,
  experienceId: string,
  reason: FlagReason,
  note?: string | null,
) {
  const status = await ctx.db.transaction(async (tx) => {
    const exists = await tx.query(`select 1 from experiences where id = $1 and status = 'published' for update`, [
      experienceId,
    ]);
    if (!exists.rows.length) throw notFound(NOT_FOUND);
    const inserted = await tx.query(
      `insert into flags (experience_id, user_id, reason, note) values ($1, $2, $3, $4)
       on conflict (user_id, experience_id) do nothing returning id`,
      [experienceId, caller.userId, reason, note || null],
    );
    if (!inserted.rows.length) throw conflict('You have already flagged this report');
    const open = await tx.query<{ n: number }>(
      'select count(*)::int as n from flags where experience_id = $1 and resolved_at is null',
      [experienceId],
    );
    if (open.rows[0].n >= ctx.config.flagHoldThreshold && (await autoHold(ctx, tx, experienceId, 'flags')))
      return 'held' as const;
    return 'published' as const;
  });
  ctx.cache.invalidate();
  return { flagged: true as const, status };
}

type Decision = 'publish' | 'hide' | 'restore';
const ALLOWED: Record<Decision, { from: (status: string, openFlags: number) => boolean; refusal: string }> = {
  publish: {
    from: (s, flags) => s === 'held' || (s === 'published' && flags > 0),
    refusal: 'Only a held report, or a published report with open flags, can be published',
  },
  hide: { from: (s) => s === 'held' || s === 'published', refusal: 'This report is already hidden' },
  restore: { from: (s) => s === 'hidden', refusal: 'Only a hidden report can be restored' },
};

/**
 * publish / hide / restore: 404 for an unknown report, 409 for a transition its status does not
 * allow or a publish or restore already scheduled. Hide takes effect at once (removing harm fast;
 * its timing tells nothing about the author) and cancels a scheduled publish or restore. Publish
 * and restore make a report public, so they wait for the publication batch like everything that
 * does (services/publication/queue.ts), unless batches are off; publishing a report that is public
 * already ("Keep published": dismissing its flags) changes nothing public, is done at once and is
 * logged as `keep-published` (`kept` in the answer); undoDecision takes it back like a hide.
 */
export async function decide(
  ctx: AppContext,
  moderator: Caller,
  experienceId: string,
  action: Decision,
  hide?: { reason: HideReason; note?: string | null },
  now = ctx.clock.now(),
): Promise<{ id: string; status: ExperienceStatus; publicFrom: string | null; kept: boolean }> {
  const allowed = ALLOWED[action];
  const batchAt = nextBatchAt(now, ctx.config.publishEveryMs);
  const result = await ctx.db.transaction(async (tx) => {
    // First, before the report's row is locked (db/queue-lock.ts): every path may write the queue.
    await lockQueue(tx);
    const current = await tx.query<{ status: ExperienceStatus; open: number; scheduled: boolean }>(
      `select status, (select count(*)::int from flags f where f.experience_id = e.id and f.resolved_at is null) as open,
         exists (select 1 from publication_queue q where q.experience_id = e.id and q.kind in ('publish', 'restore')) as scheduled
         from experiences e where id = $1 for update`,
      [experienceId],
    );
    const row = current.rows[0];
    if (!row) throw notFound(NOT_FOUND);
    if (!allowed.from(row.status, row.open)) throw conflict(allowed.refusal);
    if (action === 'hide') {
      await tx.query(`delete from publication_queue where experience_id = $1 and kind in ('publish', 'restore')`, [
        experienceId,
      ]);
      // The hold reasons stay, and what it was hidden from and when, so that Undo can put it back
      // (undoDecision); its open flags are resolved at the same instant, to be reopened by Undo.
      await tx.query(
        `update experiences set status = 'hidden', hidden_from = status, hidden_at = now(), hidden_reason = $2, hidden_note = $3 where id = $1`,
        [experienceId, hide?.reason ?? null, hide?.note || null],
      );
      await tx.query('update flags set resolved_at = now() where experience_id = $1 and resolved_at is null', [
        experienceId,
      ]);
      await logAction(tx, {
        experienceId,
        moderatorId: moderator.userId,
        action,
        reasons: hide ? [hide.reason] : [],
        note: hide?.note || null,
      });
      await afterTakedown(ctx, tx, experienceId);
      return { status: 'hidden' as const, publicFrom: null, kept: false };
    }
    if (action === 'publish' && row.status === 'published') {
      // The flags' resolved_at and decided_at are one instant (the transaction's now()): Undo
      // reopens exactly the flags this dismissed (undoDecision).
      await tx.query('update flags set resolved_at = now() where experience_id = $1 and resolved_at is null', [
        experienceId,
      ]);
      await tx.query('update experiences set decided_at = now() where id = $1', [experienceId]);
      await logAction(tx, { experienceId, moderatorId: moderator.userId, action: 'keep-published', reasons: [] });
      return { status: 'published' as const, publicFrom: null, kept: true };
    }
    if (row.scheduled)
      throw conflict(
        `This report is already scheduled to be ${action === 'publish' ? 'published' : 'restored'} at the next publication batch`,
      );
    if (!batchAt) {
      await applyNow(ctx, tx, { kind: action, experienceId, moderatorId: moderator.userId }, now);
      return { status: 'published' as const, publicFrom: null, kept: false };
    }
    await tx.query(
      `insert into publication_queue (experience_id, kind, moderator_id, batch_at) values ($1, $2, $3, $4)`,
      [experienceId, action, moderator.userId, batchAt.toISOString()],
    );
    return { status: row.status, publicFrom: batchAt.toISOString(), kept: false };
  });
  // A hide or a flag dismissal changes public answers now; a scheduled decision only at its batch.
  if (!batchAt || result.publicFrom === null) ctx.cache.invalidate();
  return { id: experienceId, ...result };
}

/** A member's own flags on these reports (like their votes), so "Flagged" shows from page load. */
export async function myFlags(ctx: AppContext, caller: Caller, experienceIds: string[]) {
  const res = await ctx.db.query<{ experience_id: string; reason: FlagReason }>(
    'select experience_id, reason from flags where user_id = $1 and experience_id = any($2::uuid[])',
    [caller.userId, experienceIds],
  );
  const flags: Record<string, { reason: FlagReason }> = {};
  for (const row of res.rows) flags[row.experience_id] = { reason: row.reason };
  return { flags };
}

/** With batches off, how long a hide can be taken back. */
export const HIDE_UNDO_MS = 10 * 60_000;

/**
 * Since when a hide can still be taken back: the start of the current publication window (a hide
 * is undone before the batch after it, like a publish), or HIDE_UNDO_MS with batches off.
 */
export function hideUndoableSince(ctx: AppContext, now: Date): Date {
  const every = ctx.config.publishEveryMs;
  return every > 0 ? batchSlot(now, every) : new Date(now.getTime() - HIDE_UNDO_MS);
}

/**
 * Takes back a decision that has not taken public effect (docs/product-rules.md, "Moderation"):
 * a publish or restore waiting for its batch is cancelled (nothing was public, nothing is logged);
 * a hide made in the current publication window puts the report back as it was (published or
 * held, with its hold reasons and the flags the hide resolved) and is logged as `undo`; so is a
 * "Keep published" of that window, whose dismissed flags open again (the report is back in the
 * waiting view, or held if they now reach the threshold). 404 for an unknown report; 409 when
 * there is nothing to undo.
 */
export async function undoDecision(
  ctx: AppContext,
  moderator: Caller,
  experienceId: string,
  now = ctx.clock.now(),
): Promise<{ id: string; status: ExperienceStatus; undone: UndoneDecision }> {
  const result = await ctx.db.transaction(async (tx) => {
    await lockQueue(tx);
    const current = await tx.query<{
      status: ExperienceStatus;
      hidden_from: 'published' | 'held' | null;
      hidden_at: Date | null;
    }>('select status, hidden_from, hidden_at from experiences where id = $1 for update', [experienceId]);
    const row = current.rows[0];
    if (!row) throw notFound(NOT_FOUND);
    const cancelled = await tx.query<{ kind: 'publish' | 'restore' }>(
      `delete from publication_queue where experience_id = $1 and kind in ('publish', 'restore') returning kind`,
      [experienceId],
    );
    if (cancelled.rows.length) return { status: row.status, undone: cancelled.rows[0].kind };
    const since = hideUndoableSince(ctx, now);
    if (row.status === 'published') return undoKeepPublished(ctx, tx, moderator, experienceId, since);
    if (row.status !== 'hidden' || !row.hidden_from || !row.hidden_at || row.hidden_at < since) {
      throw conflict(
        row.status === 'hidden'
          ? 'This hide can no longer be undone: the publication batch after it has run. Restore the report instead.'
          : NOTHING_TO_UNDO,
      );
    }
    // Compared in SQL: the hide's instant has microseconds on PostgreSQL, a JS Date only milliseconds.
    // A flag whose member deleted the account since stays resolved: it is the record of a decision
    // now, belonging to nobody (migration 020), and an open flag nobody holds could never be withdrawn.
    await tx.query(
      `update flags f set resolved_at = null from experiences e
        where e.id = $1 and f.experience_id = e.id and f.resolved_at = e.hidden_at and f.user_id is not null`,
      [experienceId],
    );
    await tx.query(
      `update experiences set status = hidden_from, hidden_from = null, hidden_at = null, hidden_reason = null, hidden_note = null where id = $1`,
      [experienceId],
    );
    await logAction(tx, { experienceId, moderatorId: moderator.userId, action: 'undo', reasons: ['hide'] });
    // Public again at once when it was public before (a hide's timing tells nothing about its
    // author, nor does its undo); with batches off its shown combinations follow now.
    if (row.hidden_from === 'published') await afterTakedown(ctx, tx, experienceId);
    return { status: row.hidden_from, undone: 'hide' as const };
  });
  if (result.undone === 'hide' || result.undone === 'keep-published') ctx.cache.invalidate();
  return { id: experienceId, ...result };
}

const NOTHING_TO_UNDO = 'There is nothing to undo: no publish or restore of this report is waiting for its batch.';

/**
 * The undo of a "Keep published" (decide): when the report's last log entry is that dismissal,
 * made since `since`, the flags it resolved (resolved_at = the report's decided_at, the same
 * instant) are open again, as a hide's undo reopens its flags; flags of members who deleted their
 * account since stay resolved. Reaching the hold threshold again holds the report, as a new flag would.
 */
async function undoKeepPublished(
  ctx: AppContext,
  tx: Queryable,
  moderator: Caller,
  experienceId: string,
  since: Date,
): Promise<{ status: ExperienceStatus; undone: 'keep-published' }> {
  const last = await tx.query<{ action: string; decided_at: Date | null }>(
    `select l.action, e.decided_at from experiences e
       cross join lateral (select action from moderation_log m where m.experience_id = e.id order by m.position desc limit 1) l
      where e.id = $1`,
    [experienceId],
  );
  const entry = last.rows[0];
  if (!entry || entry.action !== 'keep-published' || !entry.decided_at || entry.decided_at < since) {
    throw conflict(
      entry?.action === 'keep-published'
        ? 'This dismissal of flags can no longer be undone: the publication batch after it has run.'
        : NOTHING_TO_UNDO,
    );
  }
  await tx.query(
    `update flags f set resolved_at = null from experiences e
      where e.id = $1 and f.experience_id = e.id and f.resolved_at = e.decided_at and f.user_id is not null`,
    [experienceId],
  );
  await logAction(tx, { experienceId, moderatorId: moderator.userId, action: 'undo', reasons: ['keep-published'] });
  const open = await tx.query<{ n: number }>(
    'select count(*)::int as n from flags where experience_id = $1 and resolved_at is null',
    [experienceId],
  );
  const held = open.rows[0].n >= ctx.config.flagHoldThreshold && (await autoHold(ctx, tx, experienceId, 'flags'));
  return { status: held ? 'held' : 'published', undone: 'keep-published' };
}

/**
 * One decision for several reports, each in its own transaction and answered on its own: one
 * that cannot be decided (deleted meanwhile, already hidden) does not stop the others.
 */
export async function decideMany(ctx: AppContext, moderator: Caller, body: BulkDecisionRequest) {
  const results = [];
  // Why the refused ones were: gone (deleted by its author meanwhile, 404) or changed (decided by
  // someone else, or its status moved, 409), for the answer's message (routes/moderation.ts).
  const refused = { gone: 0, changed: 0 };
  for (const id of [...new Set(body.ids)]) {
    try {
      const hide = body.action === 'hide' ? { reason: body.reason!, note: body.note } : undefined;
      const done = await decide(ctx, moderator, id, body.action, hide);
      results.push({ id, ok: true, status: done.status, publicFrom: done.publicFrom, error: null });
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      results.push({ id, ok: false, status: null, publicFrom: null, error: err.message });
      refused[err.statusCode === 404 ? 'gone' : 'changed']++;
    }
  }
  return { results, refused };
}
