// Request logs: method, path and status only. No password, token, email, story text or address.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../server/app';
import {
  MODERATOR,
  PASSWORD,
  accountId,
  bearer,
  confirmationToken,
  createTestApp,
  deleteTracked,
  json,
  lookupTracked,
  updateTracked,
  validSubmission,
  type TestApp,
} from './helpers';
import { storyOf, uniqueEmail, uniqueWord } from './fixtures';

let t: TestApp;
let app: FastifyInstance;
let captured = '';

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      captured += chunk.toString();
      done();
    },
  });
  app = await buildApp(t.ctx, { logger: { ...(loggerOptions('info') as object), stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('request logs', () => {
  it('hold method, path and status, and none of the secrets or identities of a full session', async () => {
    const address = '203.0.113.9';
    const forwarded = '198.51.100.4';
    const agent = 'SecretAgent/7.0';
    const common = { remoteAddress: address, headers: { 'x-forwarded-for': forwarded, 'user-agent': agent } };
    const email = uniqueEmail('logged');
    const storyWord = uniqueWord('diarysecret');
    const story = storyOf(160, `My private ${storyWord} notes.`);

    const reg = await app.inject({
      ...common,
      method: 'POST',
      url: '/api/users/register',
      payload: { email, password: PASSWORD },
    });
    expect(reg.statusCode).toBe(201);
    // The mailed link's token travels in a body only, and no log line holds it.
    const confirmToken = await confirmationToken(t, email);
    expect(
      (
        await app.inject({
          ...common,
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token: confirmToken },
        })
      ).statusCode,
    ).toBe(200);
    const mod = json(await app.inject({ ...common, method: 'POST', url: '/api/users/login', payload: MODERATOR })).data;
    const userId = await accountId(t, email);
    await app.inject({
      method: 'POST',
      url: `/api/users/${userId}/approve`,
      ...common,
      headers: { ...common.headers, ...bearer(mod.accessToken) },
    });
    const wrong = await app.inject({
      ...common,
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'wrong-password-123' },
    });
    expect(wrong.statusCode).toBe(401);
    const session = json(
      await app.inject({ ...common, method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } }),
    ).data;
    const auth = { ...common.headers, ...bearer(session.accessToken) };
    expect(
      (
        await app.inject({
          remoteAddress: address,
          method: 'GET',
          url: '/api/users/me?email=' + encodeURIComponent(email),
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    const refreshed = json(
      await app.inject({
        ...common,
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      }),
    ).data;

    const submitted = await app.inject({
      remoteAddress: address,
      method: 'POST',
      url: '/api/experiences',
      headers: auth,
      payload: validSubmission(t.peptides.get('BPC-157')!, { story, effects: [`${storyWord} effect`] }),
    });
    expect(submitted.statusCode).toBe(201);
    const { trackingId, experience } = json(submitted).data;
    await updateTracked(app, trackingId, { story: `${story} more` }, common);
    await app.inject({
      remoteAddress: address,
      method: 'POST',
      url: `/api/experiences/${experience._id}/vote`,
      headers: auth,
      payload: { voteType: 'helpful' },
    });
    await app.inject({
      ...common,
      method: 'POST',
      url: '/api/experiences',
      payload: { ...validSubmission(t.peptides.get('BPC-157')!), story: 'too short', website: '' },
    });
    await app.inject({
      remoteAddress: address,
      method: 'POST',
      url: '/api/auth/logout',
      headers: auth,
      payload: { refreshToken: refreshed.refreshToken },
    });

    // The log is not empty: the requests are there, with their status codes.
    expect(captured).toContain('"url":"/api/users/login"');
    expect(captured).toContain('"url":"/api/experiences"');
    expect(captured).toContain('"statusCode":201');
    expect(captured).toContain('"statusCode":401');
    expect(captured.split('\n').filter(Boolean).length).toBeGreaterThan(20);

    const secrets: Record<string, string> = {
      password: PASSWORD,
      'wrong password': 'wrong-password-123',
      'moderator password': MODERATOR.password,
      email,
      'email local part': email.split('@')[0],
      'moderator email': MODERATOR.email,
      'access token': session.accessToken,
      'refresh token': session.refreshToken,
      'confirmation token': confirmToken,
      'rotated refresh token': refreshed.refreshToken,
      'moderator token': mod.accessToken,
      'story text': storyWord,
      address,
      forwarded,
      'loopback address': '127.0.0.1',
      'user agent': agent,
    };
    for (const [what, secret] of Object.entries(secrets)) expect(captured.includes(secret), what).toBe(false);
    // No request or response bodies at all.
    expect(captured).not.toMatch(/"body"|"payload"|"headers"|authorization|remoteAddress/i);
  });

  it('never hold a tracking ID: lookup, update and delete carry it in the body, the log names the route', async () => {
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(t.peptides.get('BPC-157')!),
    });
    const { trackingId } = json(submitted).data as { trackingId: string };
    captured = '';
    const spaced = ` ${trackingId.toLowerCase()} `;
    expect((await lookupTracked(app, trackingId)).statusCode).toBe(200);
    expect((await lookupTracked(app, spaced)).statusCode).toBe(200);
    expect((await updateTracked(app, spaced, { effects: ['Calmer'] })).statusCode).toBe(200);
    expect((await updateTracked(app, trackingId, { story: 'too short' })).statusCode).toBe(400);
    expect((await lookupTracked(app, 'TRK-1234')).statusCode).toBe(400);
    expect((await deleteTracked(app, trackingId)).statusCode).toBe(200);
    expect((await lookupTracked(app, trackingId)).statusCode).toBe(404);
    expect((await deleteTracked(app, trackingId)).statusCode).toBe(404);
    // The retired path forms, tried by an old client: a 404 whose log line names the pattern.
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await app.inject({ method, url: `/api/experiences/tracking/${trackingId}` })).statusCode).toBe(404);
    }

    const lines = captured
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { req?: { method: string; url: string } });
    const routes = new Set(lines.filter((l) => l.req).map((l) => `${l.req!.method} ${l.req!.url}`));
    expect([...routes].sort()).toEqual([
      'DELETE /api/experiences/tracking/:trackingId',
      'GET /api/experiences/tracking/:trackingId',
      'POST /api/experiences/tracking/delete',
      'POST /api/experiences/tracking/lookup',
      'PUT /api/experiences/tracking',
      'PUT /api/experiences/tracking/:trackingId',
    ]);
    expect(captured).not.toMatch(/TRK-/i);
    expect(captured).not.toContain(trackingId.slice(4));
  });
});
