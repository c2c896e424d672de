// Flags and the moderators' decisions (docs/product-rules.md, "Moderation"). Every status change
// happens in one transaction with its log entry (moderation_log, append-only: migration
// 009_moderation.sql), and the triggers there move the report out of or into every aggregate.
import type { ExperienceStatus, FlagReason, HideReason, HoldReason, ModerationAction, QueueView } from '../../contract/moderation';
import type { ModerationLogEntry, QueueItem } from '../../contract/moderation-api';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { decodeCursor } from './experience-feed';
import { logAction } from './moderation-log';
import { SELECT, ownView, publishedDay, type ExperienceRow } from './public-view';
import { afterTakedown, applyNow, nextBatchAt } from './publication';

const NOT_FOUND = 'Experience not found';

/** Holds a published report now (flags or concerning votes), logged as automatic. */
export async function autoHold(ctx: AppContext, tx: Queryable, experienceId: string, reason: HoldReason): Promise<boolean> {
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
export async function flagExperience(ctx: AppContext, caller: Caller, experienceId: string, reason: FlagReason, note?: string | null) {
  const status = await ctx.db.transaction(async (tx) => {
    const exists = await tx.query(`select 1 from experiences where id = $1 and status = 'published' for update`, [experienceId]);
    if (!exists.rows.length) throw notFound(NOT_FOUND);
    const inserted = await tx.query(
      `insert into flags (experience_id, user_id, reason, note) values ($1, $2, $3, $4)
       on conflict (user_id, experience_id) do nothing returning id`,
      [experienceId, caller.userId, reason, note || null],
    );
    if (!inserted.rows.length) throw conflict('You have already flagged this experience');
    const open = await tx.query<{ n: number }>('select count(*)::int as n from flags where experience_id = $1 and resolved_at is null', [
      experienceId,
    ]);
    if (open.rows[0].n >= ctx.config.flagHoldThreshold && (await autoHold(ctx, tx, experienceId, 'flags'))) return 'held' as const;
    return 'published' as const;
  });
  ctx.cache.invalidate();
  return { flagged: true as const, status };
}

type Decision = Exclude<ModerationAction, 'hold'>;
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
 * does (services/publication.ts), unless batches are off; publishing a report that is public
 * already (dismissing its flags) changes nothing public and is done at once.
 */
export async function decide(
  ctx: AppContext,
  moderator: Caller,
  experienceId: string,
  action: Decision,
  hide?: { reason: HideReason; note?: string | null },
  now = new Date(),
): Promise<{ id: string; status: ExperienceStatus; publicFrom: string | null }> {
  const allowed = ALLOWED[action];
  const batchAt = nextBatchAt(now, ctx.config.publishEveryMs);
  const result = await ctx.db.transaction(async (tx) => {
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
      await tx.query(`delete from publication_queue where experience_id = $1 and kind in ('publish', 'restore')`, [experienceId]);
      await tx.query(
        `update experiences set status = 'hidden', hold_reasons = '{}', hidden_reason = $2, hidden_note = $3 where id = $1`,
        [experienceId, hide?.reason ?? null, hide?.note || null],
      );
      await tx.query('update flags set resolved_at = now() where experience_id = $1 and resolved_at is null', [experienceId]);
      await logAction(tx, { experienceId, moderatorId: moderator.userId, action, reasons: hide ? [hide.reason] : [], note: hide?.note || null });
      await afterTakedown(ctx, tx, experienceId);
      return { status: 'hidden' as const, publicFrom: null };
    }
    if (action === 'publish' && row.status === 'published') {
      await tx.query('update flags set resolved_at = now() where experience_id = $1 and resolved_at is null', [experienceId]);
      await tx.query('update experiences set decided_at = now() where id = $1', [experienceId]);
      await logAction(tx, { experienceId, moderatorId: moderator.userId, action, reasons: [] });
      return { status: 'published' as const, publicFrom: null };
    }
    if (row.scheduled) throw conflict(`This report is already scheduled to be ${action === 'publish' ? 'published' : 'restored'} at the next publication batch`);
    if (!batchAt) {
      await applyNow(ctx, tx, { kind: action, experienceId, moderatorId: moderator.userId }, now);
      return { status: 'published' as const, publicFrom: null };
    }
    await tx.query(`insert into publication_queue (experience_id, kind, moderator_id, batch_at) values ($1, $2, $3, $4)`, [
      experienceId,
      action,
      moderator.userId,
      batchAt.toISOString(),
    ]);
    return { status: row.status, publicFrom: batchAt.toISOString() };
  });
  // A hide or a flag dismissal changes public answers now; a scheduled decision only at its batch.
  if (!batchAt || result.publicFrom === null) ctx.cache.invalidate();
  return { id: experienceId, ...result };
}

/**
 * The ids of one page of a view, each part read through its own index so a page never scans
 * the published reports: held (experiences_held_idx), published with open flags (flags_open_idx,
 * then the primary key) and hidden (experiences_hidden_idx, migration 012). `after` is the
 * keyset condition on the part's alias `x`.
 */
function pageIds(view: QueueView, after: string): string {
  const part = (status: string, extra = '') =>
    `(select x.id, x.created_at from experiences x where x.status = '${status}' ${extra} ${after} order by x.created_at, x.id limit $1)`;
  if (view === 'hidden') return part('hidden');
  return `${part('held')} union all ${part('published', 'and x.id in (select f.experience_id from flags f where f.resolved_at is null)')}`;
}

/**
 * The `waiting` view: held reports and published reports with open flags; `hidden`: hidden
 * reports (to restore). Oldest first, keyset paged. `experienceId` answers that one report
 * whatever its status (the Activity log links to it).
 */
export async function queue(
  ctx: AppContext,
  q: { limit: number; cursor?: string; view: QueueView; experienceId?: string },
): Promise<{ items: QueueItem[]; nextCursor: string | null }> {
  const { limit, cursor } = q;
  const values: unknown[] = [limit + 1];
  let after = '';
  if (cursor && !q.experienceId) {
    const [createdAt, id] = decodeCursor(ctx, cursor, ['timestamp', 'uuid']);
    after = `and (x.created_at, x.id) > ($${values.push(createdAt)}::timestamptz, $${values.push(id)}::uuid)`;
  }
  const where = q.experienceId ? `e.id = $${values.push(q.experienceId)}::uuid` : `e.id in (select id from (${pageIds(q.view, after)}) page)`;
  const res = await ctx.db.query<ExperienceRow>(
    `${SELECT}
      where ${where}
      order by e.created_at, e.id limit $1`,
    values,
  );
  const page = res.rows.slice(0, limit);
  const scheduled = await ctx.db.query<{ experience_id: string; kind: 'publish' | 'restore'; batch_at: Date }>(
    `select experience_id, kind, batch_at from publication_queue where experience_id = any($1::uuid[]) and kind in ('publish', 'restore')`,
    [page.map((r) => r.id)],
  );
  const flags = await ctx.db.query<{ experience_id: string; reason: FlagReason; note: string | null; created_at: Date }>(
    `select experience_id, reason, note, created_at from flags
      where experience_id = any($1::uuid[]) and resolved_at is null order by created_at, id`,
    [page.map((r) => r.id)],
  );
  const items = page.map((row): QueueItem => {
    const own = ownView(row, '');
    const { trackingId: _omit, ...experience } = own;
    const mine = flags.rows.filter((f) => f.experience_id === row.id);
    const counts = new Map<FlagReason, number>();
    for (const f of mine) counts.set(f.reason, (counts.get(f.reason) ?? 0) + 1);
    return {
      experience,
      status: row.status,
      holdReasons: row.hold_reasons as HoldReason[],
      queuedAt: publishedDay(row.created_at),
      flags: {
        open: mine.length,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })),
        notes: mine.filter((f) => f.note).map((f) => ({ reason: f.reason, note: f.note!, createdAt: f.created_at.toISOString() })),
      },
      concerningVotes: row.concerning_count,
      scheduled: ((s) => (s ? { action: s.kind, publicFrom: s.batch_at.toISOString() } : null))(scheduled.rows.find((s) => s.experience_id === row.id)),
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor: res.rows.length > limit ? ctx.cursors.encode([last.created_at.toISOString(), last.id]) : null,
  };
}

/** The moderation log, newest first, keyset paged, filtered by action and moderator. */
export async function moderationLog(
  ctx: AppContext,
  q: { action?: ModerationAction; moderatorId?: string; limit: number; cursor?: string },
): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
  const values: unknown[] = [q.limit + 1];
  const where: string[] = [];
  if (q.action) where.push(`l.action = $${values.push(q.action)}`);
  if (q.moderatorId) where.push(`l.moderator_id = $${values.push(q.moderatorId)}`);
  if (q.cursor) {
    const [createdAt, id] = decodeCursor(ctx, q.cursor, ['timestamp', 'uuid']);
    where.push(`(l.created_at, l.id) < ($${values.push(createdAt)}::timestamptz, $${values.push(id)}::uuid)`);
  }
  const res = await ctx.db.query<{
    id: string;
    experience_id: string;
    moderator_id: string | null;
    email: string | null;
    former_moderator: boolean;
    action: ModerationAction;
    reasons: string[];
    note: string | null;
    created_at: Date;
  }>(
    `select l.id, l.experience_id, l.moderator_id, u.email, l.former_moderator, l.action, l.reasons, l.note, l.created_at
       from moderation_log l left join users u on u.id = l.moderator_id
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by l.created_at desc, l.id desc limit $1`,
    values,
  );
  const page = res.rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({
      _id: r.id,
      experienceId: r.experience_id,
      moderatorId: r.moderator_id,
      moderatorEmail: r.email,
      formerModerator: r.former_moderator,
      action: r.action,
      reasons: r.reasons,
      note: r.note,
      createdAt: r.created_at.toISOString(),
    })),
    nextCursor: res.rows.length > q.limit ? ctx.cursors.encode([last.created_at.toISOString(), last.id]) : null,
  };
}
