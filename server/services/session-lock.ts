// One lock order for everything that starts, rotates or ends an account's sessions
// (docs/product-rules.md, "Your account"): the account's `users` row first, then its `sessions`
// rows. Sign-in, refresh, sign-out, sign out everywhere, password change and reset take it here
// (services/users.ts, services/accounts.ts); a rejection by its UPDATE of the row and a deletion
// by its SELECT ... FOR UPDATE, each the first statement of its transaction.
//
// Why (on PostgreSQL): each statement of a READ COMMITTED transaction reads the rows
// committed when it starts. A refresh locked its session row, then inserted the successor; a
// sign out everywhere whose UPDATE began in between waited for that row, revoked it, and never
// saw the successor, which went on working. Deleting the account locked the users row and waited
// for the session row, while the refresh held the session row and its insert's foreign-key check
// waited for the users row: a deadlock, answered 500.
//
// With the users row taken first, whichever of a refresh and an ending comes second waits for
// the first to commit, and its next statements read what the first committed: the ending then
// revokes the successor too, or the refresh finds its row revoked (or gone) and answers 401.
// Nobody holds a session row while waiting for a users row, so the two cannot deadlock.
// FOR NO KEY UPDATE: these paths exclude each other, while a vote's or flag's foreign-key check
// (FOR KEY SHARE) does not wait for them. PGlite runs one transaction at a time: there it never
// waits, and nothing changes.
//
// Chosen over a per-account "sessions valid after" time read by refreshes and requests: a
// refresh that read the account just before the ending committed would still sign a successor,
// and telling which came first from two transactions' clocks needs this same waiting; the lock
// also needs no new column and no extra read on every request.
import type { Transaction } from '../db/client';

export interface LockedAccount {
  id: string;
  email: string;
  password_hash: string;
  role: 'user' | 'moderator';
  status: string;
}

/** Locks the account's row for the rest of the transaction; undefined when it is gone. */
export async function lockAccount(tx: Transaction, userId: string): Promise<LockedAccount | undefined> {
  const res = await tx.query<LockedAccount>(
    'select id, email, password_hash, role, status from users where id = $1 for no key update',
    [userId],
  );
  return res.rows[0];
}

/** The same, for the account a refresh token belongs to (sign-out and refresh know only the token). */
export async function lockAccountOfToken(tx: Transaction, tokenHash: string): Promise<LockedAccount | undefined> {
  const res = await tx.query<LockedAccount>(
    `select id, email, password_hash, role, status from users
      where id = (select user_id from sessions where token_hash = $1) for no key update`,
    [tokenHash],
  );
  return res.rows[0];
}
