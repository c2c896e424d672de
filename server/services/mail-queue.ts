// The mail queue (migration 020_accounts.sql, docs/product-rules.md "Mail"): a message is a row
// written in the transaction of what caused it, so a decision and its mail commit together and
// the request never waits for SMTP. plugins/mail-delivery.ts calls `deliverDue` soon after and
// every half minute: each row is claimed with a lease (`for update skip locked`), so with several
// processes each message is sent once; sent, it is deleted; failed, it waits longer each time
// and is given up after MAIL_RETRY.maxAttempts. Failures are logged without the address.
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { MailContent } from '../mail/templates';

export type MailKind = 'approved' | 'rejected' | 'password-reset' | 'digest' | 'confirm-email' | 'signup-existing';

export const MAIL_RETRY = {
  maxAttempts: 8,
  /** The wait after the first failure, doubling each time: 1 min, 2, 4 ... about 4 h in all. */
  firstDelaySeconds: 60,
  maxDelaySeconds: 6 * 3600,
  /** How long a claimed message belongs to the process that claimed it (longer than one SMTP conversation). */
  leaseSeconds: 120,
  batch: 10,
} as const;

export interface NewMail {
  userId: string | null;
  kind: MailKind;
  to: string;
  content: MailContent;
  headers?: Record<string, string>;
  /** Held back this many seconds (an account decision that may still be undone: services/account-decisions.ts). */
  delaySeconds?: number;
}

export async function enqueueMail(q: Queryable, mail: NewMail): Promise<void> {
  await q.query(
    `insert into mail_queue (user_id, kind, to_address, subject, text_body, html_body, headers, next_attempt_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, now() + make_interval(secs => $8::float8))`,
    [
      mail.userId,
      mail.kind,
      mail.to,
      mail.content.subject,
      mail.content.text,
      mail.content.html,
      JSON.stringify(mail.headers ?? {}),
      mail.delaySeconds ?? 0,
    ],
  );
}

/**
 * Queues one mail per row of `source`, a relation of the same statement with the columns `id`
 * (the account) and `email`; the content is parameters $p, $p+1 and $p+2 (`mailParams`). For
 * statements that run the same whether or not the account exists, so that their work and time
 * do not tell (services/registration.ts, services/accounts.ts).
 */
export function queueMailSql(source: string, kind: MailKind, p: number): string {
  return `insert into mail_queue (user_id, kind, to_address, subject, text_body, html_body)
    select id, '${kind}', email, $${p}, $${p + 1}, $${p + 2} from ${source} returning id`;
}

export const mailParams = (content: MailContent) => [content.subject, content.text, content.html];

interface QueueRow {
  id: string;
  user_id: string | null;
  kind: MailKind;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
  attempts: number;
}

const KIND_LABEL: Record<MailKind, string> = {
  approved: 'An approval mail',
  rejected: 'A rejection mail',
  'password-reset': 'A password-reset mail',
  digest: 'A digest mail',
  'confirm-email': 'A sign-up confirmation mail',
  'signup-existing': 'A note of a sign-up with a taken address',
};

export type MailLog = (level: 'info' | 'warn' | 'error', message: string) => void;

/** What a failure says in the log: the SMTP code and status, never the address or the content. */
function failureText(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const parts = [e.code, e.responseCode].filter(Boolean);
  return parts.length ? parts.join(' ') : (e.message ?? 'unknown error').replace(/\S+@\S+/g, '<address>').slice(0, 200);
}

/** Removes a deleted account's mail from the outbox (docs/product-rules.md, "Your account"). */
async function forgetIfDeleted(ctx: AppContext, accountId: string): Promise<void> {
  const still = await ctx.db.query('select 1 from users where id = $1', [accountId]);
  if (!still.rows.length) await ctx.mailer.forget(accountId);
}

/** Claims up to one batch of due messages and sends them; answers how many it claimed. */
export async function deliverDue(ctx: AppContext, log: MailLog): Promise<number> {
  const claimed = await ctx.db.query<QueueRow>(
    `update mail_queue set locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
      where id in (select id from mail_queue
                    where next_attempt_at <= now() and (locked_until is null or locked_until <= now())
                    order by next_attempt_at, id limit $1 for update skip locked)
      returning id, user_id, kind, to_address, subject, text_body, html_body, headers, attempts`,
    [MAIL_RETRY.batch, MAIL_RETRY.leaseSeconds],
  );
  for (const row of claimed.rows) {
    try {
      await ctx.mailer.send({
        id: row.id,
        accountId: row.user_id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: row.headers,
      });
      const sent = await ctx.db.query('delete from mail_queue where id = $1', [row.id]);
      ctx.metrics.mail.inc({ kind: row.kind, outcome: 'sent' });
      // The row went with its account, deleted while the message was being written: the outbox
      // file written just now goes too (the deletion removed those before it).
      if (!sent.affectedRows && row.user_id) await forgetIfDeleted(ctx, row.user_id);
    } catch (err) {
      if (row.attempts >= MAIL_RETRY.maxAttempts) {
        ctx.metrics.mail.inc({ kind: row.kind, outcome: 'given_up' });
        await ctx.db.query('delete from mail_queue where id = $1', [row.id]);
        log(
          'error',
          `${KIND_LABEL[row.kind]} was given up after ${row.attempts} failed attempts (${failureText(err)})`,
        );
        continue;
      }
      ctx.metrics.mail.inc({ kind: row.kind, outcome: 'retry' });
      const wait = Math.min(MAIL_RETRY.maxDelaySeconds, MAIL_RETRY.firstDelaySeconds * 2 ** (row.attempts - 1));
      await ctx.db.query(
        'update mail_queue set locked_until = null, next_attempt_at = now() + make_interval(secs => $2) where id = $1',
        [row.id, wait],
      );
      log(
        'warn',
        `${KIND_LABEL[row.kind]} could not be sent (${failureText(err)}); attempt ${row.attempts} of ${MAIL_RETRY.maxAttempts}, next in ${wait} s`,
      );
    }
  }
  return claimed.rows.length;
}
