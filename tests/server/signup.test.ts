// Sign-up that tells no one whether an address has an account, and that no one can squat
// (docs/product-rules.md, "Accounts and sign-in"; services/registration.ts): register and sign-in
// answer a new, an unconfirmed and a taken address alike, after the same work; moderators see an
// account only once its address is confirmed by the mailed link, which works once and for 24
// hours (the context's clock is moved, never waited for); unconfirmed accounts go after 7 days;
// a squatter cannot become a member under someone else's address.
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONFIRM_LINK_HOURS,
  CONFIRM_LINK_INVALID_MESSAGE,
  PendingUsersResponse,
  REGISTERED_MESSAGE,
  ResearchOverviewResponse,
  SIGN_IN_FAILED_MESSAGE,
  UNCONFIRMED_ACCOUNT_DAYS,
} from '../../contract';
import { buildApp } from '../../server/app';
import { deleteUnconfirmedAccounts } from '../../server/services/registration';
import { ensureModerator, promoteToModerator } from '../../server/services/users';
import {
  PASSWORD,
  accountId,
  bearer,
  confirmAddress,
  confirmationToken,
  createTestApp,
  json,
  mailTo,
  member,
  statementsOf,
  type TestApp,
} from './helpers';
import { expectError, moderatorToken, rows } from './fixtures';

let t: TestApp;
let modToken: string;
beforeAll(async () => {
  t = await createTestApp();
  modToken = await moderatorToken(t);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let n = 0;
/**
 * Emails of one length, so that answers that echo them can be compared byte for byte (the
 * registration answer carries the email as sent).
 */
function address(kind: string): string {
  n += 1;
  return `${kind.slice(0, 6).padEnd(6, 'x')}-${String(n).padStart(4, '0')}-${process.pid % 10000}-${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}@example.com`;
}

const register = (email: string, password = PASSWORD, remoteAddress = '203.0.113.20') =>
  t.app.inject({ method: 'POST', url: '/api/users/register', payload: { email, password }, remoteAddress });
const signIn = (email: string, password = PASSWORD, remoteAddress = '203.0.113.20') =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });

/**
 * What a client sees of an answer: the status, the body with the email replaced, and every
 * header but the date and the ETag (a digest of the body, which echoes the email).
 */
function seen(res: LightMyRequestResponse, email: string) {
  const headers = { ...res.headers };
  delete headers.date;
  delete headers.etag;
  // The seconds left in a rate-limit window (`t=`, Retry-After) follow the clock, not the address.
  for (const name of ['ratelimit', 'retry-after'] as const) {
    if (headers[name] !== undefined) headers[name] = String(headers[name]).replace(/(^|;t=)\d+/, '$1<seconds>');
  }
  return { status: res.statusCode, body: res.body.split(email).join('<email>'), headers };
}

describe('register and sign-in answer alike until the address is confirmed', () => {
  it('a new, an unconfirmed and a confirmed address get the same answers to register and then sign-in', async () => {
    const known = address('known');
    await member(t, known);
    const unconfirmed = address('unconf');
    expect((await register(unconfirmed, 'first-registrants-pass')).statusCode).toBe(201);
    const fresh = address('fresh');

    const answers = [];
    for (const [i, email] of [known, unconfirmed, fresh].entries()) {
      // Each registers with a password of its own, then signs in with it, as a prober would,
      // each from an address of its own (the general limit's header counts the address's requests).
      const from = `203.0.113.${30 + i}`;
      const reg = await register(email, 'the-probers-passphrase', from);
      const login = await signIn(email, 'the-probers-passphrase', from);
      answers.push({ reg: seen(reg, email), login: seen(login, email) });
    }
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.reg.status).toBe(201);
    expect(JSON.parse(answers[0]!.reg.body)).toEqual({
      success: true,
      data: { user: { email: '<email>', status: 'pending' } },
      message: REGISTERED_MESSAGE,
    });
    // And a wrong password on a confirmed account reads the same.
    await signIn(known, 'not-the-password-1', '203.0.113.40');
    expect(answers[0]!.login).toEqual(seen(await signIn(known, 'not-the-password-1', '203.0.113.40'), known));
    expect(answers[0]!.login.status).toBe(401);
    expect(JSON.parse(answers[0]!.login.body).error).toBe(SIGN_IN_FAILED_MESSAGE);
  });

  it('the work is the same: one scrypt hash and the same statements, whatever the address', async () => {
    const known = address('known');
    await member(t, known);
    const unconfirmed = address('unconf');
    await register(unconfirmed);
    const runs = [];
    for (const email of [address('fresh'), unconfirmed, known])
      runs.push(await statementsOf(t, () => register(email, 'the-probers-passphrase')));
    for (const run of runs) expect(run).toEqual(runs[0]);
    // The statement hashes the password (its second parameter) and writes both mails' text every time.
    expect(runs[0]!.filter((s) => s.includes('scrypt-hash'))).toHaveLength(1);
    expect(runs[0]!.at(-1)).toBe('wakeMail x1');
  });

  it('sign-in does the same work for an unconfirmed account with its password as for a wrong password', async () => {
    const known = address('known');
    await member(t, known);
    const unconfirmed = address('unconf');
    await register(unconfirmed);
    const a = await statementsOf(t, () => signIn(unconfirmed, PASSWORD, '203.0.113.21'));
    const b = await statementsOf(t, () => signIn(known, 'wrong-password-123', '203.0.113.21'));
    expect(a).toEqual(b);
  });

  it('registering a taken address leaves its account exactly as it was, and its password signs in', async () => {
    const owner = address('owner');
    const m = await member(t, owner);
    const [before] = await rows(t, 'select * from users where id = $1', [m.userId]);
    expect((await register(owner.toUpperCase(), 'a-squatters-passphrase')).statusCode).toBe(201);
    const [after] = await rows(t, 'select * from users where id = $1', [m.userId]);
    expect(after).toEqual(before);
    expect((await signIn(owner)).statusCode).toBe(200);
    expectError(await signIn(owner, 'a-squatters-passphrase'), 401, SIGN_IN_FAILED_MESSAGE);
    // Its owner hears of it; no link is made for a confirmed address.
    await mailTo(t, owner, (mail) => mail.subject.startsWith('Someone tried to sign up'));
    expect(await rows(t, 'select 1 from email_confirmations where user_id = $1', [m.userId])).toEqual([]);
  });

  it('a confirmed account waiting for a moderator is told so, with its password only', async () => {
    const email = address('pendng');
    expect((await register(email)).statusCode).toBe(201);
    expectError(await signIn(email), 401, SIGN_IN_FAILED_MESSAGE);
    await confirmAddress(t, email);
    expectError(await signIn(email), 403, /awaiting approval/);
    expectError(await signIn(email, 'wrong-password-123'), 401, SIGN_IN_FAILED_MESSAGE);
  });
});

describe('moderators see confirmed accounts only', () => {
  const pendingIds = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/pending?limit=100', headers: bearer(modToken) });
    const body = PendingUsersResponse.parse(json(res));
    return { ids: body.data.users.map((u) => u._id), total: body.data.total };
  };
  const overview = async () =>
    ResearchOverviewResponse.parse(
      json(await t.app.inject({ method: 'GET', url: '/api/research/overview', headers: bearer(modToken) })),
    ).data.pendingRegistrations;

  it('the pending list, its total and the Overview count an account once its address is confirmed', async () => {
    const before = { list: await pendingIds(), overview: await overview() };
    const email = address('later');
    expect((await register(email)).statusCode).toBe(201);
    const id = await accountId(t, email);
    const unconfirmed = await pendingIds();
    expect(unconfirmed.ids).not.toContain(id);
    expect(unconfirmed.total).toBe(before.list.total);
    expect(await overview()).toBe(before.overview);
    // Nor can a moderator decide on it by its id.
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/users/${id}/approve`, headers: bearer(modToken) }),
      404,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/users/${id}/reject`, headers: bearer(modToken), payload: {} }),
      404,
    );

    await confirmAddress(t, email);
    const confirmed = await pendingIds();
    expect(confirmed.ids).toContain(id);
    expect(confirmed.total).toBe(before.list.total + 1);
    expect(await overview()).toBe(before.overview + 1);
  });
});

describe('the link', () => {
  it(`works once, and not after ${CONFIRM_LINK_HOURS} hours: the clock is moved, not waited for`, async () => {
    const start = Date.now();
    t.ctx.clock.set(() => start);
    try {
      const email = address('expire');
      await register(email);
      const first = await confirmationToken(t, email);
      t.ctx.clock.set(() => start + CONFIRM_LINK_HOURS * HOUR + 1000);
      expectError(await confirm(first), 400, CONFIRM_LINK_INVALID_MESSAGE);
      expectError(await signIn(email), 401, SIGN_IN_FAILED_MESSAGE);

      // Registering again (the mail was lost, or too old) sends a new link.
      await register(email);
      const second = await confirmationToken(t, email, 2);
      t.ctx.clock.set(() => start + 2 * CONFIRM_LINK_HOURS * HOUR);
      expect((await confirm(second)).statusCode).toBe(200);
      expectError(await confirm(second), 400, CONFIRM_LINK_INVALID_MESSAGE);
      expectError(await signIn(email), 403, /awaiting approval/);
    } finally {
      t.ctx.clock.set();
    }
  });

  it('a newer registration replaces the link and the password; the older link no longer works', async () => {
    const email = address('newer');
    await register(email, 'the-first-passphrase');
    const older = await confirmationToken(t, email);
    await register(email, 'the-second-passphrase');
    const newer = await confirmationToken(t, email, 2);
    expectError(await confirm(older), 400, CONFIRM_LINK_INVALID_MESSAGE);
    expect((await confirm(newer)).statusCode).toBe(200);
    expectError(await signIn(email, 'the-first-passphrase'), 401);
    expectError(await signIn(email, 'the-second-passphrase'), 403, /awaiting approval/);
  });

  it('registrations racing for one new address make one account, and exactly one of the links they mail works', async () => {
    const email = address('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => register(email, `racing-passphrase-${i}`, `203.0.113.${50 + i}`)),
    );
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(await rows(t, 'select 1 from users where lower(email) = lower($1)', [email])).toHaveLength(1);
    await expect
      .poll(async () => (await t.ctx.db.query('select 1 from mail_queue')).rows.length, { timeout: 20_000 })
      .toBe(0);
    const links = t.sent.filter((m) => m.to === email).length;
    expect(links).toBeGreaterThanOrEqual(1);
    const outcomes = [];
    for (let nth = 1; nth <= links; nth++)
      outcomes.push((await confirm(await confirmationToken(t, email, nth))).statusCode);
    expect(outcomes.filter((status) => status === 200)).toHaveLength(1);
  });

  it('used from two tabs at once confirms once', async () => {
    const email = address('2tabs');
    await register(email);
    const token = await confirmationToken(t, email);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('a wrong or malformed token is a 400 with a sentence, and counts as a failed sign-in of the address', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_LOGIN_ADDRESS: '3' });
    try {
      const wrong = (token: unknown) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token },
          remoteAddress: '192.0.2.77',
        });
      for (const token of ['x'.repeat(43), 'not a token', '\u{1F600}'])
        expectError(await wrong(token), 400, CONFIRM_LINK_INVALID_MESSAGE);
      expectError(await wrong('y'.repeat(43)), 429);
      expectError(await wrong(''), 400, /token is required/);
      expectError(
        await strict.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token: 'x'.repeat(201) },
        }),
        400,
        /token/,
      );
      expectError(
        await strict.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: 'x', extra: 1 } }),
        400,
      );
    } finally {
      await strict.close();
    }
  });
});

describe(`unconfirmed accounts go after ${UNCONFIRMED_ACCOUNT_DAYS} days`, () => {
  it('deletes them with their link and mail; confirmed accounts stay; registering again restarts the days', async () => {
    const start = Date.now();
    t.ctx.clock.set(() => start);
    try {
      const stale = address('stale');
      const renewed = address('renew');
      const confirmed = address('kept');
      for (const email of [stale, renewed, confirmed]) await register(email);
      await confirmAddress(t, confirmed);
      const staleId = await accountId(t, stale);
      t.ctx.clock.set(() => start + 3 * DAY);
      await register(renewed);

      t.ctx.clock.set(() => start + UNCONFIRMED_ACCOUNT_DAYS * DAY - 60_000);
      await deleteUnconfirmedAccounts(t.ctx);
      expect(await accountId(t, stale)).toBe(staleId);

      t.ctx.clock.set(() => start + UNCONFIRMED_ACCOUNT_DAYS * DAY + 1000);
      // Two processes at once: each row goes once, and neither waits for the other.
      const deleted = await Promise.all([deleteUnconfirmedAccounts(t.ctx), deleteUnconfirmedAccounts(t.ctx)]);
      expect(deleted[0]! + deleted[1]!).toBeGreaterThanOrEqual(1);
      await expect(accountId(t, stale)).rejects.toThrow(/no account/);
      expect(await rows(t, 'select 1 from email_confirmations where user_id = $1', [staleId])).toEqual([]);
      expect(await rows(t, 'select 1 from mail_queue where user_id = $1', [staleId])).toEqual([]);
      expect(await accountId(t, renewed)).toBeTruthy();
      expect(await accountId(t, confirmed)).toBeTruthy();

      t.ctx.clock.set(() => start + (3 + UNCONFIRMED_ACCOUNT_DAYS) * DAY + 1000);
      await deleteUnconfirmedAccounts(t.ctx);
      await expect(accountId(t, renewed)).rejects.toThrow(/no account/);
      expect(await accountId(t, confirmed)).toBeTruthy();
      // The address is free again: a new registration makes a new account.
      expect((await register(stale)).statusCode).toBe(201);
      expect(await accountId(t, stale)).not.toBe(staleId);
    } finally {
      t.ctx.clock.set();
    }
  });
});

describe('the hourly job', () => {
  it('runs as a server becomes ready: an account left unconfirmed for 8 days is gone', async () => {
    const stale = address('8days');
    await register(stale);
    await t.ctx.db.query(`update users set created_at = now() - interval '8 days' where lower(email) = lower($1)`, [
      stale,
    ]);
    const another = await buildApp(t.ctx);
    try {
      await another.ready();
      await expect
        .poll(async () => (await rows(t, 'select 1 from users where lower(email) = lower($1)', [stale])).length)
        .toBe(0);
    } finally {
      // Its mail delivery stops listening to the context's wake-up; this file's app still does.
      await another.close();
    }
  });
});

describe('squatting', () => {
  it("a squatter cannot become a member under another's address", async () => {
    const victim = address('victim');
    // The squatter registers first, with a password of their own: nobody is told, no moderator sees it.
    expect((await register(victim, 'the-squatters-pass', '198.51.100.66')).statusCode).toBe(201);
    const id = await accountId(t, victim);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/users/${id}/approve`, headers: bearer(modToken) }),
      404,
    );
    expectError(await signIn(victim, 'the-squatters-pass', '198.51.100.66'), 401, SIGN_IN_FAILED_MESSAGE);
    const squattersLink = await confirmationToken(t, victim);

    // The owner signs up too, and confirms from the newest mail in their inbox.
    expect((await register(victim, 'the-owners-passphrase')).statusCode).toBe(201);
    await confirmAddress(t, victim, 2);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${id}/approve`, headers: bearer(modToken) })).statusCode,
    ).toBe(200);

    // The squatter's password and link are worth nothing; the owner is the member.
    expectError(await signIn(victim, 'the-squatters-pass', '198.51.100.66'), 401, SIGN_IN_FAILED_MESSAGE);
    expectError(await confirm(squattersLink), 400);
    expect((await signIn(victim, 'the-owners-passphrase')).statusCode).toBe(200);
  });

  it('npm run moderator refuses an unconfirmed account; MODERATOR_EMAIL takes it over with its own password', async () => {
    const squatted = address('opsqat');
    await register(squatted, 'the-squatters-pass');
    await expect(promoteToModerator(t.ctx, squatted)).rejects.toThrow(/has not confirmed its address yet/);
    expect(await rows(t, 'select role from users where lower(email) = lower($1)', [squatted])).toEqual([
      { role: 'user' },
    ]);
    await ensureModerator(t.ctx, squatted, 'the-operators-passphrase');
    expectError(await signIn(squatted, 'the-squatters-pass'), 401);
    expect((await signIn(squatted, 'the-operators-passphrase')).statusCode).toBe(200);
  });

  it('registering an address that is a member changes nothing, however often', async () => {
    const owner = address('member');
    const m = await member(t, owner);
    for (let i = 0; i < 3; i++)
      expect((await register(owner, `squatter-attempt-${i}x`, '198.51.100.67')).statusCode).toBe(201);
    expect((await signIn(owner)).statusCode).toBe(200);
    const me = json(await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(m.accessToken) }));
    expect(me.data.user).toMatchObject({ email: owner, status: 'approved' });
  });
});

describe('the sign-up mail limit', () => {
  it('at most RATE_LIMIT_RESET_MAIL sign-up mails an hour reach one address, whoever registers it; every answer is the same', async () => {
    const strict = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_REGISTER: '100' });
    try {
      const email = address('flood');
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { email, password: `flood-passphrase-${i}` },
          remoteAddress: `198.51.100.${i + 10}`,
        });
        answers.push(seen(res, email));
      }
      for (const a of answers) expect(a).toEqual(answers[0]);
      const max = strict.config.rateLimits.resetMail.max;
      await confirmationToken(strict, email, max);
      await expect
        .poll(async () => (await strict.ctx.db.query('select 1 from mail_queue')).rows.length, { timeout: 20_000 })
        .toBe(0);
      expect(strict.sent.filter((m) => m.to === email)).toHaveLength(max);
      // Past the limit nothing changed either: the last link sent is the one that works, with its password.
      await confirmAddress(strict, email, max);
      expectError(
        await strict.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email, password: `flood-passphrase-${max - 1}` },
        }),
        403,
        /awaiting approval/,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('migration 031', () => {
  const MIGRATION = fs.readFileSync(
    path.join(import.meta.dirname, '../../server/db/migrations/031_email_confirmation.sql'),
    'utf8',
  );

  it('counts every account that existed before it as confirmed; run again, it confirms nobody', async () => {
    const s = await createTestApp();
    try {
      const older = address('older');
      const pending = address('oldpnd');
      await member(s, older);
      await s.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email: pending, password: PASSWORD },
      });
      // The database as it was before 031: no confirmation column, no links.
      await s.ctx.db.transaction(async (tx) => {
        await tx.exec('alter table users drop column email_confirmed cascade; drop table email_confirmations');
        await tx.exec("create index users_pending_idx on users (created_at, id) where status = 'pending'");
      });
      await s.ctx.db.transaction((tx) => tx.exec(MIGRATION));
      const confirmed = await rows<{ email: string; email_confirmed: boolean }>(
        s,
        'select email, email_confirmed from users where email = any($1)',
        [[older, pending]],
      );
      expect(confirmed.map((r) => r.email_confirmed)).toEqual([true, true]);

      // Registered after it, an account is unconfirmed, and running 031 again leaves it so.
      const later = address('later');
      await s.app.inject({ method: 'POST', url: '/api/users/register', payload: { email: later, password: PASSWORD } });
      await s.ctx.db.transaction((tx) => tx.exec(MIGRATION));
      expect(await rows(s, 'select email_confirmed from users where email = $1', [later])).toEqual([
        { email_confirmed: false },
      ]);
      expect((await signInTo(s, later)).statusCode).toBe(401);
    } finally {
      await s.close();
    }
  });
});

function signInTo(s: TestApp, email: string) {
  return s.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } });
}
