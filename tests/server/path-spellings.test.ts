// Route rules follow the route, not the URL text: every route of the API is sent over
// real HTTP (no request normalisation on the way) under several spellings that reach it:
// percent-encoded letters (lower- and upper-case hex), doubled slashes, a leading double slash
// and a trailing slash. Each spelling must get what the plain path gets: the same status and
// body, `cache-control`, content type and log line, and the same rate-limit bucket. Spellings
// the router does not match (another letter case) are JSON 404s that count toward the limit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract';
import { buildApp, loggerOptions } from '../../server/app';
import { bearer, createTestApp, submit, validSubmission, type TestApp } from './helpers';
import { moderatorToken, newMember } from './fixtures';

type EndpointKey = keyof typeof ENDPOINTS;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with the path sent exactly as written (Node's client does not normalise it). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The spellings of a path that the router matches to the same route. */
export function spellingsOf(path: string): Record<string, string> {
  const segments = path.split('/').filter(Boolean);
  const encodeFirstLetter = (upper: boolean) =>
    `/${segments
      .map((s) =>
        s.replace(
          /[a-z]/,
          (c) => `%${upper ? c.charCodeAt(0).toString(16).toUpperCase() : c.charCodeAt(0).toString(16)}`,
        ),
      )
      .join('/')}`;
  return {
    'percent-encoded letters': encodeFirstLetter(false),
    'percent-encoded (upper-case hex)': encodeFirstLetter(true),
    'doubled slashes': `/${segments.join('//')}`,
    'leading double slash': `//${segments.join('/')}`,
    'trailing slash': `${path}/`,
  };
}

let t: TestApp;
let app: FastifyInstance;
let port: number;
let logLines: string[] = [];
let tokens: { member: Record<string, string>; moderator: Record<string, string> };
let ids: { experienceId: string; trackingId: string; peptideId: string };

beforeAll(async () => {
  t = await createTestApp();
  const m = await newMember(t, 'spellings');
  tokens = { member: m.headers, moderator: bearer(await moderatorToken(t)) };
  ids = { peptideId: t.peptides.get('BPC-157')!, experienceId: '', trackingId: '' };
  const s = await submit(t, validSubmission(ids.peptideId));
  ids.experienceId = s.experience._id;
  ids.trackingId = s.trackingId;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(t.ctx, { logger: { ...(loggerOptions('info') as object), stream } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** A request per endpoint whose answer is the same every time it is sent (writes are refused). */
function requestFor(key: EndpointKey): { path: string; headers: Record<string, string>; body?: string } {
  const e = ENDPOINTS[key];
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const path = (e.path as string).replace(
    ':id',
    ['experience', 'voteStatus', 'vote'].includes(key)
      ? ids.experienceId
      : key === 'peptide'
        ? ids.peptideId
        : unknownId,
  );
  const headers = e.access === 'moderator' ? tokens.moderator : e.access === 'member' ? tokens.member : {};
  // Bodies the contract refuses (400, the same message every time) or ids nobody has (404).
  const bodies: Partial<Record<EndpointKey, unknown>> = {
    register: { email: 'not-an-email', password: 'x' },
    login: { email: 'not-an-email', password: '' },
    refresh: { refreshToken: '' },
    logout: { refreshToken: 5 },
    updateMe: { role: 'moderator' },
    rejectUser: { notes: 'x' },
    createPeptide: { name: '' },
    submitExperience: { peptideId: 'nope' },
    // The tracking routes take the ID in the body: a lookup that finds it, an update with
    // nothing to change, a delete of an ID nobody has.
    trackedExperience: { trackingId: ids.trackingId },
    updateTrackedExperience: { trackingId: ids.trackingId },
    deleteTrackedExperience: { trackingId: 'TRK-00000000000000000000' },
    vote: { voteType: 'nonsense' },
    // A member's own account: refused bodies, so no password changes, no session ends, nobody is mailed.
    changePassword: { currentPassword: 'x' },
    signOutEverywhere: { everywhere: true },
    deleteMe: { password: 5 },
    forgotPassword: { email: 'not-an-email' },
    resetPassword: { token: '' },
    unsubscribe: { token: '' },
  };
  const body = key in bodies ? JSON.stringify(bodies[key]) : e.method === 'GET' ? undefined : '{}';
  const query =
    key === 'myVotes' ? `?experienceIds=${ids.experienceId}` : key === 'compare' ? `?ids=${ids.peptideId}` : '';
  return { path: `${path}${query}`, headers, body };
}

/** The log line of the last finished request: method, route pattern and status. */
function lastLogged(): { method?: string; url?: string; statusCode?: number } {
  for (let i = logLines.length - 1; i >= 0; i--) {
    const line = JSON.parse(logLines[i]) as {
      msg?: string;
      req?: { method: string; url: string };
      res?: { statusCode: number };
      reqId?: string;
    };
    if (line.msg === 'request completed') {
      const incoming = logLines
        .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; req?: { method: string; url: string } })
        .find((l) => l.msg === 'incoming request' && l.reqId === line.reqId);
      return { method: incoming?.req?.method, url: incoming?.req?.url, statusCode: line.res?.statusCode };
    }
  }
  return {};
}

const TREATMENT_HEADERS = [
  'cache-control',
  'content-type',
  'content-security-policy',
  'x-content-type-options',
] as const;

describe('every route under every spelling that reaches it', () => {
  it('gets the same status, body, headers and log line as the plain path', async () => {
    const keys = Object.keys(ENDPOINTS) as EndpointKey[];
    let compared = 0;
    const mismatches: string[] = [];
    for (const key of keys) {
      const { path, headers, body } = requestFor(key);
      const [pathname, query = ''] = path.split('?');
      const method = ENDPOINTS[key].method;
      logLines = [];
      const plain = await send(port, method, path, headers, body);
      const plainLog = lastLogged();
      expect(plain.status, `${method} ${path}: ${plain.body}`).toBeLessThan(500);
      for (const [spelling, spelled] of Object.entries(spellingsOf(pathname))) {
        const url = query ? `${spelled}?${query}` : spelled;
        logLines = [];
        const res = await send(port, method, url, headers, body);
        compared++;
        const what = `${method} ${url} (${spelling})`;
        if (res.status !== plain.status) mismatches.push(`${what}: status ${res.status}, plain ${plain.status}`);
        // Bodies are the same answer; a refused write names the same field.
        const normalise = (b: string) => b.replace(/"(createdAt|updatedAt|generatedAt)":"[^"]*"/g, '');
        if (normalise(res.body) !== normalise(plain.body))
          mismatches.push(`${what}: body ${res.body.slice(0, 120)} vs ${plain.body.slice(0, 120)}`);
        for (const h of TREATMENT_HEADERS) {
          if (res.headers[h] !== plain.headers[h])
            mismatches.push(`${what}: ${h} ${String(res.headers[h])}, plain ${String(plain.headers[h])}`);
        }
        const logged = lastLogged();
        if (JSON.stringify(logged) !== JSON.stringify(plainLog))
          mismatches.push(`${what}: logged ${JSON.stringify(logged)}, plain ${JSON.stringify(plainLog)}`);
      }
    }
    console.log(
      `[path spellings] ${keys.length} routes x ${Object.keys(spellingsOf('/a/b')).length} spellings = ${compared} requests compared with the plain path`,
    );
    expect(mismatches).toEqual([]);
    expect(compared).toBe(keys.length * 5);
  }, 120_000);

  it('logs the route pattern, so no spelling puts a tracking ID or an id in a log line', async () => {
    logLines = [];
    const lookup = '/api/experiences/tracking/lookup';
    for (const spelled of [lookup, ...Object.values(spellingsOf(lookup))]) {
      for (const id of [ids.trackingId, ` ${ids.trackingId.toLowerCase()} `]) {
        const res = await send(port, 'POST', spelled, {}, JSON.stringify({ trackingId: id }));
        expect(res.status, spelled).toBe(200);
      }
    }
    // The retired path form, with the ID in the URL, is a 404 logged by its pattern.
    const retired = `/api/experiences/tracking/${ids.trackingId}`;
    for (const spelled of [
      retired,
      ...Object.values(spellingsOf(retired)),
      `/api/experiences/tracking/${ids.trackingId.toLowerCase()}`,
    ]) {
      expect((await send(port, 'GET', spelled)).status, spelled).toBe(404);
    }
    await send(port, 'GET', `/API/experiences/tracking/${ids.trackingId}`);
    const text = logLines.join('\n');
    expect(text).toContain('"url":"/api/experiences/tracking/lookup"');
    expect(text).toContain('"url":"/api/experiences/tracking/:trackingId"');
    expect(text).not.toMatch(/TRK-\d/i);
    expect(text).not.toContain(ids.trackingId.slice(4));
  });

  it('a personal answer is never marked cacheable, in any spelling', async () => {
    for (const spelled of ['/api/users/me', ...Object.values(spellingsOf('/api/users/me'))]) {
      const res = await send(port, 'GET', spelled, tokens.member);
      expect(res.status, spelled).toBe(200);
      expect(res.headers['cache-control'], spelled).toBe('no-store');
    }
    const lookup = '/api/experiences/tracking/lookup';
    for (const spelled of [lookup, ...Object.values(spellingsOf(lookup))]) {
      const res = await send(port, 'POST', spelled, {}, JSON.stringify({ trackingId: ids.trackingId }));
      expect(res.status, spelled).toBe(200);
      expect(res.headers['cache-control'], spelled).toBe('no-store');
    }
  });

  it('a public read kept as bytes is the same kept answer under every spelling (304 on its ETag)', async () => {
    const plain = await send(port, 'GET', '/api/experiences?sort=helpful&limit=5');
    expect(plain.status).toBe(200);
    const etag = String(plain.headers.etag);
    for (const spelled of Object.values(spellingsOf('/api/experiences'))) {
      const res = await send(port, 'GET', `${spelled}?limit=5&sort=helpful`, { 'if-none-match': etag });
      expect(res.status, spelled).toBe(304);
      expect(res.headers['cache-control'], spelled).toBe('no-cache');
    }
  });

  it('a NUL in any spelling of a path or query is a 400, never a 500', async () => {
    for (const spelled of [
      `/api/experiences/%00`,
      `/%61pi/experiences/%00`,
      `//api/peptides/%00/`,
      `/api/peptides?search=%00`,
      `/%61pi//peptides/?search=a%00b`,
    ]) {
      const res = await send(port, 'GET', spelled);
      expect(res.status, spelled).toBe(400);
      expect(JSON.parse(res.body).error, spelled).toMatch(/NUL/);
    }
  });
});

describe('the general rate limit counts every spelling in one bucket', () => {
  let limited: TestApp;
  let limitedPort: number;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MULTIPLIER: '1', RATE_LIMIT_GENERAL: '24' });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    limitedPort = (limited.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => limited?.close());

  it('24 requests in any mix of spellings and routes pass; the 25th is 429 in every spelling', async () => {
    const paths = [
      '/api/experiences',
      ...Object.values(spellingsOf('/api/experiences')),
      '/api/peptides',
      ...Object.values(spellingsOf('/api/peptides')),
      '/API/experiences',
      '/api/nothing-here',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await send(limitedPort, 'GET', paths[i % paths.length])).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const spelled of [...paths, '/%61pi/limits']) {
      const res = await send(limitedPort, 'GET', spelled);
      expect(res.status, spelled).toBe(429);
      expect(Number(res.headers['retry-after']), spelled).toBeGreaterThan(0);
      expect(res.headers['cache-control'], spelled).toBe('no-store');
    }
  });
});

describe('GET /metrics under every spelling', () => {
  const TOKEN = 'path-spellings-metrics-token';
  let withToken: TestApp;
  let tokenPort: number;
  beforeAll(async () => {
    withToken = await createTestApp({ METRICS_TOKEN: TOKEN });
    await withToken.app.listen({ port: 0, host: '127.0.0.1' });
    tokenPort = (withToken.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => withToken?.close());

  it('needs the token in every spelling, is never stored, and without METRICS_TOKEN is a 404 in every spelling', async () => {
    for (const spelled of ['/metrics', ...Object.values(spellingsOf('/metrics'))]) {
      const refused: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong-token-of-the-same-size' },
        { authorization: TOKEN },
        { authorization: `Basic ${TOKEN}` },
      ];
      for (const headers of refused) {
        const res = await send(tokenPort, 'GET', spelled, headers);
        expect(res.status, `${spelled} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers['www-authenticate'], spelled).toMatch(/^Bearer/);
        expect(res.headers['cache-control'], spelled).toBe('no-store');
        expect(res.body, spelled).not.toContain('peptide_');
      }
      const ok = await send(tokenPort, 'GET', spelled, { authorization: `Bearer ${TOKEN}` });
      expect(ok.status, spelled).toBe(200);
      expect(ok.headers['content-type'], spelled).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers['cache-control'], spelled).toBe('no-store');
      expect(ok.body, spelled).toContain('# TYPE peptide_http_request_duration_seconds histogram');
      // No token configured: the path does not exist, in any spelling, with or without a token.
      const off = await send(port, 'GET', spelled, { authorization: `Bearer ${TOKEN}` });
      expect(off.status, spelled).toBe(404);
      expect(off.body, spelled).not.toContain('peptide_');
    }
  });
});
