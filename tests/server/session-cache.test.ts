// Signed-in callers are kept in process for a few seconds (server/lib/session-cache.ts). Every
// way a session ends or an account's standing changes must still take effect on the very next
// request, although that request's session had just been kept.
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoteToModerator } from '../../server/services/users';
import { PASSWORD, bearer, createTestApp, json, login, type TestApp } from './helpers';
import { expectError, moderatorToken, newMember } from './fixtures';

let t: TestApp;
let modToken: string;
beforeAll(async () => {
  t = await createTestApp();
  modToken = await moderatorToken(t);
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Makes a signed-in read and checks that its session is now kept in the cache. */
async function cachedRead(accessToken: string) {
  expect((await get('/api/analytics', bearer(accessToken))).statusCode).toBe(200);
  const { sub, sid } = decodeJwt(accessToken);
  expect(t.ctx.sessions.get(sub as string, sid as string), 'the session should be cached now').toBeDefined();
}

describe('session cache: revocations take effect on the very next request', () => {
  it('repeat reads by one session are served from the cache', async () => {
    const m = await newMember(t, 'sc-repeat');
    await cachedRead(m.accessToken);
    for (const url of ['/api/analytics', '/api/analytics/trends?period=monthly&groupBy=category', '/api/users/me']) {
      expect((await get(url, m.headers)).statusCode).toBe(200);
    }
  });

  it('logout with both tokens', async () => {
    const m = await newMember(t, 'sc-logout');
    await cachedRead(m.accessToken);
    expect((await post('/api/auth/logout', { refreshToken: m.refreshToken }, m.headers)).statusCode).toBe(200);
    expectError(await get('/api/analytics', m.headers), 401);
    expectError(await get('/api/users/me', m.headers), 401);
  });

  it('logout with only the access token', async () => {
    const m = await newMember(t, 'sc-logout-access');
    await cachedRead(m.accessToken);
    expect((await post('/api/auth/logout', {}, m.headers)).statusCode).toBe(200);
    expectError(await get('/api/analytics', m.headers), 401);
  });

  it('logout with only the refresh token (as after an expired access token)', async () => {
    const m = await newMember(t, 'sc-logout-refresh');
    await cachedRead(m.accessToken);
    expect((await post('/api/auth/logout', { refreshToken: m.refreshToken })).statusCode).toBe(200);
    expectError(await get('/api/analytics', m.headers), 401);
  });

  it('logout ends only that sign-in: another session of the member stays signed in', async () => {
    const m = await newMember(t, 'sc-logout-other');
    const other = await login(t, m.email, PASSWORD);
    await cachedRead(m.accessToken);
    await cachedRead(other.accessToken);
    await post('/api/auth/logout', { refreshToken: m.refreshToken }, m.headers);
    expectError(await get('/api/analytics', m.headers), 401);
    expect((await get('/api/analytics', bearer(other.accessToken))).statusCode).toBe(200);
  });

  it('rejection by a moderator', async () => {
    const m = await newMember(t, 'sc-reject');
    await cachedRead(m.accessToken);
    expect((await post(`/api/users/${m.userId}/reject`, { notes: 'spam' }, bearer(modToken))).statusCode).toBe(200);
    const res = await get('/api/analytics', m.headers);
    expect([401, 403]).toContain(res.statusCode);
    expectError(res, res.statusCode);
  });

  it('refresh-token reuse (after the grace) revokes the family: its cached access tokens are refused', async () => {
    const m = await newMember(t, 'sc-reuse');
    await cachedRead(m.accessToken);
    const rotated = json(await post('/api/auth/refresh', { refreshToken: m.refreshToken })).data as {
      accessToken: string;
      refreshToken: string;
    };
    await cachedRead(rotated.accessToken);
    // Past the 30 seconds in which a second tab may still present the replaced token.
    await t.ctx.db.query(`update sessions set replaced_at = replaced_at - interval '31 seconds' where user_id = $1`, [
      m.userId,
    ]);
    expectError(await post('/api/auth/refresh', { refreshToken: m.refreshToken }), 401, /already used/);
    expectError(await get('/api/analytics', m.headers), 401);
    expectError(await get('/api/analytics', bearer(rotated.accessToken)), 401);
  });

  it('a role change is seen at once (promotion to moderator)', async () => {
    const m = await newMember(t, 'sc-promote');
    await cachedRead(m.accessToken);
    expectError(await get('/api/users/pending', m.headers), 403);
    await promoteToModerator(t.ctx, m.email);
    expect((await get('/api/users/pending', m.headers)).statusCode).toBe(200);
  });

  it('a rejected account approved again needs a new sign-in, and that one is cached afresh', async () => {
    const m = await newMember(t, 'sc-reapprove');
    await cachedRead(m.accessToken);
    await post(`/api/users/${m.userId}/reject`, {}, bearer(modToken));
    expect((await post(`/api/users/${m.userId}/approve`, {}, bearer(modToken))).statusCode).toBe(200);
    // Rejection revoked the old sessions for good.
    expectError(await get('/api/analytics', m.headers), 401);
    const again = await login(t, m.email, PASSWORD);
    await cachedRead(again.accessToken);
  });
});
