// Sign-up that tells no one whether an address has an account and that no one can squat
// (docs/product-rules.md, "Accounts and sign-in"; migration 031_email_confirmation.sql).
// A registration makes an account whose address is unconfirmed; a mailed link confirms it, and
// only then do moderators see the account. Until then, sign-in answers it as a wrong password.
import { randomBytes } from 'node:crypto';
import {
  CONFIRM_LINK_HOURS,
  UNCONFIRMED_ACCOUNT_DAYS,
  type RegisterRequest,
  type RegisteredUser,
} from '../../contract/users';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { lockQueue } from '../db/queue-lock';
import { sha256 } from '../lib/tokens';
import { mailLinks } from '../mail/links';
import { confirmEmailMail, signupExistingMail } from '../mail/templates';
import { mailParams, queueMailSql } from './mail-queue';

/**
 * One statement for every registration, whatever the address: new, taken by an unconfirmed
 * account, or taken by a confirmed one. So the work (and the time) of a registration is the
 * same in each case, and only its rows differ:
 *  - new: an unconfirmed account, its link and the confirmation mail;
 *  - unconfirmed (the mail was lost, or someone else registered the address first): the newest
 *    registration replaces the account's password, start and link, and a new confirmation mail
 *    goes out. Only the address's owner reads that mail, so a link confirms the registration of
 *    whoever the owner chose to confirm;
 *  - confirmed: the account stays exactly as it was; its owner gets a note that someone tried.
 * Past the sign-up mail limit ($5 false) nothing is written at all.
 * Parameters: $1 email, $2 password hash, $3 now, $4 the link's token hash, $5 within the mail
 * limit, $6-$8 the confirmation mail, $9-$11 the note.
 */
const REGISTER_SQL = `with existing as (
    select id, email, email_confirmed from users where lower(email) = lower($1) for update
  ),
  created as (
    insert into users (email, password_hash, email_confirmed, created_at)
    select $1, $2, false, $3 where $5::boolean and not exists (select 1 from existing)
    on conflict do nothing
    returning id, email
  ),
  renewed as (
    update users u set email = $1, password_hash = $2, created_at = $3
      from existing e where u.id = e.id and not e.email_confirmed and $5::boolean
    returning u.id, u.email
  ),
  unconfirmed as (select id, email from created union all select id, email from renewed),
  link as (
    insert into email_confirmations (user_id, token_hash, expires_at)
    select id, $4, $3::timestamptz + make_interval(hours => ${CONFIRM_LINK_HOURS}) from unconfirmed
    on conflict (user_id) do update set token_hash = excluded.token_hash, expires_at = excluded.expires_at
    returning user_id
  ),
  confirm_mail as (${queueMailSql('unconfirmed', 'confirm-email', 6)}),
  taken as (select id, email from existing where email_confirmed and $5::boolean),
  taken_mail as (${queueMailSql('taken', 'signup-existing', 9)})
  select (select count(*) from link)::int as links, (select count(*) from confirm_mail)::int + (select count(*) from taken_mail)::int as mails`;

/**
 * Registers an address. The caller answers the same whatever happened (routes/users.ts): the
 * password is hashed, both mails are written and the one statement runs, every time.
 */
export async function register(ctx: AppContext, input: RegisterRequest): Promise<RegisteredUser> {
  const email = input.email.trim();
  const hash = await hashPassword(input.password, ctx.config.scryptN);
  const token = randomBytes(32).toString('base64url');
  const links = mailLinks(ctx.config.mail);
  const confirm = confirmEmailMail(
    { confirm: links.confirmEmail(token) },
    CONFIRM_LINK_HOURS,
    UNCONFIRMED_ACCOUNT_DAYS,
  );
  const note = signupExistingMail({ signIn: links.signIn });
  // At most RATE_LIMIT_RESET_MAIL sign-up mails an hour reach one address, whoever registers it,
  // counted apart from reset mails. Keyed by the address as typed, account or not.
  const limit = ctx.config.rateLimits.resetMail;
  const mails = await ctx.limiter.count('signup-mail', email.toLowerCase(), limit.windowSeconds);
  await ctx.db.query(REGISTER_SQL, [
    email,
    hash,
    ctx.clock.now(),
    sha256(token),
    mails.count <= limit.max,
    ...mailParams(confirm),
    ...mailParams(note),
  ]);
  ctx.mailWake.wake();
  return { email, status: 'pending' };
}

/**
 * Confirms the address of the link's account: once (the link is deleted by the statement that
 * checks it, so two tabs cannot both succeed) and within CONFIRM_LINK_HOURS. Answers whether it
 * did. A confirmed account then waits for a moderator like any other.
 */
export async function confirmEmail(ctx: AppContext, token: string): Promise<boolean> {
  const res = await ctx.db.query<{ id: string }>(
    `with used as (delete from email_confirmations where token_hash = $1 and expires_at > $2 returning user_id)
     update users u set email_confirmed = true from used where u.id = used.user_id returning u.id`,
    [sha256(token.trim()), ctx.clock.now()],
  );
  return res.rows.length > 0;
}

/** How many unconfirmed accounts one run deletes at most; the next run takes the rest. */
export const UNCONFIRMED_DELETE_BATCH = 1000;

/**
 * Deletes the accounts whose address is still unconfirmed UNCONFIRMED_ACCOUNT_DAYS after their
 * newest registration (their link, queued mail and everything else go with them: foreign keys),
 * and the links that ran out. Run every hour (plugins/unconfirmed-accounts.ts); several processes
 * may run it at once: each takes the rows no other has locked, so none waits for or doubles another.
 */
export async function deleteUnconfirmedAccounts(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 86_400_000);
  const gone = await ctx.db.transaction(async (tx) => {
    // Deleting an account sets its name to null in the queue's scheduled decisions (a statement on
    // the queue, even when none names it), so the queue's lock comes first (db/queue-lock.ts), as
    // in services/accounts.ts deleteAccount.
    await lockQueue(tx);
    const res = await tx.query<{ id: string }>(
      `with doomed as (
         select id from users where not email_confirmed and created_at <= $1 order by created_at limit ${UNCONFIRMED_DELETE_BATCH} for update skip locked
       ),
       gone as (delete from users u using doomed d where u.id = d.id returning u.id),
       expired as (delete from email_confirmations where expires_at <= $2)
       select id from gone`,
      [cutoff, now],
    );
    return res.rows.map((r) => r.id);
  });
  // Their mail in the outbox goes with them, as a deleted account's does (mail/transport.ts forget).
  for (const id of gone) await ctx.mailer.forget(id);
  return gone.length;
}
