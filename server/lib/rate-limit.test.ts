import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { MemoryRateLimitStore, RateLimiter, windowEnd, type RateLimitStore } from './rate-limit';

function clock(start = Date.UTC(2024, 4, 10, 12)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function catchError(fn: () => void): HttpError | undefined {
  try {
    fn();
  } catch (err) {
    return err as HttpError;
  }
  return undefined;
}

describe('RateLimiter', () => {
  it('allows max requests per window, then 429 with Retry-After until the window ends', () => {
    const c = clock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), c.now);
    const rule = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect(() => limiter.check('login', '10.0.0.1', rule)).not.toThrow();
    c.advance(20_000);
    const err = catchError(() => limiter.check('login', '10.0.0.1', rule));
    expect(err).toBeInstanceOf(HttpError);
    expect(err!.statusCode).toBe(429);
    expect(err!.headers['retry-after']).toBe('40');
    expect(err!.message).toBe('Too many requests. Please try again in 40 seconds.');
    c.advance(39_999);
    expect(catchError(() => limiter.check('login', '10.0.0.1', rule))?.headers['retry-after']).toBe('1');
    c.advance(1);
    expect(() => limiter.check('login', '10.0.0.1', rule)).not.toThrow();
  });

  it('counts identifiers and buckets separately', () => {
    const c = clock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), c.now);
    const rule = { max: 1, windowSeconds: 3600 };
    limiter.check('register', 'a', rule);
    expect(() => limiter.check('register', 'b', rule)).not.toThrow();
    expect(() => limiter.check('submit', 'a', rule)).not.toThrow();
    const err = catchError(() => limiter.check('register', 'a', rule));
    expect(err?.message).toBe('Too many requests. Please try again in 60 minutes.');
    expect(err?.headers['retry-after']).toBe('3600');
  });

  it('never hands the raw identifier to the store, and the keyed hash rotates daily', () => {
    const keys: string[] = [];
    const inner = new MemoryRateLimitStore();
    const store: RateLimitStore = {
      hit: (key, windowSeconds, now) => {
        keys.push(key);
        return inner.hit(key, windowSeconds, now);
      },
      peek: (key, now) => inner.peek(key, now),
      clear: (key) => inner.clear(key),
    };
    const c = clock();
    const limiter = new RateLimiter(store, c.now);
    limiter.check('general', '203.0.113.5', { max: 10, windowSeconds: 60 });
    limiter.check('general', '203.0.113.5', { max: 10, windowSeconds: 60 });
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).not.toContain('203.0.113.5');
    expect(keys[0]).toMatch(/^general:[A-Za-z0-9_-]{22}$/);
    const sameDay = limiter.anonymise('203.0.113.5');
    c.advance(24 * 3600_000);
    expect(limiter.anonymise('203.0.113.5')).not.toBe(sameDay);
    expect(limiter.anonymise('203.0.113.5')).not.toBe(limiter.anonymise('203.0.113.6'));
  });

  it('two limiters (two servers, or a restart) do not share hashes', () => {
    const c = clock();
    expect(new RateLimiter(undefined, c.now).anonymise('x')).not.toBe(new RateLimiter(undefined, c.now).anonymise('x'));
  });
});

describe('windows end on whole minutes', () => {
  it('a window ends on the first whole minute at least its length after it began', () => {
    const minute = Date.UTC(2024, 4, 10, 12);
    expect(windowEnd(minute, 60)).toBe(minute + 60_000);
    expect(windowEnd(minute + 1, 60)).toBe(minute + 120_000);
    expect(windowEnd(minute + 59_999, 3600)).toBe(minute + 3_660_000);
    expect(windowEnd(minute + 30_000, 10)).toBe(minute + 60_000);
  });

  it('so a limit begun mid-minute lasts until the minute after its length: Retry-After says so', () => {
    const c = clock(Date.UTC(2024, 4, 10, 12, 0, 30));
    const limiter = new RateLimiter(new MemoryRateLimitStore(), c.now);
    const rule = { max: 1, windowSeconds: 60 };
    limiter.check('general', '10.0.0.2', rule);
    expect(catchError(() => limiter.check('general', '10.0.0.2', rule))?.headers['retry-after']).toBe('90');
    c.advance(89_999);
    expect(catchError(() => limiter.check('general', '10.0.0.2', rule))?.statusCode).toBe(429);
    c.advance(1);
    expect(() => limiter.check('general', '10.0.0.2', rule)).not.toThrow();
  });
});

describe('MemoryRateLimitStore', () => {
  it('starts a new window after the old one ends and forgets expired entries', () => {
    const store = new MemoryRateLimitStore();
    // On a whole minute: a minute-long window ends exactly a minute later (windowEnd).
    const t0 = 1_020_000;
    expect(store.hit('k', 60, t0)).toEqual({ count: 1, resetAt: t0 + 60_000 });
    expect(store.hit('k', 60, t0 + 5_000)).toEqual({ count: 2, resetAt: t0 + 60_000 });
    expect(store.hit('k', 60, t0 + 60_000)).toEqual({ count: 1, resetAt: t0 + 120_000 });
    store.hit('other', 1, t0 + 60_000);
    // A sweep more than a minute later removes every expired window.
    store.hit('late', 1, t0 + 200_000);
    const windows = (store as unknown as { windows: Map<string, unknown> }).windows;
    expect([...windows.keys()]).toEqual(['late']);
  });
});

describe('shared counters (several processes)', () => {
  it('limiters with one server secret hash an address alike, so a shared store counts them together', async () => {
    const c = clock();
    const store = new MemoryRateLimitStore();
    const a = new RateLimiter(store, c.now, 'server-secret');
    const b = new RateLimiter(store, c.now, 'server-secret');
    expect(a.anonymise('203.0.113.9')).toBe(b.anonymise('203.0.113.9'));
    expect(a.anonymise('203.0.113.9')).not.toBe(new RateLimiter(store, c.now, 'other-secret').anonymise('203.0.113.9'));
    const rule = { max: 2, windowSeconds: 60 };
    a.check('submit', '203.0.113.9', rule);
    b.check('submit', '203.0.113.9', rule);
    expect(catchError(() => a.check('submit', '203.0.113.9', rule))?.statusCode).toBe(429);
  });

  it('an asynchronous store rejects with the same 429', async () => {
    const asyncStore: RateLimitStore = {
      hit: async () => ({ count: 3, resetAt: Date.UTC(2024, 4, 10, 12) + 30_000 }),
      peek: async () => null,
      clear: async () => {},
    };
    const limiter = new RateLimiter(asyncStore, clock().now);
    await expect(limiter.check('vote', 'u1', { max: 2, windowSeconds: 60 })).rejects.toMatchObject({ statusCode: 429 });
  });
});
