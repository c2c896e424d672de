// Accounts, sign-in sessions, profiles and moderation (docs/product-rules.md, "Accounts and sign-in").
import { randomUUID } from 'node:crypto';
import type {
  Credentials,
  Demographics,
  LoginData,
  PendingUser,
  Preferences,
  UpdateProfileRequest,
  User,
} from '../../contract/users';
import { ageRangeOfAge } from '../../contract/deprecations';
import { SUSPENDED_MESSAGE } from '../../contract/members';
import { SIGN_IN_FAILED_MESSAGE } from '../../contract/users';
import type { AppContext, Caller } from '../context';
import type { Queryable } from '../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../lib/errors';
import { decoyHash, hashPassword, verifyPassword } from '../lib/passwords';
import { newRefreshToken, sha256 } from '../lib/tokens';
import { lockAccount, lockAccountOfToken, type LockedAccount } from './session-lock';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: 'user' | 'moderator';
  status: 'pending' | 'approved' | 'rejected' | 'suspended';
  /** False from registration until the mailed link is opened (services/registration.ts). */
  email_confirmed: boolean;
  moderator_notes: string | null;
  demographics: Demographics;
  preferences: Preferences;
  created_at: Date;
}

export const PENDING_MESSAGE =
  'Your account is awaiting approval by a moderator. We will email you when a moderator has decided; you can sign in once it is approved.';
export const REJECTED_MESSAGE =
  'Your account registration was not approved by a moderator, so it cannot sign in. Reading and sharing reports need no account.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Why an account that is not approved cannot sign in or use a session (403). */
export function refusalOf(status: string): string {
  if (status === 'pending') return PENDING_MESSAGE;
  if (status === 'suspended') return SUSPENDED_MESSAGE;
  return REJECTED_MESSAGE;
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    demographics: row.demographics ?? {},
    preferences: row.preferences ?? {},
  };
}

export function toPendingUser(row: UserRow): PendingUser {
  return {
    _id: row.id,
    username: row.email.split('@')[0],
    email: row.email,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    moderatorNotes: row.moderator_notes,
  };
}

async function findByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const res = await q.query<UserRow>('select * from users where lower(email) = lower($1)', [email.trim()]);
  return res.rows[0];
}

export async function findById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const res = await q.query<UserRow>('select * from users where id = $1', [id]);
  return res.rows[0];
}

/**
 * Marks an account active in the database's current UTC month (recordActivity, and the
 * warm-up); answers that month ("2026-11") and whether the row is new.
 */
export const ACTIVITY_SQL = `with m as (select date_trunc('month', now() at time zone 'UTC')::date as month),
  added as (insert into account_activity (user_id, month) select $1, month from m on conflict do nothing returning 1)
  select to_char(m.month, 'YYYY-MM') as month, exists (select 1 from added) as added from m`;

/** Bounds ctx.activeMonth, so that a month of very many members cannot grow it without end. */
const ACTIVE_REMEMBERED_MAX = 50_000;

/**
 * Marks an account active this month (sign-in, vote, creation): the Active Users figure. A
 * member's later votes in the month skip the statement (a turn on PGlite's one connection
 * each): rows of account_activity leave only with their account (on delete cascade), so one
 * known to exist stays. Known rows are kept under the month the database wrote and used only
 * while this process's clock shows that month too.
 */
export async function recordActivity(ctx: AppContext, userId: string): Promise<void> {
  const known = ctx.activeMonth;
  if (known.month === ctx.clock.now().toISOString().slice(0, 7) && known.users.has(userId)) return;
  let res;
  try {
    res = await ctx.db.query<{ month: string; added: boolean }>(ACTIVITY_SQL, [userId]);
  } catch (err) {
    // The account was deleted since the caller checked it (a sign-in racing its owner's
    // deletion): nothing is left to mark, and the sign-in's session went with it.
    if ((err as { code?: string }).code === '23503') return;
    throw err;
  }
  const { month, added } = res.rows[0];
  if (known.month !== month || known.users.size >= ACTIVE_REMEMBERED_MAX) {
    known.month = month;
    known.users = new Set();
  }
  known.users.add(userId);
  // First activity of the month changes Active Users: cached analytics must not hide it.
  if (added) ctx.cache.invalidate();
}

/**
 * Stores a new refresh token (random at sign-in, derived on rotation) and signs an access token,
 * in a transaction that holds the account's row lock (services/session-lock.ts).
 */
async function issueTokens(
  ctx: AppContext,
  user: LockedAccount,
  familyId: string,
  q: Queryable,
  refreshToken = newRefreshToken(),
) {
  await q.query(
    `insert into sessions (family_id, user_id, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4))`,
    [familyId, user.id, sha256(refreshToken), ctx.config.refreshTokenDays],
  );
  const accessToken = await ctx.tokens.signAccess({ sub: user.id, sid: familyId, role: user.role });
  return { accessToken, refreshToken, expiresIn: ctx.config.accessTokenSeconds };
}

export async function login(ctx: AppContext, input: Credentials): Promise<LoginData> {
  const user = await findByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : (await verifyPassword(input.password, await decoyHash(ctx.config.scryptN)), false);
  // An account whose address is unconfirmed answers as a wrong password does, after the same
  // work: until then nobody learns that the address has an account (services/registration.ts).
  if (!user || !valid || !user.email_confirmed) throw unauthorized(SIGN_IN_FAILED_MESSAGE);
  if (user.status !== 'approved') throw forbidden(refusalOf(user.status));
  const tokens = await startSession(ctx, user);
  await recordActivity(ctx, user.id);
  return { ...tokens, user: toUser(user) };
}

/**
 * A new sign-in for the account whose password was just checked. Under the account's lock
 * (services/session-lock.ts) it is refused if a password change, reset, rejection or deletion
 * committed since that check: such an ending cannot miss a sign-in made with the old password.
 */
async function startSession(ctx: AppContext, checked: UserRow) {
  return ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, checked.id);
    if (!user || user.password_hash !== checked.password_hash) throw unauthorized(SIGN_IN_FAILED_MESSAGE);
    if (user.status !== 'approved') throw forbidden(refusalOf(user.status));
    return issueTokens(ctx, user, randomUUID(), tx);
  });
}

interface SessionRow {
  id: string;
  family_id: string;
  user_id: string;
  expires_at: Date;
  replaced_at: Date | null;
  revoked_at: Date | null;
}

/**
 * Rotates a refresh token. The successor is derived from the token (lib/tokens.ts successorOf),
 * so a token replaced less than REFRESH_GRACE_SECONDS ago (two tabs refreshing at once) answers
 * again with that same successor and a fresh access token, as long as the successor itself is
 * still unused. Any other reuse of a replaced token revokes the whole sign-in.
 */
export async function refresh(ctx: AppContext, refreshToken: string) {
  const outcome = await ctx.db.transaction(async (tx) => {
    // The account first (services/session-lock.ts): an ending of its sessions that committed
    // while this waited is seen by the statements below, and one that comes later waits for this
    // refresh and revokes its successor too.
    const user = await lockAccountOfToken(tx, sha256(refreshToken));
    // The row lock makes a simultaneous second refresh wait, then see this one's replaced_at.
    const found = await tx.query<SessionRow & { in_grace: boolean }>(
      `select *, replaced_at > now() - make_interval(secs => $2::float8) as in_grace
         from sessions where token_hash = $1 for update`,
      [sha256(refreshToken), ctx.config.refreshGraceSeconds],
    );
    const session = found.rows[0];
    if (!session) throw unauthorized('Invalid refresh token');
    if (session.revoked_at) throw unauthorized(SESSION_ENDED);
    const revokeFamily = async () => {
      // Returned, not thrown: a throw here would roll the revocation back.
      await tx.query('update sessions set revoked_at = now() where family_id = $1 and revoked_at is null', [
        session.family_id,
      ]);
      return { reusedBy: session.user_id, tokens: null };
    };
    const successor = ctx.tokens.successorOf(refreshToken);
    if (session.replaced_at) {
      if (!session.in_grace || ctx.config.refreshGraceSeconds === 0) return revokeFamily();
      const next = await tx.query<SessionRow>(
        'select * from sessions where token_hash = $1 and family_id = $2 for update',
        [sha256(successor), session.family_id],
      );
      const live = next.rows[0];
      // Replaced again (or never derived, as before this rule): this is reuse, not a second tab.
      if (!live || live.replaced_at || live.revoked_at) return revokeFamily();
      if (live.expires_at.getTime() <= ctx.clock.ms()) throw unauthorized(SESSION_ENDED);
      if (!user || user.status !== 'approved') throw unauthorized(SESSION_ENDED);
      const accessToken = await ctx.tokens.signAccess({ sub: user.id, sid: session.family_id, role: user.role });
      return {
        reusedBy: null,
        tokens: { accessToken, refreshToken: successor, expiresIn: ctx.config.accessTokenSeconds },
      };
    }
    if (session.expires_at.getTime() <= ctx.clock.ms()) throw unauthorized(SESSION_ENDED);
    if (!user || user.status !== 'approved') throw unauthorized(SESSION_ENDED);
    await tx.query('update sessions set replaced_at = now() where id = $1', [session.id]);
    return { reusedBy: null, tokens: await issueTokens(ctx, user, session.family_id, tx, successor) };
  });
  if (outcome.reusedBy !== null) {
    // Committed: no cached check may still let that sign-in's access tokens through.
    ctx.sessions.invalidateUser(outcome.reusedBy);
    throw unauthorized(
      'This refresh token was already used. For your safety the session has been ended; please sign in again.',
    );
  }
  return outcome.tokens;
}

/** Ends a sign-in: the refresh token's family and/or the caller's current session. */
export async function logout(ctx: AppContext, refreshToken: string | undefined, caller: Caller | null): Promise<void> {
  // Each under its account's lock (services/session-lock.ts), so that a refresh of that sign-in
  // at this moment either comes first and is revoked with it, or finds it revoked.
  if (refreshToken) {
    const tokenHash = sha256(refreshToken);
    const userId = await ctx.db.transaction(async (tx) => {
      const user = await lockAccountOfToken(tx, tokenHash);
      if (!user) return null;
      await tx.query(
        `update sessions set revoked_at = now()
          where family_id = (select family_id from sessions where token_hash = $1) and revoked_at is null`,
        [tokenHash],
      );
      return user.id;
    });
    if (userId) ctx.sessions.invalidateUser(userId);
  }
  if (caller) {
    await ctx.db.transaction(async (tx) => {
      await lockAccount(tx, caller.userId);
      await tx.query(
        'update sessions set revoked_at = now() where family_id = $1 and user_id = $2 and revoked_at is null',
        [caller.sessionFamily, caller.userId],
      );
    });
    ctx.sessions.invalidateUser(caller.userId);
  }
}

/**
 * Resolves a verified access token to a caller, refusing revoked sessions and unapproved accounts.
 * A live session is remembered for a few seconds (lib/session-cache.ts); every change below that
 * ends a session or changes an account's standing drops it, here and (NOTIFY) in other processes.
 */
export async function resolveCaller(ctx: AppContext, userId: string, family: string): Promise<Caller> {
  const cached = ctx.sessions.get(userId, family);
  if (cached) return cached;
  const generation = ctx.sessions.currentGeneration;
  const res = await ctx.db.query<{ email: string; role: 'user' | 'moderator'; status: string }>(
    `select u.email, u.role, u.status from users u
      where u.id = $1 and exists (select 1 from sessions s where s.family_id = $2 and s.user_id = u.id and s.revoked_at is null)`,
    [userId, family],
  );
  const row = res.rows[0];
  if (!row) throw unauthorized(SESSION_ENDED);
  if (row.status !== 'approved') throw forbidden(refusalOf(row.status));
  const caller: Caller = { userId, email: row.email, role: row.role, sessionFamily: family };
  // Not kept if a revocation was signalled while the query ran: it may have read the old state.
  ctx.sessions.set(caller, generation);
  return caller;
}

export async function getMe(ctx: AppContext, caller: Caller): Promise<User> {
  const user = await findById(ctx.db, caller.userId);
  if (!user) throw unauthorized(SESSION_ENDED);
  return toUser(user);
}

export async function updateMe(ctx: AppContext, caller: Caller, input: UpdateProfileRequest): Promise<User> {
  // A deprecated age (contract/deprecations.ts) is kept as its age range, never as an age.
  if (input.demographics && 'age' in input.demographics) {
    const { age, ...rest } = input.demographics;
    const ageRange = rest.ageRange ?? (age === undefined ? null : ageRangeOfAge(age));
    input = { ...input, demographics: ageRange ? { ...rest, ageRange } : rest };
  }
  const res = await ctx.db.query<UserRow>(
    `update users set demographics = coalesce($2::jsonb, demographics), preferences = coalesce($3::jsonb, preferences)
      where id = $1 returning *`,
    [
      caller.userId,
      input.demographics ? JSON.stringify(input.demographics) : null,
      input.preferences ? JSON.stringify(input.preferences) : null,
    ],
  );
  if (!res.rows[0]) throw unauthorized(SESSION_ENDED);
  return toUser(res.rows[0]);
}

/** Moderators see an account once its address is confirmed (services/registration.ts). */
export const PENDING_REVIEW = `status = 'pending' and email_confirmed`;

export async function listPending(ctx: AppContext, page: number, limit: number) {
  const res = await ctx.db.query<UserRow & { total: number }>(
    `select *, count(*) over () as total from users where ${PENDING_REVIEW}
      order by created_at, id limit $1 offset $2`,
    [limit, (page - 1) * limit],
  );
  const total = res.rows.length ? Number(res.rows[0].total) : await countPending(ctx);
  return { users: res.rows.map(toPendingUser), total, page, pageSize: limit };
}

async function countPending(ctx: AppContext): Promise<number> {
  const res = await ctx.db.query<{ n: number }>(`select count(*)::int as n from users where ${PENDING_REVIEW}`);
  return res.rows[0].n;
}

/**
 * MODERATOR_EMAIL / MODERATOR_PASSWORD: make sure that approved moderator exists with that
 * password. The operator vouches for the address: an unconfirmed account of it is confirmed,
 * with this password instead of whatever its registration chose.
 */
export async function ensureModerator(ctx: AppContext, email: string, password: string): Promise<void> {
  const existing = await findByEmail(ctx.db, email);
  if (!existing) {
    const hash = await hashPassword(password, ctx.config.scryptN);
    await ctx.db.query(
      `insert into users (email, password_hash, role, status) values ($1, $2, 'moderator', 'approved')`,
      [email.trim(), hash],
    );
    return;
  }
  const samePassword = await verifyPassword(password, existing.password_hash);
  const hash = samePassword ? existing.password_hash : await hashPassword(password, ctx.config.scryptN);
  await ctx.db.query(
    `update users set role = 'moderator', status = 'approved', password_hash = $2, email_confirmed = true where id = $1`,
    [existing.id, hash],
  );
  ctx.sessions.invalidateUser(existing.id);
}

/**
 * `npm run moderator -- <email>`: promote an existing account, once its address is confirmed:
 * an unconfirmed one may have been registered by anyone, with their password.
 */
export async function promoteToModerator(ctx: AppContext, email: string): Promise<User> {
  const res = await ctx.db.query<UserRow>(
    `update users set role = 'moderator', status = 'approved', decided_at = coalesce(decided_at, now())
      where lower(email) = lower($1) and email_confirmed returning *`,
    [email.trim()],
  );
  if (!res.rows[0]) {
    const unconfirmed = await findByEmail(ctx.db, email);
    if (unconfirmed)
      throw conflict(
        `The account with the email ${email} has not confirmed its address yet: open the link in its confirmation mail first.`,
      );
    throw notFound(`No account with the email ${email}`);
  }
  ctx.sessions.invalidateUser(res.rows[0].id);
  return toUser(res.rows[0]);
}
