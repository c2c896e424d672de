// A member's own account (docs/product-rules.md, "Your account"): change the password, sign out
// everywhere, reset a forgotten password by mail, download everything the account holds, delete
// it. Approval and rejection mail are queued by services/users.ts `decide`.
import { randomBytes } from 'node:crypto';
import {
  LAST_MODERATOR_MESSAGE,
  RESET_LINK_MINUTES,
  WRONG_PASSWORD_MESSAGE,
  type AccountExport,
  type ChangePasswordRequest,
  type ResetPasswordRequest,
} from '../../contract/account';
import {
  PASSWORD_EMAIL_MESSAGE,
  passwordContainsEmail,
  type Demographics,
  type Preferences,
} from '../../contract/users';
import type { AppContext, Caller } from '../context';
import type { Transaction } from '../db/client';
import { lockQueue } from '../db/queue-lock';
import { conflict, refusedInput, unauthorized } from '../lib/errors';
import { assertPasswordNotCommon, hashPassword, verifyPassword } from '../lib/passwords';
import type { SignInAttempt } from '../lib/sign-in-limits';
import { sha256 } from '../lib/tokens';
import { mailLinks } from '../mail/links';
import { passwordResetMail } from '../mail/templates';
import { mailParams, queueMailSql } from './mail-queue';
import { lockAccount } from './session-lock';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** The rules a new password meets beyond the contract's (which cannot see the email or the common-password list). */
function assertNewPassword(password: string, email: string, field: string): void {
  if (passwordContainsEmail(password, email)) throw refusedInput(field, `${field}: ${PASSWORD_EMAIL_MESSAGE}`);
  assertPasswordNotCommon(password, field);
}

/**
 * Checks the caller's password, counted like a sign-in (lib/sign-in-limits.ts): someone holding
 * a stolen access token cannot guess the password here faster than at the sign-in form.
 */
async function checkPassword(
  ctx: AppContext,
  caller: Caller,
  password: string,
  attempt: SignInAttempt,
  field: 'currentPassword' | 'password',
  message: string,
) {
  const res = await ctx.db.query<{ email: string; password_hash: string; role: 'user' | 'moderator' }>(
    'select email, password_hash, role from users where id = $1',
    [caller.userId],
  );
  const user = res.rows[0];
  if (!user) throw unauthorized(SESSION_ENDED);
  await attempt.admit();
  if (!(await verifyPassword(password, user.password_hash))) {
    await attempt.failed();
    // 400, not 401 or 403: those would make the web app refresh its token and try again; its
    // issues[].path names the field, so the form says it there.
    throw refusedInput(field, message);
  }
  await attempt.succeeded();
  return user;
}

/**
 * Ends the account's sessions (all, or all but `keepFamily`); answers how many sign-ins were live.
 * In a transaction that took the account's lock first (services/session-lock.ts): a refresh
 * racing it either committed before, and its successor is ended here, or waits and then finds
 * its session ended.
 */
async function endSessions(tx: Transaction, userId: string, keepFamily: string | null): Promise<number> {
  const res = await tx.query<{ n: number }>(
    `with ended as (
       update sessions set revoked_at = now()
        where user_id = $1 and revoked_at is null and ($2::uuid is null or family_id <> $2::uuid)
        returning family_id, replaced_at, expires_at)
     select count(distinct family_id)::int as n from ended where replaced_at is null and expires_at > now()`,
    [userId, keepFamily],
  );
  return res.rows[0].n;
}

export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  input: ChangePasswordRequest,
  attempt: SignInAttempt,
) {
  const user = await checkPassword(
    ctx,
    caller,
    input.currentPassword,
    attempt,
    'currentPassword',
    WRONG_PASSWORD_MESSAGE,
  );
  assertNewPassword(input.newPassword, user.email, 'newPassword');
  const hash = await hashPassword(input.newPassword, ctx.config.scryptN);
  const otherSessionsEnded = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, caller.userId);
    await tx.query('update users set password_hash = $2 where id = $1', [caller.userId, hash]);
    // A reset link asked for before the change must not undo it.
    await tx.query('delete from password_resets where user_id = $1', [caller.userId]);
    return endSessions(tx, caller.userId, caller.sessionFamily);
  });
  ctx.sessions.invalidateUser(caller.userId);
  return { otherSessionsEnded };
}

export async function signOutEverywhere(ctx: AppContext, caller: Caller) {
  const sessionsEnded = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, caller.userId);
    return endSessions(tx, caller.userId, null);
  });
  ctx.sessions.invalidateUser(caller.userId);
  return { sessionsEnded };
}

/**
 * One statement whether or not the email has an account: the account's link and mail are
 * inserted from the lookup's row, so for an unknown email they are nothing. Expired links of
 * anyone go too: nothing needs them. $1 email, $2 now, $3 the token's hash, $4 its end, $5-$7 the mail.
 */
const RESET_REQUEST_SQL = `with account as (select id, email from users where lower(email) = lower($1)),
  expired as (delete from password_resets where expires_at <= $2),
  link as (insert into password_resets (user_id, token_hash, expires_at) select id, $3, $4 from account returning user_id),
  mail as (${queueMailSql('account', 'password-reset', 5)})
  select count(*)::int as n from mail`;

/**
 * The work behind one forgot-password request: the same for an email with and without an account
 * (the token, the mail's text, one statement). An account gets a link valid RESET_LINK_MINUTES,
 * used once; the database keeps only the token's hash.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const content = passwordResetMail({ reset: mailLinks(ctx.config.mail).reset(token) }, RESET_LINK_MINUTES);
  await ctx.db.query(RESET_REQUEST_SQL, [
    email.trim(),
    now,
    sha256(token),
    new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    ...mailParams(content),
  ]);
}

/** How often the forgot-password requests waiting in memory get their links and mail (plugins/mail-delivery.ts). */
export const RESET_TURN_MS = 5_000;
/** More requests than this waiting at once (a flood from many addresses) are dropped; each answer stays the same. */
const RESET_WAITING_MAX = 10_000;
const resetsWaiting = new WeakMap<AppContext, string[]>();

/**
 * Takes a forgot-password request (routes/account.ts): its answer goes at once, and all it leaves
 * behind is this, the same for every email. The lookup, the link and the mail are made at the
 * next turn of every request waiting (`runPasswordResets`, every RESET_TURN_MS), a time no
 * request chose: done right after the answer, an existing account's work and mail slowed the
 * request that followed (later in 167-193 of 300 pairs, medians 0.2-0.8 ms; docs/product-rules.md,
 * "Your account"). The emails wait in this process's memory only, never stored.
 */
export function askPasswordReset(ctx: AppContext, email: string): void {
  let waiting = resetsWaiting.get(ctx);
  if (!waiting) resetsWaiting.set(ctx, (waiting = []));
  if (waiting.length < RESET_WAITING_MAX) waiting.push(email);
}

/** The turn of the forgot-password requests waiting; answers how many it handled. A failed one waits for the next turn. */
export async function runPasswordResets(ctx: AppContext): Promise<number> {
  const waiting = resetsWaiting.get(ctx);
  const batch = waiting?.splice(0) ?? [];
  let failure: unknown = null;
  for (const [i, email] of batch.entries()) {
    try {
      await requestPasswordReset(ctx, email);
    } catch (err) {
      // The database is away: this one and the rest wait for the next turn.
      waiting!.unshift(...batch.slice(i));
      failure = err;
      break;
    }
  }
  if (batch.length) ctx.mailWake.wake();
  if (failure) throw failure;
  return batch.length;
}

/**
 * Sets a new password with a reset link: once (the row is deleted in the same statement that
 * checks it, so two tabs racing with one link cannot both succeed), within its hour, and every
 * session of the account ends.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordRequest,
): Promise<{ ok: true } | { ok: false }> {
  const tokenHash = sha256(input.token.trim());
  const now = ctx.clock.now();
  const found = await ctx.db.query<{ user_id: string; email: string }>(
    'select r.user_id, u.email from password_resets r join users u on u.id = r.user_id where r.token_hash = $1 and r.expires_at > $2',
    [tokenHash, now],
  );
  const account = found.rows[0];
  if (!account) return { ok: false };
  // The link stays usable when the new password is refused, so the person can choose another.
  assertNewPassword(input.password, account.email, 'password');
  const hash = await hashPassword(input.password, ctx.config.scryptN);
  const userId = await ctx.db.transaction(async (tx) => {
    // The account's row before its reset links and sessions (services/session-lock.ts).
    await lockAccount(tx, account.user_id);
    const used = await tx.query<{ user_id: string }>(
      'delete from password_resets where token_hash = $1 and expires_at > $2 returning user_id',
      [tokenHash, now],
    );
    if (!used.rows[0]) return null;
    const id = used.rows[0].user_id;
    await tx.query('delete from password_resets where user_id = $1', [id]);
    // The link came to the address: an account whose address was unconfirmed is confirmed by it.
    await tx.query('update users set password_hash = $2, email_confirmed = true where id = $1', [id, hash]);
    await endSessions(tx, id, null);
    return id;
  });
  if (!userId) return { ok: false };
  ctx.sessions.invalidateUser(userId);
  return { ok: true };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything the database holds for the account; nothing about reports, which nothing links to it. */
export async function exportAccount(ctx: AppContext, caller: Caller): Promise<AccountExport> {
  const id = caller.userId;
  const users = await ctx.db.query<{
    id: string;
    email: string;
    role: 'user' | 'moderator';
    status: 'pending' | 'approved' | 'rejected';
    created_at: Date;
    decided_at: Date | null;
    demographics: Demographics;
    preferences: Preferences;
  }>('select id, email, role, status, created_at, decided_at, demographics, preferences from users where id = $1', [
    id,
  ]);
  const user = users.rows[0];
  if (!user) throw unauthorized(SESSION_ENDED);
  const [votes, flags, peptides, sessions, months, resets, mail] = await Promise.all([
    ctx.db.query<{
      experience_id: string;
      vote_type: AccountExport['votes'][number]['voteType'];
      created_at: Date;
      updated_at: Date | null;
    }>(
      'select experience_id, vote_type, created_at, updated_at from votes where user_id = $1 order by created_at, id',
      [id],
    ),
    ctx.db.query<{
      experience_id: string;
      reason: AccountExport['flags'][number]['reason'];
      note: string | null;
      created_at: Date;
      resolved_at: Date | null;
    }>(
      'select experience_id, reason, note, created_at, resolved_at from flags where user_id = $1 order by created_at, id',
      [id],
    ),
    ctx.db.query<{ id: string; name: string; created_at: Date; deleted: boolean }>(
      'select id, name, created_at, deleted_at is not null as deleted from peptides where created_by = $1 order by created_at, id',
      [id],
    ),
    // One sign-in is a family of rotated refresh tokens; only its dates are told, never a token's hash.
    ctx.db.query<{ signed_in_at: Date; expires_at: Date; ended: boolean }>(
      `select min(created_at) as signed_in_at, max(expires_at) as expires_at,
              bool_and(revoked_at is not null or replaced_at is not null or expires_at <= now()) as ended
         from sessions where user_id = $1 group by family_id order by 1`,
      [id],
    ),
    ctx.db.query<{ month: string }>(
      `select to_char(month, 'YYYY-MM') as month from account_activity where user_id = $1 order by month`,
      [id],
    ),
    ctx.db.query<{ n: number }>(
      'select count(*)::int as n from password_resets where user_id = $1 and expires_at > $2',
      [id, ctx.clock.now()],
    ),
    ctx.db.query<{ kind: string; created_at: Date }>(
      'select kind, created_at from mail_queue where user_id = $1 order by created_at',
      [id],
    ),
  ]);
  return {
    generatedAt: ctx.clock.now().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      status: user.status,
      createdAt: user.created_at.toISOString(),
      decidedAt: iso(user.decided_at),
    },
    profile: { demographics: user.demographics ?? {}, preferences: user.preferences ?? {} },
    votes: votes.rows.map((v) => ({
      experienceId: v.experience_id,
      voteType: v.vote_type,
      createdAt: v.created_at.toISOString(),
      updatedAt: iso(v.updated_at),
    })),
    flags: flags.rows.map((f) => ({
      experienceId: f.experience_id,
      reason: f.reason,
      note: f.note,
      createdAt: f.created_at.toISOString(),
      resolvedAt: iso(f.resolved_at),
    })),
    peptidesCreated: peptides.rows.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.created_at.toISOString(),
      deleted: p.deleted,
    })),
    sessions: sessions.rows.map((s) => ({
      // Days only (docs/product-rules.md, "Your account"): the sign-in's time of day is not kept in the answer.
      signedInAt: s.signed_in_at.toISOString().slice(0, 10),
      expiresAt: s.expires_at.toISOString().slice(0, 10),
      ended: s.ended,
    })),
    activeMonths: months.rows.map((m) => m.month),
    passwordResetsPending: resets.rows[0].n,
    mailQueued: mail.rows.map((m) => ({ kind: m.kind, queuedAt: m.created_at.toISOString() })),
  };
}

/**
 * Deletes the account after its password: the row, and with it (foreign keys, migrations 001,
 * 009, 020) its sessions, votes (the vote triggers take them out of every count), activity,
 * reset links and queued mail; its open flags here; its decided flags stay without it, its
 * peptides and decisions stay without a creator or decider, and its moderation log entries read
 * "a former moderator". The last approved moderator cannot go: nobody could moderate after it.
 */
export async function deleteAccount(
  ctx: AppContext,
  caller: Caller,
  password: string,
  attempt: SignInAttempt,
): Promise<void> {
  await checkPassword(ctx, caller, password, attempt, 'password', 'password is not correct');
  await ctx.db.transaction(async (tx) => {
    // A moderator's scheduled decisions name the account (set to null below); the queue's rewrite
    // checks that name, so its lock comes first (db/queue-lock.ts). Then the account's row, before
    // any of its sessions (services/session-lock.ts); FOR UPDATE, as the row is deleted.
    await lockQueue(tx);
    const me = await tx.query<{ role: string }>('select role from users where id = $1 for update', [caller.userId]);
    if (!me.rows[0]) throw unauthorized(SESSION_ENDED);
    if (me.rows[0].role === 'moderator') {
      // Every moderator row locked: two moderators deleting themselves at once are decided one after the other.
      const moderators = await tx.query<{ id: string }>(
        `select id from users where role = 'moderator' and status = 'approved' order by id for update`,
      );
      if (!moderators.rows.some((m) => m.id !== caller.userId)) throw conflict(LAST_MODERATOR_MESSAGE);
    }
    await tx.query('delete from flags where user_id = $1 and resolved_at is null', [caller.userId]);
    await tx.query('delete from users where id = $1', [caller.userId]);
  });
  // Its queued mail went with the row; what the outbox holds of it goes now (services/mail-queue.ts
  // removes a message being written at this moment once it is written).
  await ctx.mailer.forget(caller.userId);
  ctx.sessions.invalidateUser(caller.userId);
  ctx.activeMonth.users.delete(caller.userId);
  // Vote counts, flag counts and Active Users changed.
  ctx.cache.invalidate();
}
