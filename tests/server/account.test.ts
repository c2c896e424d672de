// A member's own account (docs/product-rules.md, "Your account"): changing the password ends the
// other sessions; "sign out everywhere" ends them all; the export holds everything the account
// holds and no report its owner wrote; deleting the account takes its sign-in, votes, open flags
// and profile with it, counts follow, anonymous reports stay, a moderator's log entries read "a
// former moderator", and the last moderator cannot leave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, LAST_MODERATOR_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../../contract';
import { promoteToModerator } from '../../server/services/users';
import {
  MODERATOR,
  PASSWORD,
  bearer,
  createTestApp,
  json,
  login,
  submit,
  validSubmission,
  type TestApp,
} from './helpers';
import { expectError, moderatorToken, newMember, rows } from './fixtures';

let t: TestApp;
let bpc: string;
beforeAll(async () => {
  t = await createTestApp();
  bpc = t.peptides.get('BPC-157')!;
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const votesOf = async (id: string) => json(await get(`/api/experiences/${id}`, {})).data.experience.votes;

describe('change password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const m = await newMember(t, 'pw-change');
    const other = await login(t, m.email, PASSWORD);
    const wrong = await post('/api/users/me/password', m.headers, {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-long-passphrase',
    });
    expectError(wrong, 400, WRONG_PASSWORD_MESSAGE);
    // The field it names, for the form to say it there.
    expect(json(wrong).issues).toEqual([{ path: ['currentPassword'], message: WRONG_PASSWORD_MESSAGE }]);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    const fresh = await login(t, m.email, PASSWORD);

    const res = await post('/api/users/me/password', bearer(fresh.accessToken), {
      currentPassword: PASSWORD,
      newPassword: 'a-new-long-passphrase',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.otherSessionsEnded).toBe(2);
    // The other sessions: refresh refused, access token refused.
    expectError(await refresh(m.refreshToken), 401);
    expectError(await get('/api/users/me', m.headers), 401);
    // This one goes on.
    expect((await get('/api/users/me', bearer(fresh.accessToken))).statusCode).toBe(200);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: m.email, password: PASSWORD } }),
      401,
    );
    expect((await login(t, m.email, 'a-new-long-passphrase')).accessToken).toBeTruthy();
  });

  it('holds the new password to the registration rules', async () => {
    const m = await newMember(t, 'pw-rules');
    const change = (newPassword: string) =>
      post('/api/users/me/password', m.headers, { currentPassword: PASSWORD, newPassword });
    expectError(await change('short'), 400, /newPassword: password must be at least 8 characters/);
    expectError(await change('password123'), 400, /too common/);
    expectError(
      await change(`${m.email.split('@')[0]}-and-more`),
      400,
      /newPassword: password must not contain the part of your email/,
    );
    expectError(
      await post('/api/users/me/password', m.headers, {
        currentPassword: PASSWORD,
        newPassword: 'a-new-long-passphrase',
        role: 'moderator',
      }),
      400,
    );
    expect((await login(t, m.email, PASSWORD)).accessToken).toBeTruthy();
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the account, this one included', async () => {
    const m = await newMember(t, 'everywhere');
    const other = await login(t, m.email, PASSWORD);
    const res = await post('/api/users/me/sessions/end', m.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.sessionsEnded).toBe(2);
    for (const s of [m, other]) {
      expectError(await refresh(s.refreshToken), 401);
      expectError(await get('/api/users/me', bearer(s.accessToken)), 401);
    }
    expect((await login(t, m.email, PASSWORD)).accessToken).toBeTruthy();
  });
});

describe('download your data', () => {
  it('holds the account, profile, votes with report ids and types, and flags, and no report its owner wrote', async () => {
    const m = await newMember(t, 'export');
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: m.headers,
      payload: {
        demographics: { ageRange: '40-44', biologicalSex: 'female' },
        preferences: { notifications: { weeklyDigest: true } },
      },
    });
    const voted = (await submit(t, validSubmission(bpc))).experience._id;
    const flagged = (await submit(t, validSubmission(bpc))).experience._id;
    expect((await post(`/api/experiences/${voted}/vote`, m.headers, { voteType: 'detailed' })).statusCode).toBe(201);
    expect(
      (await post(`/api/experiences/${flagged}/flag`, m.headers, { reason: 'spam', note: 'Selling vials' })).statusCode,
    ).toBe(201);
    // A report the member wrote, as the web app sends it: without the token. Nothing links it.
    const own = await submit(
      t,
      validSubmission(bpc, { story: validSubmission(bpc).story.replace('shoulder', 'elbow') }),
    );

    const res = await get('/api/users/me/export', m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = AccountExport.parse(json(res).data);
    expect(data.account).toMatchObject({ id: m.userId, email: m.email, role: 'user', status: 'approved' });
    expect(data.profile).toEqual({
      demographics: { ageRange: '40-44', biologicalSex: 'female' },
      preferences: { notifications: { weeklyDigest: true } },
    });
    expect(data.votes).toEqual([expect.objectContaining({ experienceId: voted, voteType: 'detailed' })]);
    expect(data.flags).toEqual([
      expect.objectContaining({ experienceId: flagged, reason: 'spam', note: 'Selling vials', resolvedAt: null }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    // Sign-ins by the day only, as the rules say.
    for (const s of data.sessions) {
      expect(s.signedInAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(s.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(data.activeMonths).toHaveLength(1);
    const text = res.body;
    expect(text).not.toContain(own.experience._id);
    expect(text).not.toContain(own.trackingId);
    expect(text).not.toMatch(/elbow|password_hash|scrypt|token_hash/);
  });
});

describe('delete your account', () => {
  it('needs the password; then sign-in, the old token and the export are refused, votes leave the counts, open flags go, reports stay', async () => {
    const m = await newMember(t, 'delete-me');
    const report = (await submit(t, validSubmission(bpc))).experience._id;
    const decided = (await submit(t, validSubmission(bpc))).experience._id;
    expect((await post(`/api/experiences/${report}/vote`, m.headers, { voteType: 'helpful' })).statusCode).toBe(201);
    expect((await post(`/api/experiences/${report}/flag`, m.headers, { reason: 'off-topic' })).statusCode).toBe(201);
    expect((await post(`/api/experiences/${decided}/flag`, m.headers, { reason: 'spam' })).statusCode).toBe(201);
    // A moderator answers the second flag: it is resolved, and stays as the record of that decision.
    expect(
      (await post(`/api/moderation/experiences/${decided}/publish`, bearer(await moderatorToken(t)))).statusCode,
    ).toBe(200);
    expect(await votesOf(report)).toMatchObject({ helpful: 1, total: 1 });
    const own = await submit(t, validSubmission(bpc));

    expectError(
      await post('/api/users/me/delete', m.headers, { password: 'not-my-password' }),
      400,
      'password is not correct',
    );
    expect(await rows(t, 'select 1 from users where id = $1', [m.userId])).toHaveLength(1);

    const res = await post('/api/users/me/delete', m.headers, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: m.email, password: PASSWORD } }),
      401,
    );
    expectError(await get('/api/users/me/export', m.headers), 401);
    expectError(await get('/api/users/me', m.headers), 401);
    expectError(await refresh(m.refreshToken), 401);
    expect(await votesOf(report)).toMatchObject({ helpful: 0, total: 0 });
    expect(await rows(t, 'select 1 from flags where experience_id = $1', [report])).toHaveLength(0);
    expect(
      await rows(t, 'select user_id, resolved_at is not null as resolved from flags where experience_id = $1', [
        decided,
      ]),
    ).toEqual([{ user_id: null, resolved: true }]);
    for (const table of [
      'users',
      'sessions',
      'votes',
      'account_activity',
      'password_resets',
      'email_confirmations',
      'mail_queue',
    ]) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(await rows(t, `select 1 from ${table} where ${column} = $1`, [m.userId]), table).toHaveLength(0);
    }
    expect((await get(`/api/experiences/${own.experience._id}`, {})).statusCode).toBe(200);
    // The email is free again: a new registration with it is a new account.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/users/register',
          payload: { email: m.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('a moderator’s log entries then read "a former moderator"; the last moderator cannot delete itself', async () => {
    const mod = await login(t, MODERATOR.email, MODERATOR.password);
    expectError(
      await post('/api/users/me/delete', bearer(mod.accessToken), { password: MODERATOR.password }),
      409,
      LAST_MODERATOR_MESSAGE,
    );

    const second = await newMember(t, 'second-mod');
    await promoteToModerator(t.ctx, second.email);
    const s = await login(t, second.email, PASSWORD);
    const id = (await submit(t, validSubmission(bpc))).experience._id;
    expect(
      (await post(`/api/moderation/experiences/${id}/hide`, bearer(s.accessToken), { reason: 'spam' })).statusCode,
    ).toBe(200);
    expect((await post('/api/users/me/delete', bearer(s.accessToken), { password: PASSWORD })).statusCode).toBe(200);

    const log = json(await get('/api/moderation/log?action=hide&limit=100', bearer(mod.accessToken))).data.entries;
    expect(log.find((e: { experienceId: string }) => e.experienceId === id)).toMatchObject({
      moderatorId: null,
      moderatorEmail: null,
      formerModerator: true,
    });
    // Automatic holds still read as automatic.
    expect(
      log.every((e: { action: string; formerModerator: boolean }) => e.action !== 'hold' || !e.formerModerator),
    ).toBe(true);
    // Alone again: still refused.
    expectError(await post('/api/users/me/delete', bearer(mod.accessToken), { password: MODERATOR.password }), 409);
  });
});
