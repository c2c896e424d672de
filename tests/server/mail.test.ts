// Mail through a real SMTP server started here (tests/server/smtp.ts): the sign-up's
// confirmation, the note to an address's owner, approval and rejection mails arrive with the
// right links and headers; a request never waits for or fails with SMTP; a
// refused message is retried and logged without the address; two processes sharing a database
// send each message once; without SMTP_URL the messages land in DATA_DIR/outbox as .eml files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/context';
import { deliverDue, enqueueMail } from '../../server/services/mail-queue';
import { CONFIRM_LINK_HOURS, EMAIL_CONFIRMED_MESSAGE, UNCONFIRMED_ACCOUNT_DAYS } from '../../contract/users';
import {
  accountId,
  bearer,
  CONFIRM_SUBJECT,
  confirmAddress,
  createTestApp,
  json,
  PASSWORD,
  type TestApp,
} from './helpers';
import { moderatorToken, uniqueEmail } from './fixtures';
import { linkIn, startSmtp, type TestSmtp } from './smtp';

const PUBLIC_URL = 'https://peptides.example.org';
let smtp: TestSmtp;
let t: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Peptide Community <hello@peptides.example.org>' },
    undefined,
    {
      logger: { level: 'warn', stream },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Registers and confirms the address with the mailed link; answers the account's id. */
async function register(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  await confirmAddress(t, email);
  return accountId(t, email);
}

const APPROVED_SUBJECT = 'Your Peptide Community account is approved';
const REJECTED_SUBJECT = 'Your Peptide Community registration was not approved';

const decide = async (id: string, decision: 'approve' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/${id}/${decision}`,
    headers: bearer(await moderatorToken(t)),
    payload: decision === 'reject' ? { notes: 'Looks like <b>spam</b>' } : undefined,
  });

describe('sign-up by mail', () => {
  it('the confirmation mail arrives in text and HTML with a link whose token is in the fragment, and the link confirms', async () => {
    const email = uniqueEmail('mail-confirm');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.next((m) => m.to === email && m.subject === CONFIRM_SUBJECT);
    expect(mail.from).toBe('"Peptide Community" <hello@peptides.example.org>');
    const link = linkIn(mail.text, `${PUBLIC_URL}/confirm-email#token=`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`it works once, for ${CONFIRM_LINK_HOURS} hours`);
    expect(mail.text).toContain(`the account is deleted after ${UNCONFIRMED_ACCOUNT_DAYS} days`);
    // The token never travels in a path or a query: only the fragment, which no server sees.
    const token = decodeURIComponent(link.split('#token=')[1]!);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(new URL(link).pathname + new URL(link).search).toBe('/confirm-email');
    // The database keeps its hash only.
    const stored = await t.ctx.db.query<{ token_hash: string }>(
      'select token_hash from email_confirmations where user_id = $1',
      [await accountId(t, email)],
    );
    expect(stored.rows[0]!.token_hash).not.toContain(token);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(json(confirmed)).toEqual({ success: true, data: {}, message: EMAIL_CONFIRMED_MESSAGE });
  });

  it('registering a taken address mails its owner a note, and nothing else', async () => {
    const email = uniqueEmail('mail-taken');
    await register(email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: email.toUpperCase(), password: 'someone-elses-passphrase' },
    });
    expect(res.statusCode).toBe(201);
    const note = await smtp.next(
      (m) => m.to === email && m.subject === 'Someone tried to sign up to Peptide Community with your email address',
    );
    expect(note.text).toContain('nothing was created and nothing about your account changed');
    expect(linkIn(note.text, PUBLIC_URL)).toBe(`${PUBLIC_URL}/login`);
    expect(note.html).toContain(`href="${PUBLIC_URL}/login"`);
    expect(smtp.received.filter((m) => m.to === email && m.subject === CONFIRM_SUBJECT)).toHaveLength(1);
  });
});

describe('account decisions by mail', () => {
  it('approval sends a mail in text and HTML with the sign-in link, from MAIL_FROM', async () => {
    const email = uniqueEmail('mail-approved');
    const id = await register(email);
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const mail = await smtp.next((m) => m.to === email && m.subject === APPROVED_SUBJECT);
    expect(mail.from).toBe('"Peptide Community" <hello@peptides.example.org>');
    expect(linkIn(mail.text, PUBLIC_URL)).toBe(`${PUBLIC_URL}/login`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/login"`);
    expect(mail.headers.get('message-id')).toMatch(/^<[0-9a-f-]{36}@peptides\.example\.org>$/);
    // Sent and gone: the queue keeps nothing once delivered.
    await expect
      .poll(async () => (await t.ctx.db.query('select 1 from mail_queue where user_id = $1', [id])).rows.length, {
        timeout: 20_000,
      })
      .toBe(0);
  });

  it('rejection sends a mail that says so, without the moderator’s note', async () => {
    const email = uniqueEmail('mail-rejected');
    const id = await register(email);
    expect((await decide(id, 'reject')).statusCode).toBe(200);
    const mail = await smtp.next((m) => m.to === email && m.subject === REJECTED_SUBJECT);
    expect(mail.text).toContain('did not approve it');
    expect(mail.text + mail.html).not.toMatch(/spam/);
    expect(linkIn(mail.text, PUBLIC_URL)).toBe(`${PUBLIC_URL}/`);
  });
});

describe('delivery never touches the request', () => {
  it('a refused message does not fail the decision; it is retried later, and the log names no address', async () => {
    const email = uniqueEmail('mail-retry');
    const id = await register(email);
    smtp.refuse(1);
    const before = smtp.received.length;
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    // The first attempt was refused: the row waits with one attempt counted.
    await expect
      .poll(
        async () =>
          (
            await t.ctx.db.query<{ attempts: number; locked_until: Date | null }>(
              'select attempts, locked_until from mail_queue where user_id = $1',
              [id],
            )
          ).rows[0],
        { timeout: 20_000 },
      )
      .toMatchObject({ attempts: 1, locked_until: null });
    expect(smtp.received.length).toBe(before);
    const warning = logged.find((line) => line.includes('could not be sent'));
    expect(warning).toMatch(/An approval mail could not be sent \(EMESSAGE 451\); attempt 1 of 8/);
    expect(logged.join('')).not.toContain(email);
    // Its time comes (no real wait: the row is made due), and it is sent once.
    await t.ctx.db.query('update mail_queue set next_attempt_at = now() where user_id = $1', [id]);
    t.ctx.mailWake.wake();
    await smtp.next((m) => m.to === email && m.subject === APPROVED_SUBJECT);
    expect(smtp.received.filter((m) => m.to === email && m.subject === APPROVED_SUBJECT)).toHaveLength(1);
  });

  it('two processes sharing the database deliver each message once', async () => {
    const emails = Array.from({ length: 24 }, () => uniqueEmail('mail-once'));
    for (const to of emails)
      await enqueueMail(t.ctx.db, {
        userId: null,
        kind: 'approved',
        to,
        content: { subject: 'once', text: 'once', html: '<p>once</p>' },
      });
    // A second process: its own context (mailer, caches) on the same database.
    const other = createContext(t.config, t.ctx.db, 'another-process-secret');
    const noLog = () => {};
    await Promise.all([
      deliverDue(t.ctx, noLog),
      deliverDue(other, noLog),
      deliverDue(t.ctx, noLog),
      deliverDue(other, noLog),
      deliverDue(t.ctx, noLog),
    ]);
    await expect
      .poll(async () => (await t.ctx.db.query(`select 1 from mail_queue where subject = 'once'`)).rows.length, {
        timeout: 20_000,
      })
      .toBe(0);
    for (const to of emails)
      expect(
        smtp.received.filter((m) => m.to === to),
        to,
      ).toHaveLength(1);
  });

  it('an address with a line break never reaches a header: registration refuses it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { email: 'victim@example.com\r\nBcc: all@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(() => loadConfig({ MAIL_FROM: 'Us <a@example.com>\r\nBcc: all@example.com' })).toThrow(
      /MAIL_FROM must be one address on one line/,
    );
  });
});

describe('without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file, and says mail is not delivered; the sign-up link read from it confirms', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-outbox-'));
    const local = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL });
    try {
      expect(local.ctx.mailer.delivers).toBe(false);
      expect(local.ctx.mailer.description).toBe(
        `mail is not delivered (SMTP_URL is unset): messages are written to ${path.join(dataDir, 'outbox')}`,
      );
      const email = uniqueEmail('mail-outbox');
      const reg = await local.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email, password: PASSWORD },
      });
      expect(reg.statusCode).toBe(201);
      const id = await accountId(local, email);
      const outbox = path.join(dataDir, 'outbox');
      const messages = () =>
        fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((f) => f.endsWith('.eml'))
              .sort()
          : [];
      // The confirmation, as its reader gets it: the link in the .eml file.
      await expect.poll(() => messages().length, { timeout: 20_000 }).toBe(1);
      const [first] = messages();
      const confirmation = await simpleParser(fs.readFileSync(path.join(outbox, first!)));
      expect(confirmation.subject).toBe(CONFIRM_SUBJECT);
      const token = decodeURIComponent(
        linkIn(confirmation.text ?? '', `${PUBLIC_URL}/confirm-email#token=`).split('#token=')[1]!,
      );
      expect(
        (await local.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } })).statusCode,
      ).toBe(200);
      const ok = await local.app.inject({
        method: 'POST',
        url: `/api/users/${id}/approve`,
        headers: bearer(await moderatorToken(local)),
      });
      expect(json(ok).success).toBe(true);
      await expect.poll(() => messages().length, { timeout: 20_000 }).toBe(2);
      const file = messages().find((f) => f !== first);
      for (const f of messages()) expect(fs.statSync(path.join(outbox, f)).mode & 0o077).toBe(0);
      const parsed = await simpleParser(fs.readFileSync(path.join(outbox, file!)));
      expect(parsed.subject).toBe(APPROVED_SUBJECT);
      expect(parsed.text).toContain(`${PUBLIC_URL}/login`);
      expect(parsed.html).toContain(`${PUBLIC_URL}/login`);
    } finally {
      await local.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
