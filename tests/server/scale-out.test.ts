// Several server processes on one PostgreSQL (WORKERS=N or several machines behind a load
// balancer): a write through one is seen by the others at once (their read caches are emptied
// by NOTIFY), rate-limit counters are shared, a token from one works on another, and a session
// ended through one is refused by the others at once (NOTIFY app_sessions empties their
// session caches).
// Runs only with TEST_DATABASE_URL (PGlite is one process by design).
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { jwtSecret } from '../../server/bootstrap';
import { createContext, type AppContext } from '../../server/context';
import { openDb } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedCatalogue } from '../../server/seed/index';
import { ensureModerator } from '../../server/services/users';
import type { OutgoingMail } from '../../server/mail/transport';
import {
  MODERATOR,
  PASSWORD,
  bearer,
  confirmationToken,
  freshPostgresDatabase,
  recordSentMail,
  testConfig,
  validSubmission,
} from './helpers';

const baseUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
  sent: OutgoingMail[];
}

/** One server process's worth: its own pool, cache, limiter and LISTEN connection. */
async function instance(databaseUrl: string, first: boolean, general = '100000'): Promise<Instance> {
  const config = testConfig({
    RATE_LIMIT_MULTIPLIER: '1',
    RATE_LIMIT_SUBMISSIONS: '4',
    RATE_LIMIT_GENERAL: general,
    RATE_LIMIT_LOGIN_EMAIL: '1000',
    RATE_LIMIT_LOGIN_ADDRESS: '1000',
    RATE_LIMIT_REGISTER: '1000',
  });
  const db = await openDb({ databaseUrl });
  await migrate(db);
  const ctx = createContext(config, db, await jwtSecret(db, null));
  if (first) {
    await seedCatalogue(ctx);
    await ensureModerator(ctx, MODERATOR.email, MODERATOR.password);
  }
  const sent = recordSentMail(ctx);
  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx, sent };
}

describe.skipIf(!baseUrl)('two server processes on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let peptideId: string;

  beforeAll(async () => {
    const url = await freshPostgresDatabase(baseUrl!);
    a = await instance(url, true);
    b = await instance(url, false);
    peptideId = (await a.ctx.db.query<{ id: string }>(`select id from peptides where name = 'BPC-157'`)).rows[0].id;
  });
  afterAll(async () => {
    for (const i of [a, b]) {
      if (!i) continue;
      await i.app.close();
      await i.ctx.db.close();
    }
  });

  const get = (i: Instance, url: string) => i.app.inject({ method: 'GET', url }).then((r) => JSON.parse(r.body).data);

  it("a submission through one is in the other's feed, home and analytics at once", async () => {
    // Fill the second process's caches first.
    const before = await get(b, '/api/analytics/public');
    await get(b, '/api/experiences');
    await get(b, '/api/experiences/home/public');

    const res = await a.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) });
    expect(res.statusCode).toBe(201);
    const id = JSON.parse(res.body).data.experience._id;
    const started = Date.now();

    // NOTIFY is delivered at commit; allow the other connection's socket one turn to read it.
    await expect
      .poll(async () => (await get(b, '/api/experiences')).experiences[0]?._id, { timeout: 1000, interval: 5 })
      .toBe(id);
    expect(Date.now() - started).toBeLessThan(500);
    expect((await get(b, '/api/experiences/home/public')).experiences[0]._id).toBe(id);
    expect((await get(b, '/api/analytics/public')).totalExperiences).toBe(before.totalExperiences + 1);
  });

  it('rate-limit counts are shared: the limit holds across both', async () => {
    const post = (i: Instance) =>
      i.app.inject({ method: 'POST', url: '/api/experiences', payload: validSubmission(peptideId) });
    // The limit is 4 per hour per address; the first test used one (through a).
    const statuses = [(await post(b)).statusCode, (await post(a)).statusCode, (await post(b)).statusCode];
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await post(a);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(b)).statusCode).toBe(429);
  });

  it('needs no sticky sessions: a token from one process works on the other', async () => {
    const login = await a.app.inject({ method: 'POST', url: '/api/users/login', payload: MODERATOR });
    expect(login.statusCode).toBe(200);
    const { accessToken, refreshToken } = JSON.parse(login.body).data;
    const me = await b.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    // Sign out on b: the session ends for a too.
    const out = await b.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    const after = await a.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(401);
  });

  /** An approved member signed in through `i`, whose session `i` now keeps in its session cache. */
  async function cachedMember(i: Instance) {
    const email = `scale-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await a.app.inject({ method: 'POST', url: '/api/users/register', payload: { email, password: PASSWORD } });
    // Either process's delivery may send the confirmation mail.
    const token = await confirmationToken(
      {
        get sent() {
          return [...a.sent, ...b.sent];
        },
      },
      email,
    );
    expect(
      (await b.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } })).statusCode,
    ).toBe(200);
    const mod = JSON.parse((await a.app.inject({ method: 'POST', url: '/api/users/login', payload: MODERATOR })).body)
      .data.accessToken;
    const userId = (await a.ctx.db.query<{ id: string }>('select id from users where email = $1', [email])).rows[0].id;
    await a.app.inject({ method: 'POST', url: `/api/users/${userId}/approve`, headers: bearer(mod) });
    const tokens = JSON.parse(
      (await i.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: PASSWORD } })).body,
    ).data;
    const headers = bearer(tokens.accessToken as string);
    expect((await i.app.inject({ method: 'GET', url: '/api/analytics', headers })).statusCode).toBe(200);
    const { sid } = decodeJwt(tokens.accessToken);
    expect(i.ctx.sessions.get(userId, sid as string), 'kept in the session cache').toBeDefined();
    return { email, userId, mod: bearer(mod), headers, refreshToken: tokens.refreshToken as string };
  }
  const status = (i: Instance, headers: Record<string, string>) =>
    i.app.inject({ method: 'GET', url: '/api/analytics', headers }).then((r) => r.statusCode);

  it("a submission through one is in the other's members-only analytics at once (kept as bytes there)", async () => {
    const m = await cachedMember(b);
    const read = async () =>
      JSON.parse((await b.app.inject({ method: 'GET', url: '/api/analytics', headers: m.headers })).body).data
        .totalExperiences as number;
    const before = await read();
    expect(await read()).toBe(before);
    // From another address: the rate-limit test used up this one's submissions.
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId),
      remoteAddress: '192.0.2.77',
    });
    expect(res.statusCode).toBe(201);
    await expect.poll(read, { timeout: 1000, interval: 5 }).toBe(before + 1);
  });

  it('a sign-out through one is refused at once by the other, which had just cached that session', async () => {
    const m = await cachedMember(a);
    const out = await b.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: m.headers,
      payload: { refreshToken: m.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    const started = Date.now();
    // NOTIFY app_sessions arrives at commit; allow a's listening socket one turn to read it.
    await expect.poll(() => status(a, m.headers), { timeout: 1000, interval: 5 }).toBe(401);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('sign out everywhere through one while the other rotates a stolen session it had cached: none of its tokens works afterwards', async () => {
    const refresh = (refreshToken: string) =>
      b.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    /** Waits for NOTIFY app_sessions to reach b: false if the token still works after 5 s (the session survived). */
    const refusedBy = async (headers: Record<string, string>) => {
      for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10)))
        if ((await status(b, headers)) === 401) return true;
      return false;
    };
    let survivors = 0;
    const tries = 10;
    for (let i = 0; i < tries; i++) {
      const stolen = await cachedMember(b);
      const owner = JSON.parse(
        (
          await a.app.inject({
            method: 'POST',
            url: '/api/users/login',
            payload: { email: stolen.email, password: PASSWORD },
          })
        ).body,
      ).data;
      const accessTokens = [stolen.headers.authorization.slice('Bearer '.length)];
      let latest = stolen.refreshToken;
      const race = { ended: false };
      const rotating = (async () => {
        while (!race.ended) {
          const res = await refresh(latest);
          if (res.statusCode !== 200) return;
          const data = JSON.parse(res.body).data;
          latest = data.refreshToken;
          accessTokens.push(data.accessToken);
        }
      })();
      await new Promise((r) => setTimeout(r, i % 5));
      expect(
        (
          await a.app.inject({
            method: 'POST',
            url: '/api/users/me/sessions/end',
            headers: bearer(owner.accessToken),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
      race.ended = true;
      await rotating;
      const refused = [
        (await refresh(latest)).statusCode === 401,
        ...(await Promise.all(accessTokens.map((token) => refusedBy(bearer(token))))),
      ];
      if (!refused.every(Boolean)) survivors += 1;
    }
    expect(survivors, `survivors ${survivors} of ${tries}`).toBe(0);
  });

  it('a rejection through one is refused at once by the other; the read caches stay warm', async () => {
    const m = await cachedMember(a);
    const version = a.ctx.cache.currentVersion;
    expect(
      (await b.app.inject({ method: 'POST', url: `/api/users/${m.userId}/reject`, headers: m.mod, payload: {} }))
        .statusCode,
    ).toBe(200);
    await expect.poll(() => status(a, m.headers), { timeout: 1000, interval: 5 }).not.toBe(200);
    expect([401, 403]).toContain(await status(a, m.headers));
    // Session signals have their own channel: they do not empty the public read caches.
    expect(a.ctx.cache.currentVersion).toBe(version);
  });

  it('a change made outside the API (SQL by hand) reaches the other too', async () => {
    const m = await cachedMember(a);
    await b.ctx.db.query(`update users set status = 'rejected' where id = $1`, [m.userId]);
    await expect.poll(() => status(a, m.headers), { timeout: 1000, interval: 5 }).toBe(403);
  });

  it('while its LISTEN app_sessions connection is down, a process trusts no kept session', async () => {
    const m = await cachedMember(a);
    const killed = await b.ctx.db.query<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query = 'listen app_sessions'`,
    );
    expect(killed.rows.length).toBe(2);
    await expect.poll(() => a.ctx.sessions.enabled, { timeout: 2000, interval: 5 }).toBe(false);
    // Nothing announces this change to a (its connection is gone, the change bypasses b's
    // services); a still refuses at once because it asks the database.
    await b.ctx.db.query(`update sessions set revoked_at = now() where user_id = $1`, [m.userId]);
    expect(await status(a, m.headers)).toBe(401);
    // It reconnects by itself and caches again.
    await expect.poll(() => a.ctx.sessions.enabled, { timeout: 5000, interval: 20 }).toBe(true);
    await cachedMember(a);
  });
});

describe.skipIf(!baseUrl)('the general limit across processes', () => {
  let c: Instance;
  let d: Instance;
  beforeAll(async () => {
    const url = await freshPostgresDatabase(baseUrl!);
    c = await instance(url, true, '40');
    d = await instance(url, false, '40');
  });
  afterAll(async () => {
    for (const i of [c, d]) {
      if (!i) continue;
      await i.app.close();
      await i.ctx.db.close();
    }
  });

  it('is counted over both (hits are added to the shared counter within a fraction of a second)', async () => {
    const health = (i: Instance) => i.app.inject({ method: 'GET', url: '/api/health' }).then((r) => r.statusCode);
    const settle = () => new Promise((r) => setTimeout(r, 300));
    let allowed = 0;
    for (let n = 0; n < 25; n++) allowed += (await health(c)) === 200 ? 1 : 0;
    for (let n = 0; n < 10; n++) allowed += (await health(d)) === 200 ? 1 : 0;
    expect(allowed).toBe(35);
    // Each process adds its hits to the shared counter within one flush (200 ms) and learns the
    // total; between flushes it can admit at most the hits it saw itself.
    const last: number[] = [];
    for (let round = 0; round < 8; round++) {
      await settle();
      const pair = [await health(c), await health(d)];
      allowed += pair.filter((s) => s === 200).length;
      last.splice(0, 2, ...pair);
    }
    expect(allowed).toBeGreaterThanOrEqual(40);
    expect(allowed).toBeLessThanOrEqual(42);
    expect(last).toEqual([429, 429]);
  });
});
