// Errors: the global error handler never leaks a stack trace or SQL, even when
// the database fails under every endpoint; malformed JSON is a 400 and an oversized body a 413 on
// every endpoint that takes a body; unknown /api paths are JSON 404s; and a real server process
// survives all of it, including broken HTTP, and keeps answering.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../contract';
import { bearer, createTestApp, json, submit, validSubmission, type TestApp } from './helpers';
import { expectError, moderatorToken } from './fixtures';
import { freePort } from '../../scripts/local-server';

let t: TestApp;
let mod: Record<string, string>;
let ids: { experience: string; tracking: string; peptide: string };

beforeAll(async () => {
  t = await createTestApp();
  mod = bearer(await moderatorToken(t));
  const s = await submit(t, validSubmission(t.peptides.get('BPC-157')!));
  ids = { experience: s.experience._id, tracking: s.trackingId, peptide: t.peptides.get('BPC-157')! };
});
afterAll(() => t?.close());

const GENERIC = 'Something went wrong on our side. Please try again.';
/** What a leak would look like: SQL, driver messages, file paths, stack frames. */
const LEAK =
  /select |insert |update .* set|relation "|syntax error|pglite|postgres|node_modules|\.ts:\d+|\bat [\w.<>]+ \(|stack|hunter2|secret_column/i;

function urlOf(key: string, e: { path: string }) {
  return e.path
    .replace(':trackingId', ids.tracking)
    .replace(
      ':id',
      key === 'peptide' || key === 'deletePeptide' ? '00000000-0000-4000-8000-000000000000' : ids.experience,
    );
}

describe('when the database fails', () => {
  it('every endpoint answers 500 with a plain message and no stack or SQL; the app recovers', async () => {
    const db = t.ctx.db as unknown as Record<string, unknown>;
    const original = { query: db.query, transaction: db.transaction };
    const boom = async () => {
      const err = new Error(
        'relation "secret_column" does not exist: select secret_column from users where password = \'hunter2\'',
      );
      Object.assign(err, { code: '42P01', position: '8', routine: 'parserOpenTable' });
      throw err;
    };
    t.ctx.cache?.invalidate?.();
    db.query = boom;
    db.transaction = boom;
    let fivehundreds = 0;
    try {
      for (const [key, e] of Object.entries(ENDPOINTS)) {
        // The API's own document and changelog need no database, and name fields such as `stack`.
        if (key === 'apiDocument' || key === 'apiChangelog') continue;
        const body =
          e.method === 'GET' || e.method === 'DELETE'
            ? undefined
            : key === 'submitExperience'
              ? validSubmission(ids.peptide)
              : key === 'vote'
                ? { voteType: 'helpful' }
                : key === 'login' || key === 'register'
                  ? { email: 'x@example.com', password: 'a-long-password-1' }
                  : {};
        // Without a token, and with one (its check itself needs the database).
        for (const headers of [{}, mod]) {
          const res = await t.app.inject({ method: e.method, url: urlOf(key, e), headers, payload: body });
          expect(res.body, `${key}`).not.toMatch(LEAK);
          expect(res.headers['content-type'], key).toMatch(/application\/json/);
          // Readiness answers 503 whatever the database's fault: send no traffic here.
          if (key === 'healthReady') expect(res.statusCode, key).toBe(503);
          else if (res.statusCode >= 500) {
            fivehundreds++;
            expect(res.statusCode, key).toBe(500);
            expect(json(res), key).toEqual({ success: false, error: GENERIC, code: 'server_error' });
          }
        }
      }
    } finally {
      db.query = original.query;
      db.transaction = original.transaction;
    }
    expect(fivehundreds).toBeGreaterThan(20);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: mod })).statusCode).toBe(200);
  });

  it('while the database cannot be reached (PostgreSQL restarting), every endpoint that needs it answers 503 with Retry-After, never 500; liveness stays 200', async () => {
    const db = t.ctx.db as unknown as Record<string, unknown>;
    const original = { query: db.query, transaction: db.transaction };
    // What node-postgres throws while PostgreSQL restarts: a refused connection, a terminated session.
    const faults = [
      () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      () => new Error('Connection terminated unexpectedly'),
    ];
    const statuses = new Map<number, number>();
    try {
      for (const fault of faults) {
        db.query = async () => {
          throw fault();
        };
        db.transaction = db.query;
        t.ctx.cache.invalidate();
        for (const [key, e] of Object.entries(ENDPOINTS)) {
          const body =
            e.method === 'GET' || e.method === 'DELETE'
              ? undefined
              : key === 'submitExperience'
                ? validSubmission(ids.peptide)
                : key === 'vote'
                  ? { voteType: 'helpful' }
                  : {};
          const res = await t.app.inject({ method: e.method, url: urlOf(key, e), headers: mod, payload: body });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, key).not.toBe(500);
          expect(res.body, key).not.toMatch(/ECONNREFUSED|5432|administrator|terminated/);
          if (res.statusCode === 503) {
            expect(Number(res.headers['retry-after']), key).toBeGreaterThan(0);
            expect(json(res).error, key).toMatch(/database cannot be reached/);
          }
        }
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      }
    } finally {
      db.query = original.query;
      db.transaction = original.transaction;
    }
    console.log(`[errors] database unreachable: statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(statuses.get(503)).toBeGreaterThan(30);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('malformed and oversized bodies on every endpoint that takes one', () => {
  const bodyEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.method === 'POST' || e.method === 'PUT');

  it.each(bodyEndpoints)('%s: malformed JSON is a 400 saying so', async (key, e) => {
    for (const payload of ['{"a": ', '{a: 1}', '[1, 2', '{"a": 1}}', "{'a': 1}", '{"a": undefined}']) {
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(key, e),
        headers: { ...mod, 'content-type': 'application/json' },
        payload,
      });
      expectError(res, 400, 'The request body is not valid JSON');
    }
  });

  it.each(bodyEndpoints)('%s: a body over the limit is a 413', async (key, e) => {
    const payload = JSON.stringify({ notes: 'x'.repeat(t.config.bodyLimitBytes + 10) });
    const res = await t.app.inject({
      method: e.method,
      url: urlOf(key, e),
      headers: { ...mod, 'content-type': 'application/json' },
      payload,
    });
    expectError(res, 413, 'The request body is too large');
  });

  it('a Content-Length larger than the limit is refused before the body is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      headers: { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) },
      payload: '{}',
    });
    expect([400, 413]).toContain(res.statusCode);
    expect(json(res).success).toBe(false);
  });
});

describe('unknown paths', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    '%s on unknown /api paths is a JSON 404',
    async (method) => {
      for (const url of [
        '/api/admin',
        '/api/users/1/make-admin',
        '/api/peptides/wipe/all',
        '/api/../etc/passwd',
        '/api/%2e%2e/secret',
        '/api/experiences/x/y/z',
      ]) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(json(res).success).toBe(false);
        expect(res.body).not.toMatch(/<html/i);
      }
    },
  );
});

describe('refusals before any route is matched', () => {
  /** Status, lower-case headers and body of one raw HTTP answer. */
  function parseAnswer(text: string) {
    const [head, ...rest] = text.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
  }

  const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options'], what).toBeDefined();
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['cache-control'], what).toBe('no-store');
  };

  it("requests Node's HTTP parser refuses answer our envelope with a readable message, the security headers, and close", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const cases: [string, string, number, RegExp][] = [
      [
        'headers too large',
        `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
        431,
        /headers are too large/,
      ],
      [
        'a Content-Length that is not a number',
        'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
        400,
        /Content-Length/,
      ],
      ['a request line that is not HTTP', 'GARBAGE / HTTP/1.1\r\n\r\n', 400, /request line/],
      ['an unknown HTTP version', 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n', 400, /request line/],
      [
        'a broken chunked body',
        'POST /api/users/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
        400,
        /chunked/,
      ],
    ];
    for (const [what, request, status, message] of cases) {
      const answer = parseAnswer(await rawHttp(port, request));
      expect(answer.status, what).toBe(status);
      expect(answer.headers['content-type'], what).toBe('application/json; charset=utf-8');
      expect(answer.headers.connection, what).toBe('close');
      expectSecurityHeaders(answer.headers, what);
      expect(Number(answer.headers['content-length']), what).toBe(Buffer.byteLength(answer.body));
      const body = JSON.parse(answer.body);
      expect(body, what).toEqual({
        success: false,
        error: expect.stringMatching(message),
        code: status === 431 ? 'headers_too_large' : 'bad_request',
      });
    }
    // The server goes on answering.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('router refusals (an undecodable or overlong path parameter) carry the security headers', async () => {
    const cases: [string, number][] = [
      ['/api/peptides/%E0%A4%A', 400],
      [`/api/peptides/${'9'.repeat(300)}`, 414],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expectError(res, status);
      expectSecurityHeaders(res.headers, url);
    }
  });
});

// -----------------------------------------------------------------------------------------------
// The real process: broken HTTP, aborted uploads, hostile requests; it must still answer.

let server: ChildProcess | null = null;
let base = '';
let dataDir = '';
let serverLog = '';

function rawHttp(port: number, text: string, { end = true } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('error', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.write(text);
    if (end) socket.end();
    else setTimeout(() => socket.destroy(), 200);
  });
}

describe('the server process survives', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-errors-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: 'none',
        SCRYPT_N: '1024',
        RATE_LIMIT_MULTIPLIER: '1000',
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => (serverLog += d));
    server.stderr?.on('data', (d) => (serverLog += d));
    // No deadline of its own (a start took over 90 s on the loaded CI machine): it waits until the
    // server answers or exits; the project's hookTimeout (vitest.config.ts) bounds the wait.
    while (server.exitCode === null && server.signalCode === null) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server exited before it served:\n${serverLog}`);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('broken HTTP, aborted bodies and hostile requests leave it serving', async () => {
    const port = Number(new URL(base).port);
    const answers = await Promise.all([
      rawHttp(port, 'GARBAGE / HTTP/1.1\r\n\r\n'),
      rawHttp(port, 'GET /api/health HTTP/9.9\r\nHost: x\r\n\r\n'),
      rawHttp(
        port,
        'POST /api/experiences HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"peptideId": "',
        { end: false },
      ),
      rawHttp(
        port,
        'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
      ),
      rawHttp(
        port,
        'POST /api/users/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
      ),
      rawHttp(port, `GET /api/peptides?${'a=1&'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
      rawHttp(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`),
    ]);
    for (const a of answers) expect(a).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/);
    const hostile = [
      fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": ',
      }),
      fetch(`${base}/api/experiences`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ story: 'x'.repeat(200_000) }),
      }),
      fetch(`${base}/api/peptides/${'9'.repeat(300)}`),
      fetch(`${base}/api/nope`),
      fetch(`${base}/api/experiences?search=%00`),
      fetch(`${base}/api/users/me`, { headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' } }),
    ];
    const statuses: number[] = [];
    for (const p of hostile) {
      const res = await p;
      statuses.push(res.status);
      const body = await res.text();
      expect(body).not.toMatch(LEAK);
      expect(JSON.parse(body).success).toBe(false);
    }
    expect(statuses).toEqual([400, 413, 414, 404, 400, 401]);
    expect(server!.exitCode).toBeNull();
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ success: true, data: { status: 'ok' } });
  }, 60_000);
});
