// Cross-cutting HTTP behaviour: health, limits, effects, JSON 404s, malformed and oversized bodies,
// content types, 500s that leak nothing, security and caching headers, every contract path routed.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EffectsResponse, ENDPOINTS, HealthReadyResponse, HealthResponse, LimitsResponse } from '../../contract';
import { buildApp } from '../../server/app';
import { migrationNames } from '../../server/db/migrate';
import { DRAIN } from '../../server/lib/drain';
import { DRAINING_MESSAGE } from '../../server/plugins/drain';
import { NOT_READY } from '../../server/services/readiness';
import { createTestApp, json, validSubmission, type TestApp } from './helpers';
import { countRows, expectError, moderatorToken, newMember, rows, storyOf } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: String(16 * 1024) });
});
afterAll(() => t.close());

describe('GET /api/health and /api/health/ready', () => {
  it('liveness answers ok without reading the database; readiness checks the database and the migrations', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponse.parse(json(res)).data).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(HealthReadyResponse.parse(json(ready)).data).toEqual({
      status: 'ready',
      db: 'ok',
      migrations: migrationNames().length,
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('readiness is 503 with Retry-After while a migration of this build is missing', async () => {
    const last = migrationNames().at(-1)!;
    await t.ctx.db.query('delete from schema_migrations where name = $1', [last]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(json(res)).toEqual({ success: false, error: NOT_READY.migrations(1), code: 'service_unavailable' });
    } finally {
      await t.ctx.db.query('insert into schema_migrations (name) values ($1)', [last]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('while draining on SIGTERM every request is 503 with Retry-After and Connection: close; on a handover requests are served, readiness is 503', async () => {
    try {
      t.ctx.lifecycle.draining = 'stop';
      for (const url of ['/api/health', '/api/health/ready', '/api/experiences', '/api/nothing']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe(String(DRAIN.retryAfterSeconds));
        expect(res.headers.connection, url).toBe('close');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(json(res), url).toEqual({ success: false, error: DRAINING_MESSAGE, code: 'service_unavailable' });
      }
      t.ctx.lifecycle.draining = 'handover';
      const served = await t.app.inject({ method: 'GET', url: '/api/experiences' });
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(json(ready).error).toBe(NOT_READY.draining);
    } finally {
      t.ctx.lifecycle.draining = null;
    }
  });
});

describe('GET /api/limits', () => {
  it('lists exactly the limits configured on the server', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/limits' });
    expect(res.statusCode).toBe(200);
    const limits = LimitsResponse.parse(json(res)).data.limits;
    const r = t.config.rateLimits;
    const by = (name: RegExp) => limits.find((l) => name.test(l.name))!;
    expect(by(/submissions/i)).toMatchObject({
      max: r.submissions.max,
      windowSeconds: r.submissions.windowSeconds,
      scope: 'address',
    });
    expect(by(/registrations/i)).toMatchObject({
      max: r.register.max,
      windowSeconds: r.register.windowSeconds,
      scope: 'address',
    });
    expect(by(/per account/i)).toMatchObject({
      max: r.loginPerEmail.max,
      windowSeconds: r.loginPerEmail.windowSeconds,
      scope: 'email',
    });
    expect(by(/per address/i)).toMatchObject({
      max: r.loginPerAddress.max,
      windowSeconds: r.loginPerAddress.windowSeconds,
      scope: 'address',
    });
    expect(by(/votes/i)).toMatchObject({ max: r.votes.max, windowSeconds: r.votes.windowSeconds, scope: 'account' });
    expect(by(/flags/i)).toMatchObject({ max: r.votes.max, windowSeconds: r.votes.windowSeconds, scope: 'account' });
    expect(by(/other/i)).toMatchObject({
      max: r.general.max,
      windowSeconds: r.general.windowSeconds,
      scope: 'address',
    });
    expect(by(/password-reset mails/i)).toMatchObject({
      max: r.resetMail.max,
      windowSeconds: r.resetMail.windowSeconds,
      scope: 'account',
    });
    expect(by(/corrections/i)).toMatchObject({
      max: r.edits.max,
      windowSeconds: r.edits.windowSeconds,
      scope: 'report',
    });
    expect(by(/peptide pages created/i)).toMatchObject({
      max: r.peptides.max,
      windowSeconds: r.peptides.windowSeconds,
      scope: 'account',
    });
    expect(by(/peptide pages deleted/i)).toMatchObject({
      max: r.peptideDeletes.max,
      windowSeconds: r.peptideDeletes.windowSeconds,
      scope: 'account',
    });
    expect(limits).toHaveLength(11);
  });

  it('follows the environment: the default limits scaled by RATE_LIMIT_MULTIPLIER, each overridable', async () => {
    const other = await createTestApp({
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_VOTES: '7',
      RATE_LIMIT_VOTES_WINDOW: '120',
    });
    try {
      const limits = LimitsResponse.parse(json(await other.app.inject({ method: 'GET', url: '/api/limits' }))).data
        .limits;
      const table = Object.fromEntries(limits.map((l) => [l.name, [l.max, l.windowSeconds]]));
      expect(table).toEqual({
        'Experience submissions': [10, 3600],
        Registrations: [5, 3600],
        'Failed sign-ins per account and address': [10, 900],
        'Failed sign-ins per address': [30, 900],
        Votes: [7, 120],
        Flags: [7, 120],
        'Password-reset mails': [3, 3600],
        'Corrections per report': [20, 3600],
        'Peptide pages created': [10, 86_400],
        'Peptide pages deleted': [20, 86_400],
        'All other API requests': [600, 60],
      });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/effects', () => {
  it('lists the effect vocabulary with types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/effects' });
    expect(res.statusCode).toBe(200);
    const data = EffectsResponse.parse(json(res)).data;
    const [count] = await rows<{ n: number }>(t, 'select count(*)::int as n from effects');
    expect(data.total).toBe(count.n);
    expect(data.effects).toHaveLength(count.n);
    expect(data.effects.some((e) => e.type === 'positive')).toBe(true);
    expect(data.effects.some((e) => e.type === 'side')).toBe(true);
    expect(data.effects.find((e) => e.name === 'Headache')?.type).toBe('side');
    expect(data.effects.find((e) => e.name === 'Improved Focus')?.type).toBe('positive');
    const names = data.effects.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('filters by type and searches by name, case-insensitively', async () => {
    const get = async (qs: string) =>
      EffectsResponse.parse(json(await t.app.inject({ method: 'GET', url: `/api/effects?${qs}` }))).data;
    const all = await get('');
    for (const type of ['positive', 'side'] as const) {
      const data = await get(`type=${type}`);
      expect(data.effects.length).toBeGreaterThan(0);
      expect(data.effects.every((e) => e.type === type)).toBe(true);
      expect(data.total).toBe(all.effects.filter((e) => e.type === type).length);
    }
    const nausea = await get('search=NAUS');
    expect(nausea.effects.map((e) => e.name)).toContain('Nausea');
    expect(nausea.effects.every((e) => e.name.toLowerCase().includes('naus'))).toBe(true);
    const sideSleep = await get('type=side&search=sleep');
    expect(sideSleep.effects.every((e) => e.type === 'side' && /sleep/i.test(e.name))).toBe(true);
    expect((await get('search=%25')).effects).toEqual([]);
    const limited = await get('limit=3');
    expect(limited.effects).toHaveLength(3);
    expect(limited.total).toBe(all.total);
  });

  it('refuses unknown types and out-of-range limits', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/effects?type=neutral' }),
      400,
      /type must be one of: positive, side/,
    );
    expectError(await t.app.inject({ method: 'GET', url: '/api/effects?limit=501' }), 400, /limit/);
    expectError(await t.app.inject({ method: 'GET', url: '/api/effects?limit=0' }), 400, /limit/);
  });
});

describe('not found', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/peptides/a/b/c'],
    ['PATCH', '/api/peptides'],
    ['DELETE', '/api/experiences'],
  ] as const)('%s %s is a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expectError(res, 404, `Not found: ${method} ${url}`);
  });

  it('outside /api, without a built SPA, answers a JSON 404 too', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/some/page' }), 404, 'Not found');
  });

  it('every path of the contract is routed', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      const url = e.path.replace(':id', uuid).replace(':trackingId', 'TRK-00000000000000000000');
      const res = await t.app.inject({
        method: e.method,
        url,
        payload: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, key).not.toBe(500);
      expect(res.body, key).not.toContain('Not found: ');
    }
  });
});

describe('bad requests', () => {
  it.each(['/api/users/register', '/api/users/login', '/api/auth/refresh', '/api/experiences'])(
    'malformed JSON to %s is a 400 that says so',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expectError(res, 400, 'The request body is not valid JSON');
    },
  );

  it('malformed JSON to a members-only route is a 400 for a member, a 401 for anyone else', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/peptides',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
    expectError(await post({}), 401);
    expectError(await post((await newMember(t)).headers), 400, 'The request body is not valid JSON');
  });

  it('an empty JSON body is a 400 naming the missing fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(res, 400);
    expectError(await t.app.inject({ method: 'POST', url: '/api/users/login', payload: {} }), 400, /email/);
  });

  it('a body of another media type, plain text too, is a 415 naming the type to send', async () => {
    const post = (type: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/login', headers: { 'content-type': type }, payload });
    expectError(await post('application/xml', '<login/>'), 415, /send JSON/);
    expectError(await post('text/plain', 'email=a@example.com'), 415, /send JSON \(application\/json\)/);
    expectError(await post('text/plain; charset=utf-8', '{"email": "a@example.com"}'), 415, /send JSON/);
    // Without a body or its type, the request still reaches the schema.
    expectError(await t.app.inject({ method: 'POST', url: '/api/users/login' }), 400, /email is required/);
  });

  it('a compressed body is read in gzip, deflate or br; any other Content-Encoding is a 415 saying so', async () => {
    const login = { email: 'nobody-encoded@example.com', password: 'not-the-password' };
    const post = (encoding: string, payload: Buffer | string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
    for (const [encoding, body] of [
      ['gzip', zlib.gzipSync(JSON.stringify(login))],
      ['br', zlib.brotliCompressSync(JSON.stringify(login))],
    ] as const) {
      // Read as JSON: a wrong sign-in, not a complaint about the body.
      expectError(await post(encoding, body), 401);
    }
    for (const encoding of ['x-unknown', 'compress', 'zstd, gzip']) {
      const res = await post(encoding, JSON.stringify(login));
      expectError(res, 415, /Content-Encoding is not supported/);
      expect(res.body).not.toMatch(/content type|x-unknown/i);
    }
  });

  it('a field of the wrong type is named as such, not as missing', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    expectError(await post('/api/auth/logout', { refreshToken: 42 }), 400, 'refreshToken must be a string');
    expectError(
      await post('/api/users/login', { email: ['a@example.com'], password: 'x' }),
      400,
      'email must be a string',
    );
    expectError(await post('/api/users/login', { password: 'x' }), 400, 'email is required');
    const res = await post('/api/experiences', {
      ...validSubmission(t.peptides.get('BPC-157')!),
      demographics: 'adult',
    });
    expectError(res, 400, 'demographics must be an object');
  });

  it('a body over the limit is a 413 and stores nothing', async () => {
    const before = await countRows(t, 'experiences');
    // Over both BODY_LIMIT_BYTES and the padded size the submission always admits (PADDED_BODY_BYTES).
    const huge = validSubmission(t.peptides.get('BPC-157')!, {
      effects: Array.from({ length: 1200 }, () => 'x'.repeat(60)),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/experiences', payload: huge });
    expectError(res, 413, 'The request body is too large');
    expect(await countRows(t, 'experiences')).toBe(before);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { email: 'big@example.com', password: 'p'.repeat(20_000) },
      }),
      413,
    );
    // A body within the limit is judged on its content instead.
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(t.peptides.get('BPC-157')!, { story: storyOf(1000) }),
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe('server errors', () => {
  it('a 500 says something went wrong and leaks no stack, SQL or message', async () => {
    const app = await buildApp(t.ctx);
    app.get('/api/test-boom', async () => {
      await t.ctx.db.query('select * from table_that_does_not_exist where secret = $1', ['hunter2']);
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test-boom' });
      expectError(res, 500, 'Something went wrong on our side. Please try again.');
      expect(res.body).not.toMatch(/table_that_does_not_exist|hunter2|select|at .*\.ts|stack/i);
    } finally {
      await app.close();
    }
  });
});

describe('headers', () => {
  it('API answers are not cached and carry the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/peptides' });
    // A public read may be kept but must be revalidated (ETag, 304: see http-caching.test.ts).
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    const err = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(err.headers['cache-control']).toBe('no-store');
  });

  it('public reads answer any origin without credentials; member calls stay same-origin unless CORS_ORIGIN', async () => {
    const origin = { origin: 'https://observablehq.example' };
    for (const url of ['/api/health', '/api/experiences?limit=2', '/api/experiences?limit=2']) {
      // The second feed read comes from the kept answer: the same headers.
      const res = await t.app.inject({ method: 'GET', url, headers: origin });
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(String(res.headers['access-control-expose-headers']), url).toContain('RateLimit');
    }
    const m = await newMember(t, 'cors');
    const member = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { ...origin, ...m.headers } });
    expect(member.headers['access-control-allow-origin']).toBeUndefined();
    const write = await t.app.inject({ method: 'POST', url: '/api/experiences', headers: origin, payload: {} });
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/me',
      headers: { ...origin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a public read sending If-None-Match or a token passes its preflight; the API document and changelog are readable from anywhere', async () => {
    const origin = 'https://observablehq.example';
    for (const url of ['/api/openapi.json', '/api/changelog', '/api/experiences?limit=2', '/api/peptides/abc']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'if-none-match,authorization',
        },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase(), url).toContain('if-none-match');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase(), url).toContain('authorization');
    }
    for (const url of ['/api/openapi.json', '/api/changelog']) {
      const read = await t.app.inject({ method: 'GET', url, headers: { origin } });
      expect(read.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(read.headers['access-control-expose-headers']), url).toContain('ETag');
    }
    // A write asks first too, and is not let through from another origin.
    const write = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/experiences',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an origin named in CORS_ORIGIN may call member routes', async () => {
    const allowed = await createTestApp({ CORS_ORIGIN: 'https://lab.example' });
    try {
      const m = await newMember(allowed, 'cors-allowed');
      const res = await allowed.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { origin: 'https://lab.example', ...m.headers },
      });
      expect(res.headers['access-control-allow-origin']).toBe('https://lab.example');
    } finally {
      await allowed.close();
    }
  });

  it('a moderator token works on moderator reads (sanity for the headers above)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/research/overview',
      headers: { authorization: `Bearer ${await moderatorToken(t)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
