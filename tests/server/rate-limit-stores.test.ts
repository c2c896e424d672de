// The sign-in wait's growth, and the "peek" and "clear" that the sign-in limits need from both
// rate-limit stores (memory for PGlite, the shared table for PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDb, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { MemoryRateLimitStore, PgRateLimitStore, RateLimiter, type RateLimitStore } from '../../server/lib/rate-limit';
import { signInDelayMs } from '../../server/lib/sign-in-limits';

describe('signInDelayMs', () => {
  it('with the defaults: nothing before the 20th failure, then 250 ms doubling up to 4 s', () => {
    const { loginDelay, rateLimits } = loadConfig({});
    expect(rateLimits.loginPerAccount.max).toBe(20);
    const delay = (failures: number) => signInDelayMs(failures, rateLimits.loginPerAccount.max, loginDelay.baseMs, loginDelay.maxMs);
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
      expect(await store.hit(key, 60, t0 + 3000)).toEqual({ count: 1, resetAt: t0 + 63_000 });
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
      expect((await limiter.peek('login-account-address', who)).count).toBe(1);
      await limiter.clear('login-account-address', who);
      expect((await limiter.peek('login-account-address', who)).count).toBe(0);
      for (const key of keys) {
        expect(key).toMatch(/^login-account-address:[A-Za-z0-9_-]{22}$/);
        expect(key).not.toMatch(/example|203\.0/);
      }
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
