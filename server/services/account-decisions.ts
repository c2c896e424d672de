// Moderators' decisions on accounts (docs/product-rules.md, "Registration approval"): approve or
// reject a pending registration, take that back for ACCOUNT_UNDO_SECONDS, suspend an approved
// member and reinstate them. Each is logged in account_log (migration 037_account_decisions.sql)
// in the transaction that makes it, with the moderator who made it.
//
// The mail of an approval or rejection is queued with the decision but due only when the undo
// window has closed; an undo deletes it, and is refused once it was claimed for sending, so an
// undone decision never leaves a mail behind that says otherwise.
import type { AccountAction, AccountLogEntry, Member } from '../../contract/members';
import type { PendingUser } from '../../contract/users';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { conflict, forbidden, notFound } from '../lib/errors';
import { mailLinks } from '../mail/links';
import { approvedMail, rejectedMail } from '../mail/templates';
import { enqueueMail } from './mail-queue';
import { findById, toPendingUser, type UserRow } from './users';

const NOT_FOUND = 'User not found';

async function logAccount(
  q: Queryable,
  entry: { memberId: string; moderatorId: string; action: AccountAction; undid?: string; note?: string | null },
): Promise<void> {
  await q.query('insert into account_log (member_id, moderator_id, action, undid, note) values ($1, $2, $3, $4, $5)', [
    entry.memberId,
    entry.moderatorId,
    entry.action,
    entry.undid ?? null,
    entry.note || null,
  ]);
}

/** An account a moderator may decide on: confirmed, not their own, not a moderator's. */
async function decidable(
  ctx: AppContext,
  moderator: Caller,
  userId: string,
  onModerator = 'You cannot approve or reject another moderator',
): Promise<UserRow> {
  const user = await findById(ctx.db, userId);
  // An unconfirmed account is not offered to moderators, and cannot be decided on by its id either.
  if (!user || !user.email_confirmed) throw notFound(NOT_FOUND);
  if (user.id === moderator.userId) throw forbidden('You cannot change the status of your own account');
  // Moderators are made only by `npm run moderator` (server/cli/moderator.ts): none can vet or lock out another.
  if (user.role === 'moderator') throw forbidden(onModerator);
  return user;
}

/** Approves or rejects a registration; its mail waits out the undo window (see the top of this file). */
export async function decide(
  ctx: AppContext,
  moderator: Caller,
  userId: string,
  decision: 'approved' | 'rejected',
  notes?: string,
): Promise<PendingUser> {
  const user = await decidable(ctx, moderator, userId);
  if (user.status === decision) throw conflict(`This account is already ${decision}`);
  if (user.status === 'suspended')
    throw conflict('This account is suspended: reinstate it from the approved members instead');
  const links = mailLinks(ctx.config.mail);
  const delaySeconds = ctx.config.accountUndoSeconds;
  const row = await ctx.db.transaction(async (tx) => {
    // The account's row first, then its sessions (services/session-lock.ts): the update takes the lock.
    const res = await tx.query<UserRow>(
      `update users set status = $2, moderator_notes = coalesce($3, moderator_notes), decided_at = now(), decided_by = $4
        where id = $1 returning *`,
      [userId, decision, notes?.length ? notes : null, moderator.userId],
    );
    if (decision === 'rejected') {
      await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    }
    const updated = res.rows[0];
    // A decision taken again replaces the unsent mail of the one before.
    await tx.query(`delete from mail_queue where user_id = $1 and kind in ('approved', 'rejected') and attempts = 0`, [
      userId,
    ]);
    await enqueueMail(tx, {
      userId,
      kind: decision,
      to: updated.email,
      // The moderator's note stays with the moderators: it may quote what they weighed.
      content: decision === 'approved' ? approvedMail({ signIn: links.signIn }) : rejectedMail({ site: links.site }),
      delaySeconds,
    });
    await logAccount(tx, {
      memberId: userId,
      moderatorId: moderator.userId,
      action: decision === 'approved' ? 'approve' : 'reject',
      note: notes,
    });
    return updated;
  });
  // Either way the account's standing changed: its cached sessions must be checked again.
  ctx.sessions.invalidateUser(userId);
  if (delaySeconds > 0) setTimeout(() => ctx.mailWake.wake(), delaySeconds * 1000 + 250).unref();
  else ctx.mailWake.wake();
  return toPendingUser(row);
}

/**
 * Takes back an approval or rejection made less than ACCOUNT_UNDO_SECONDS ago whose mail has not
 * been claimed for sending: the account is pending again and the mail is dropped. 409 otherwise.
 */
export async function undoDecision(ctx: AppContext, moderator: Caller, userId: string) {
  const user = await decidable(ctx, moderator, userId);
  const undone = await ctx.db.transaction(async (tx) => {
    const locked = await tx.query<{ status: string; recent: boolean }>(
      `select status, decided_at > now() - make_interval(secs => $2::float8) as recent
         from users where id = $1 for no key update`,
      [userId, ctx.config.accountUndoSeconds],
    );
    const row = locked.rows[0];
    if (!row || (row.status !== 'approved' && row.status !== 'rejected') || !row.recent) {
      throw conflict(
        row?.status === 'approved'
          ? 'This approval can no longer be undone: suspend the member from the approved members instead.'
          : 'There is no recent approval or rejection of this account to undo.',
      );
    }
    const dropped = await tx.query(
      `delete from mail_queue where user_id = $1 and kind = $2 and attempts = 0
          and (locked_until is null or locked_until <= now()) returning id`,
      [userId, row.status],
    );
    if (!dropped.rows.length)
      throw conflict('This decision can no longer be undone: its mail has been sent to the member.');
    await tx.query(`update users set status = 'pending', decided_at = null, decided_by = null where id = $1`, [userId]);
    const was = row.status === 'approved' ? ('approve' as const) : ('reject' as const);
    await logAccount(tx, { memberId: userId, moderatorId: moderator.userId, action: 'undo', undid: was });
    return was;
  });
  ctx.sessions.invalidateUser(user.id);
  return { id: userId, status: 'pending' as const, undone };
}

interface MemberRow {
  id: string;
  email: string;
  status: 'approved' | 'suspended' | 'rejected';
  created_at: Date;
  decided_at: Date | null;
  decided_by_email: string | null;
}

const toMember = (r: MemberRow): Member => ({
  _id: r.id,
  email: r.email,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
  decidedBy: r.decided_by_email,
});

const MEMBER_SELECT = `select u.id, u.email, u.status, u.created_at, u.decided_at, d.email as decided_by_email
  from users u left join users d on d.id = u.decided_by`;

/** Suspends an approved member (their sessions end at once) or reinstates a suspended one. */
export async function setSuspended(
  ctx: AppContext,
  moderator: Caller,
  userId: string,
  suspend: boolean,
  note?: string,
): Promise<Member> {
  await decidable(ctx, moderator, userId, 'You cannot suspend or reinstate another moderator');
  const [from, to] = suspend ? ['approved', 'suspended'] : ['suspended', 'approved'];
  await ctx.db.transaction(async (tx) => {
    // The account's row first, then its sessions (services/session-lock.ts).
    const res = await tx.query(
      `update users set status = $3, decided_at = now(), decided_by = $4 where id = $1 and status = $2 returning id`,
      [userId, from, to, moderator.userId],
    );
    if (!res.affectedRows)
      throw conflict(
        suspend ? 'Only an approved member can be suspended' : 'Only a suspended member can be reinstated',
      );
    // Votes and flags stay: a suspension stops the account, it does not judge what it did.
    if (suspend)
      await tx.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
    await logAccount(tx, {
      memberId: userId,
      moderatorId: moderator.userId,
      action: suspend ? 'suspend' : 'reinstate',
      note,
    });
  });
  // Committed: no cached session check, here or (NOTIFY) in another process, lets a request through.
  ctx.sessions.invalidateUser(userId);
  const row = await ctx.db.query<MemberRow>(`${MEMBER_SELECT} where u.id = $1`, [userId]);
  return toMember(row.rows[0]);
}

/**
 * Approved and suspended members and rejected registrations (moderators are not listed), last
 * decided first, filtered by part of the email: a rejection can be reversed later by approving.
 */
export async function listMembers(ctx: AppContext, q: { page: number; limit: number; q?: string }) {
  const text = q.q?.trim().toLowerCase() ?? '';
  // LIKE's own characters are taken literally.
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const res = await ctx.db.query<MemberRow & { total: number }>(
    `${MEMBER_SELECT.replace('select ', 'select count(*) over () as total, ')}
      where u.role = 'user' and u.status in ('approved', 'suspended', 'rejected') and ($3 = '' or lower(u.email) like $4)
      order by u.decided_at desc nulls last, u.created_at desc, u.id limit $1 offset $2`,
    [q.limit, (q.page - 1) * q.limit, text, pattern],
  );
  const total = res.rows.length
    ? Number(res.rows[0].total)
    : (
        await ctx.db.query<{ n: number }>(
          `select count(*)::int as n from users u
            where u.role = 'user' and u.status in ('approved', 'suspended', 'rejected') and ($1 = '' or lower(u.email) like $2)`,
          [text, pattern],
        )
      ).rows[0].n;
  return { users: res.rows.map(toMember), total, page: q.page, pageSize: q.limit };
}

/** The account log, newest first, paged by number. */
export async function accountLog(ctx: AppContext, q: { page: number; limit: number }) {
  const res = await ctx.db.query<{
    id: string;
    action: AccountAction;
    undid: 'approve' | 'reject' | null;
    member_id: string | null;
    member_email: string | null;
    moderator_id: string | null;
    moderator_email: string | null;
    note: string | null;
    created_at: Date;
    total: number;
  }>(
    `select l.id, l.action, l.undid, l.member_id, m.email as member_email, l.moderator_id, d.email as moderator_email,
            l.note, l.created_at, count(*) over () as total
       from account_log l left join users m on m.id = l.member_id left join users d on d.id = l.moderator_id
      order by l.position desc limit $1 offset $2`,
    [q.limit, (q.page - 1) * q.limit],
  );
  const total = res.rows.length
    ? Number(res.rows[0].total)
    : (await ctx.db.query<{ n: number }>('select count(*)::int as n from account_log')).rows[0].n;
  const entries: AccountLogEntry[] = res.rows.map((r) => ({
    _id: r.id,
    action: r.action,
    undid: r.undid,
    memberId: r.member_id,
    memberEmail: r.member_email,
    moderatorId: r.moderator_id,
    moderatorEmail: r.moderator_email,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  }));
  return { entries, total, page: q.page, pageSize: q.limit };
}
