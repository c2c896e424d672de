// HTTP caching and compression: ETags with 304s on public reads, br/gzip above 1 kB, no-store
// for anything personal, immutable hashed assets, and a write visible at once in every cached read.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompressFolder } from '../../scripts/precompress';
import {
  bearer,
  createTestApp,
  deleteTracked,
  json,
  lookupTracked,
  member,
  submit,
  validSubmission,
  type TestApp,
} from './helpers';
import { moderatorToken, publicationRuns } from './fixtures';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  // A build with one hashed asset, as Vite writes it, with its compressed copies
  // (scripts/precompress.ts; tests/server/precompressed.test.ts tests how they are sent).
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'peptide-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><title>Peptide Community</title><div id="root"></div>',
  );
  fs.writeFileSync(
    path.join(staticDir, 'assets', 'index-3f9a1c2b.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});`,
  );
  await precompressFolder(staticDir);
  t = await createTestApp({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public reads', () => {
  it('carry an ETag and no-cache, and answer 304 with no body when unchanged', async () => {
    const first = await get('/api/peptides');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    // The second answer comes from the kept bytes: same tag, same body.
    const again = await get('/api/peptides');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toMatch(/default-src 'self'/);

    const notModified = await get('/api/peptides', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
  });

  it("an answer made again with nothing changed is the same to the byte (a list's cursor, the figures' generatedAt), so its ETag still answers 304", async () => {
    const peptideId = t.peptides.get('BPC-157')!;
    for (let i = 0; i < 3; i++) await submit(t, validSubmission(peptideId));
    for (const url of [`/api/experiences?peptideId=${peptideId}&limit=2`, '/api/analytics/public']) {
      const first = await get(url);
      if (url.startsWith('/api/experiences')) expect(json(first).data.nextCursor).toEqual(expect.any(String));
      // The kept answer dropped, as on a write elsewhere or after its 30 s: made again from the same rows.
      t.ctx.cache.invalidate();
      // A few milliseconds on: an answer stamped with the moment would differ.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode, url).toBe(304);
      t.ctx.cache.invalidate();
      expect((await get(url)).body, url).toBe(first.body);
    }
  });

  it('are compressed with br or gzip above 1 kB, to the same JSON', async () => {
    const plain = await get('/api/peptides');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/peptides', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/api/peptides', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leave small answers uncompressed', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a submission shows at once in the feed, home and analytics, with new ETags', async () => {
    // A word only these reports hold, so the feed page is theirs alone (reports of one hour are
    // in no particular order: the day is all the database keeps of their time).
    const word = `cachecheck${Date.now()}`;
    const story = `${validSubmission('').story} ${word}`;
    const feedUrl = `/api/experiences?search=${word}`;
    const urls = [feedUrl, '/api/experiences/home/public', '/api/analytics/public'];
    const before = await Promise.all(urls.map((u) => get(u)));
    expect(json(before[0]).data.experiences).toEqual([]);
    const peptideId = t.peptides.get('BPC-157')!;
    const { experience } = await submit(t, validSubmission(peptideId, { story }));
    const after = await Promise.all(
      urls.map((u) => get(u, { 'if-none-match': before[urls.indexOf(u)].headers.etag as string })),
    );
    expect(after[0].statusCode).toBe(200);
    expect(after[2].statusCode).toBe(200);
    expect(json(after[0]).data.experiences.map((e: { _id: string }) => e._id)).toEqual([experience._id]);
    // Home is the newest three as the database orders them now, whether or not that changed.
    const newest = await t.ctx.db.query<{ id: string }>(
      'select id from experiences order by created_at desc, id desc limit 3',
    );
    expect(
      json(after[1].statusCode === 304 ? before[1] : after[1]).data.experiences.map((e: { _id: string }) => e._id),
    ).toEqual(newest.rows.map((r) => r.id));
    expect(json(after[2]).data.totalExperiences).toBe(json(before[2]).data.totalExperiences + 1);

    // And a deletion disappears at once.
    // Another story with the same word (the same story twice would be held as repeated).
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/experiences',
      payload: validSubmission(peptideId, { story: `${validSubmission('').story} ${word}` }),
    });
    const created = json(own).data;
    expect(
      json(await get(feedUrl))
        .data.experiences.map((e: { _id: string }) => e._id)
        .sort(),
    ).toEqual([experience._id, created.experience._id].sort());
    await deleteTracked(t.app, created.trackingId);
    expect(json(await get(feedUrl)).data.experiences.map((e: { _id: string }) => e._id)).toEqual([experience._id]);
  });
});

describe('kept answers under a flood of distinct URLs', () => {
  // A kept answer lives 30 s (lib/response-cache.ts); 600 requests on a loaded machine can take
  // longer, and the page would then be read again because it expired, not because the flood
  // pushed it out. The clock the caches read stands still here: only eviction is tested.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  /**
   * Database statements run while `fn` runs (the rate limiter's counters, on PostgreSQL, and the
   * mail delivery's background turns, plugins/mail-delivery.ts, left out).
   */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
    const db = t.ctx.db as unknown as Record<'query' | 'transaction', (...args: unknown[]) => Promise<unknown>>;
    const { query, transaction } = db;
    let count = 0;
    db.query = (sql, ...rest) => {
      if (!/rate_limit_counters|mail_queue|digest_week|weeklyDigest/.test(String(sql))) count++;
      return query.call(t.ctx.db, sql, ...rest);
    };
    db.transaction = (...args) => {
      count++;
      return transaction.apply(t.ctx.db, args);
    };
    try {
      await fn();
    } finally {
      db.query = query;
      db.transaction = transaction;
    }
    return count;
  }

  /** More distinct valid answers than both caches hold (300 kept as bytes, 500 service reads). */
  async function flood(tag: string) {
    for (let i = 0; i < 600; i++) expect((await get(`/api/experiences?search=${tag}${i}&_=${i}`)).statusCode).toBe(200);
  }

  it('query keys a route does not know (cache-busters) and other spellings of one query share the kept answer', async () => {
    const first = await get('/api/experiences');
    expect(first.statusCode).toBe(200);
    expect((await get('/api/experiences')).statusCode).toBe(200);
    // The service's own read cache no longer holds this page: only the kept bytes can answer.
    await flood('spelling');
    const spellings = [
      '/api/experiences?_=1',
      '/api/experiences?_=2&utm_source=x',
      '/api/experiences?limit=20&sort=newest',
      '/api/experiences?sort=newest&category=all&_=3&search=',
    ];
    // Kept: none of these spellings reaches the database, and each is the same answer.
    const statements = await statementsDuring(async () => {
      for (const url of spellings) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers.etag, url).toBe(first.headers.etag);
        expect(res.body, url).toBe(first.body);
      }
    });
    expect(statements).toBe(0);
    // The route still reads the known keys: another page size is another answer.
    expect(json(await get('/api/experiences?limit=1')).data.experiences.length).toBeLessThanOrEqual(1);
    // And still refuses what its schema refuses, kept answer or not.
    expect((await get('/api/experiences?limit=0&_=1')).statusCode).toBe(400);
    // A NUL is refused even in a key the route would drop, twice (the second time too).
    for (let i = 0; i < 2; i++) expect((await get('/api/experiences?x%00=1')).statusCode).toBe(400);
  });

  it('a flood of distinct valid queries (random search terms, cache-busters) does not push a hot page out', async () => {
    // A hot page: asked for more than once.
    for (let i = 0; i < 3; i++) expect((await get('/api/peptides')).statusCode).toBe(200);
    await flood('flood');
    // The hot page is still answered from the bytes kept, with no query.
    expect(await statementsDuring(async () => expect((await get('/api/peptides?_=flood')).statusCode).toBe(200))).toBe(
      0,
    );
  });
});

describe('compression of kept answers', () => {
  // Counts every way this process compresses (lib/response-cache.ts and @fastify/compress), on an
  // app built after the counting starts; READ_CACHE=off, so nothing is kept between requests.
  const calls = { br: 0, gzip: 0 };
  let cold: TestApp;
  const spies: { mockRestore(): void }[] = [];
  beforeAll(async () => {
    for (const [name, encoding] of [
      ['brotliCompressSync', 'br'],
      ['createBrotliCompress', 'br'],
      ['brotliCompress', 'br'],
      ['gzipSync', 'gzip'],
      ['createGzip', 'gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const original = zlib[name] as (...args: unknown[]) => unknown;
      spies.push(
        vi.spyOn(zlib, name).mockImplementation(((...args: unknown[]) => {
          calls[encoding]++;
          return original(...args);
        }) as never),
      );
    }
    cold = await createTestApp({ READ_CACHE: 'off' });
  });
  afterAll(async () => {
    await cold.close();
    for (const spy of spies) spy.mockRestore();
  });
  const counted = async (fn: () => Promise<unknown>) => {
    calls.br = 0;
    calls.gzip = 0;
    await fn();
    return { ...calls };
  };

  it('an answer never kept is compressed only in the one encoding the client accepts', async () => {
    const used = await counted(async () => {
      const res = await cold.app.inject({
        method: 'GET',
        url: '/api/peptides',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(
        (await cold.app.inject({ method: 'GET', url: '/api/peptides' })).body,
      );
    });
    expect(used).toEqual({ br: 0, gzip: 1 });
  });

  it('the API document is compressed twice per encoding (quickly, then small from the second request), not on every request', async () => {
    for (const url of ['/api/openapi.json']) {
      const used = await counted(async () => {
        const answers = [];
        for (let i = 0; i < 4; i++) {
          answers.push(await cold.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } }));
          // A write between requests empties every cache tied to the data; not these.
          cold.ctx.cache.invalidate();
        }
        const plain = await cold.app.inject({ method: 'GET', url });
        for (const res of answers) {
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-encoding'], url).toBe('br');
          expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(plain.body);
        }
        expect(answers[1].rawPayload.length, url).toBeLessThan(answers[0].rawPayload.length);
        for (const res of answers.slice(2)) expect(res.rawPayload.equals(answers[1].rawPayload), url).toBe(true);
        const notModified = await cold.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br', 'if-none-match': answers[0].headers.etag as string },
        });
        expect(notModified.statusCode, url).toBe(304);
      });
      expect(used, url).toEqual({ br: 2, gzip: 0 });
    }
  });
});

describe('personal answers', () => {
  it("a signed-in caller gets no-store and his own fields, never the visitors' copy", async () => {
    await get('/api/peptides');
    const token = await moderatorToken(t);
    const res = await get('/api/peptides', bearer(token));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(json(res).data.peptides[0].canDelete).toBe(true);
    expect(json(await get('/api/peptides')).data.peptides[0].canDelete).toBe(false);
  });

  it('tracking lookups and errors are never stored', async () => {
    const { trackingId } = await submit(t, validSubmission(t.peptides.get('BPC-157')!));
    const own = await lookupTracked(t.app, trackingId);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const bad = await get('/api/experiences?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('members-only answers the same for every member', () => {
  const urls = ['/api/analytics', '/api/analytics/trends?period=monthly&groupBy=peptide'];

  it('are kept as bytes, but reach only a signed-in member: never a visitor, a bad token or an ended session', async () => {
    const alice = await member(t, 'alice-cache@example.com');
    const bob = await member(t, 'bob-cache@example.com');
    for (const url of urls) {
      const first = await get(url, { ...bearer(alice.accessToken), 'accept-encoding': 'br' });
      expect(first.statusCode, url).toBe(200);
      // Bob gets the same bytes (same tag), still never stored by a browser.
      const second = await get(url, bearer(bob.accessToken));
      expect(second.statusCode, url).toBe(200);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers['cache-control']).toBe('no-store');
      const firstBody =
        first.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(first.rawPayload).toString()
          : first.body;
      expect(firstBody).toBe(second.body);

      // With the answer kept, the caller is still checked on every request.
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.body).not.toContain('totalExperiences');
      expect(
        (await get(url, { ...bearer('not-a-token'), 'if-none-match': first.headers.etag as string })).statusCode,
      ).toBe(401);
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(bob.accessToken),
      payload: { refreshToken: bob.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    for (const url of urls) expect((await get(url, bearer(bob.accessToken))).statusCode, url).toBe(401);
    expect((await get(urls[0], bearer(alice.accessToken))).statusCode).toBe(200);
  });

  it('show a submission at once', async () => {
    const { accessToken } = await member(t, 'carol-cache@example.com');
    const before = await get('/api/analytics', bearer(accessToken));
    expect(json(await get('/api/analytics', bearer(accessToken))).data.totalExperiences).toBe(
      json(before).data.totalExperiences,
    );
    await submit(t, validSubmission(t.peptides.get('BPC-157')!));
    const after = await get('/api/analytics', {
      ...bearer(accessToken),
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(json(after).data.totalExperiences).toBe(json(before).data.totalExperiences + 1);
  });

  // The race once seen in CI's PostgreSQL pass: Bob's sign-in (his first activity this month)
  // empties the caches when it returns, and its NOTIFY came back to this same server later, after
  // Alice's answer had been kept, dropping it; Bob then got a rebuilt answer (new generatedAt).
  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, this server's own writes heard back by NOTIFY keep the answers kept since; another process's writes empty them",
    async () => {
      const pg = (await import('pg')).default;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(await t.ctx.db.query<{ db: string }>('select current_database() as db')).rows[0].db}`;
      const otherProcess = new pg.Client({ connectionString: url.toString() });
      await otherProcess.connect();
      try {
        // The hourly publication run empties the caches on the hour too, which this test may span.
        const batchesBefore = await publicationRuns(t);
        const version = t.ctx.cache.currentVersion;
        // This server's write (its own pool), then another process's: NOTIFYs arrive in commit order.
        await t.ctx.db.query(`select pg_notify('app_cache', 'account_activity')`);
        await otherProcess.query(`select pg_notify('app_cache', 'experiences')`);
        await expect.poll(() => t.ctx.cache.currentVersion, { timeout: 10_000 }).not.toBe(version);
        // Only the other process's write emptied the caches (and an hourly run, if one came). The
        // pause gives a wrongly heard echo time to land.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(t.ctx.cache.currentVersion).toBe(version + 1 + ((await publicationRuns(t)) - batchesBefore));
      } finally {
        await otherProcess.end();
      }
    },
  );

  it('keep refusing a bad query with 400, not a kept answer', async () => {
    const { accessToken } = await member(t, 'dave-cache@example.com');
    const bad = await get('/api/analytics/trends?period=yearly', bearer(accessToken));
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/analytics/trends?period=yearly', bearer(accessToken))).statusCode).toBe(400);
  });
});

describe('static files', () => {
  it('an unknown API path is a JSON 404 even as an absolute-form request target, never the app page', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.end('GET http://evil.example/api/nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).not.toContain('<!doctype html>');
  });

  it('hashed assets are immutable for a year; index.html and SPA routes revalidate', async () => {
    const asset = await get('/assets/index-3f9a1c2b.js', { 'accept-encoding': 'gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    for (const url of ['/', '/community', '/experiences/3f2a8c1e-5b7d-4e9f-a012-3456789abcde']) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('a missing file is a 404, never the app page served in its place', async () => {
    for (const url of [
      '/favicon.ico',
      '/sitemap.xml',
      '/assets/index-00000000.js',
      '/apple-touch-icon.png',
      '/%66avicon.ico',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});
