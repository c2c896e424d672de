// The sign-in wait's growth, and the "peek" and "clear" that the sign-in limits need from both
// rate-limit stores (memory for PGlite, the shared table for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { drawLimiterKey } from '../../server/lib/limiter-key';
import { MemoryRateLimitStore, PgRateLimitStore, RateLimiter, type RateLimitStore } from '../../server/lib/rate-limit';
import { signInDelayMs } from '../../server/lib/sign-in-limits';
import type { Queryable } from '../../server/db/types';

describe('signInDelayMs', () => {
  it('with the defaults: nothing before the 20th failure, then 250 ms doubling up to 4 s', () => {
    const { loginDelay, rateLimits } = loadConfig({});
    expect(rateLimits.loginPerAccount.max).toBe(20);
    const delay = (failures: number) =>
      signInDelayMs(failures, rateLimits.loginPerAccount.max, loginDelay.baseMs, loginDelay.maxMs);
    expect([0, 1, 10, 19].map(delay)).toEqual([0, 0, 0, 0]);
    expect([20, 21, 22, 23, 24, 25, 100, 10_000].map(delay)).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
  });
});

/** One store contract, two stores: both must count, peek without counting and clear alike. */
function storeContract(name: string, make: () => RateLimitStore) {
  describe(name, () => {
    it('peek reads the count without adding to it; clear forgets the key only', async () => {
      const store = make();
      const t0 = Date.UTC(2026, 0, 5, 10);
      const key = `login-account:${name}-${Math.random()}`;
      const other = `${key}-other`;
      expect(await store.peek(key, t0)).toBeNull();
      await store.hit(key, 60, t0);
      await store.hit(key, 60, t0 + 1000);
      await store.hit(other, 60, t0);
      expect(await store.peek(key, t0 + 2000)).toEqual({ count: 2, resetAt: t0 + 60_000 });
      expect(await store.peek(key, t0 + 2000)).toEqual({ count: 2, resetAt: t0 + 60_000 });
      // An ended window reads as none.
      expect(await store.peek(key, t0 + 60_000)).toBeNull();
      await store.clear(key);
      expect(await store.peek(key, t0 + 2000)).toBeNull();
      // Begun 3 s into a minute: the window ends on the whole minute after its length (windowEnd).
      expect(await store.hit(key, 60, t0 + 3000)).toEqual({ count: 1, resetAt: t0 + 120_000 });
      expect(await store.peek(other, t0 + 2000)).toEqual({ count: 1, resetAt: t0 + 60_000 });
    });

    it('through a RateLimiter, the keys hold only the keyed hash', async () => {
      const keys: string[] = [];
      const inner = make();
      const spy: RateLimitStore = {
        hit: (key, w, now) => (keys.push(key), inner.hit(key, w, now)),
        peek: (key, now) => (keys.push(key), inner.peek(key, now)),
        clear: (key) => (keys.push(key), inner.clear(key)),
      };
      const limiter = new RateLimiter(spy);
      const who = 'owner@example.com\n203.0.113.5';
      await limiter.count('login-account-address', who, 900);
      expect((await limiter.peek('login-account-address', who, 900)).count).toBe(1);
      await limiter.clear('login-account-address', who, 900);
      expect((await limiter.peek('login-account-address', who, 900)).count).toBe(0);
      for (const key of keys) {
        expect(key).toMatch(/^login-account-address:[A-Za-z0-9_-]{22}$/);
        expect(key).not.toMatch(/example|203\.0/);
      }
    });

    it('a window begun before midnight UTC goes on after it, under the key of the day it began', async () => {
      let now = Date.UTC(2026, 0, 5, 23, 30);
      const limiter = new RateLimiter(make(), () => now, name === 'PgRateLimitStore' ? 'server-secret' : null);
      const rule = { max: 2, windowSeconds: 3600 };
      const who = `203.0.113.${Math.floor(Math.random() * 250)}-${name}`;
      await limiter.check('vote', who, rule);
      await limiter.check('vote', who, rule);
      await expect(Promise.resolve().then(() => limiter.check('vote', who, rule))).rejects.toMatchObject({
        statusCode: 429,
      });
      // Ten minutes after midnight: the hash of the identifier has rotated, the window has not.
      now = Date.UTC(2026, 0, 6, 0, 10);
      await expect(Promise.resolve().then(() => limiter.check('vote', who, rule))).rejects.toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': '1200' },
      });
      expect(await limiter.peek('vote', who, 3600)).toEqual({ count: 4, resetAt: Date.UTC(2026, 0, 6, 0, 30) });
      // A window cleared after midnight is gone under either day's key.
      await limiter.clear('vote', who, 3600);
      expect((await limiter.peek('vote', who, 3600)).count).toBe(0);
      expect(await limiter.check('vote', who, rule)).toEqual({ remaining: 1, resetSeconds: 3600 });
      // That new window began today; at 00:30 it still counts, and a minute-long limit never looks back.
      now = Date.UTC(2026, 0, 6, 0, 30);
      expect(await limiter.check('vote', who, rule)).toEqual({ remaining: 0, resetSeconds: 2400 });
      expect(await limiter.check('general', who, { max: 1, windowSeconds: 60 })).toEqual({
        remaining: 0,
        resetSeconds: 60,
      });
    });
  });
}

storeContract('MemoryRateLimitStore', () => new MemoryRateLimitStore());

// The shared table, on PGlite here; tests/server/sign-in-limits.test.ts uses it on PostgreSQL.
let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://', databaseUrl: null });
  await migrate(db);
});
afterAll(() => db.close());
storeContract('PgRateLimitStore', () => new PgRateLimitStore(db));

describe('the shared table (PostgreSQL: WORKERS=N, several machines)', () => {
  const rule = { max: 2, windowSeconds: 3600 };
  const who = () => `203.0.113.${Math.floor(Math.random() * 250)}`;

  it('two workers given the same key count together; a restart, with a key drawn anew, starts afresh', async () => {
    let now = Date.UTC(2026, 0, 5, 10, 17, 42, 123);
    const key = drawLimiterKey();
    const [a, b] = [
      new RateLimiter(new PgRateLimitStore(db), () => now, key),
      new RateLimiter(new PgRateLimitStore(db), () => now, key),
    ];
    const address = who();
    await a.check('submit', address, rule);
    await b.check('submit', address, rule);
    await expect(Promise.resolve().then(() => a.check('submit', address, rule))).rejects.toMatchObject({
      statusCode: 429,
    });
    await expect(Promise.resolve().then(() => b.check('submit', address, rule))).rejects.toMatchObject({
      statusCode: 429,
    });
    now += 60_000;
    const restarted = new RateLimiter(new PgRateLimitStore(db), () => now, drawLimiterKey());
    expect(await restarted.check('submit', address, rule)).toMatchObject({ remaining: 1 });
  });

  it('holds neither the address nor a time finer than the minute', async () => {
    const now = Date.UTC(2026, 0, 5, 11, 3, 7, 456);
    const limiter = new RateLimiter(
      new PgRateLimitStore(db, { clock: () => now, flushMs: 1 }),
      () => now,
      drawLimiterKey(),
    );
    const address = who();
    await limiter.check('submit', address, rule);
    await limiter.check('general', address, { max: 100, windowSeconds: 60 });
    await limiter.count('login-address', address, 900);
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from rate_limit_counters where key like 'general:%' and reset_at > $1`,
              [now],
            )
          ).rows[0].n,
      )
      .toBeGreaterThan(0);
    const { rows } = await db.query<{ key: string; reset_at: string }>(
      'select key, reset_at from rate_limit_counters where reset_at > $1',
      [now],
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(Number(row.reset_at) % 60_000, row.key).toBe(0);
      expect(row.key).not.toContain(address);
    }
    expect(rows.map((r) => Number(r.reset_at))).toEqual(
      expect.arrayContaining([Date.UTC(2026, 0, 5, 12, 4), Date.UTC(2026, 0, 5, 11, 5), Date.UTC(2026, 0, 5, 11, 19)]),
    );
  });
});

describe('PgRateLimitStore, general limit batched', () => {
  it('counts every hit while the database answers a flush slowly, and sends each hit once', async () => {
    // The database holds the first flush until released; meanwhile the timer's next flush is due.
    let release = () => {};
    let entered = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const flushEntered = new Promise<void>((resolve) => (entered = resolve));
    let flushes = 0;
    const slowDb: Queryable = {
      query: async (sql, params, options) => {
        if (sql.includes('unnest(') && ++flushes === 1) {
          entered();
          await held;
        }
        return db.query(sql, params, options);
      },
    };
    const t0 = Date.UTC(2026, 0, 5, 10);
    const store = new PgRateLimitStore(slowDb, { clock: () => t0, flushMs: 60_000 });
    const key = `general:slow-${Math.random()}`;
    const counts: number[] = [];
    const hit = async () => counts.push((await store.hit(key, 60, t0)).count);
    for (let i = 0; i < 3; i++) await hit();
    const first = store.flush();
    await flushEntered;
    await hit();
    // What the timer does when its time comes while the first flush is still waiting.
    const second = store.flush();
    await hit();
    await hit();
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    release();
    await Promise.all([first, second]);
    await hit();
    await store.flush();
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The shared counter holds each hit once.
    const { rows } = await db.query<{ count: number }>('select count from rate_limit_counters where key = $1', [key]);
    expect(rows[0].count).toBe(7);
  });
});
