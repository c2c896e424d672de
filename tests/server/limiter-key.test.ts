// The rate limiter's key (server/lib/limiter-key.ts): nothing the database or a backup holds.
// RATE_LIMIT_SECRET when set (several machines on one PostgreSQL), else the key the primary of
// WORKERS=N hands its workers, else one drawn in memory; never the secret kept in app_settings.
// tests/long/limiter-workers.test.ts runs it across real worker processes and restarts.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { WORKER_LIMITER_KEY, assertApartFrom, keySource } from '../../server/lib/limiter-key';
import { RateLimiter } from '../../server/lib/rate-limit';
import { createTestApp } from './helpers';

/**
 * A fresh source, as a new process has (never vi.resetModules: the test workers share their
 * modules, and a reset re-evaluates every module the next test files import).
 */
function freshSource() {
  return { limiterKey: keySource() };
}

afterEach(() => {
  delete process.env[WORKER_LIMITER_KEY];
});

describe('limiterKey', () => {
  it('is RATE_LIMIT_SECRET when set, whatever a worker was handed', async () => {
    const { limiterKey } = freshSource();
    process.env[WORKER_LIMITER_KEY] = 'handed-over-by-the-primary';
    expect(limiterKey('an-operator-secret-of-at-least-32-bytes')).toBe('an-operator-secret-of-at-least-32-bytes');
  });

  it("in a worker, the primary's key, read once and taken out of the environment", async () => {
    const { limiterKey } = freshSource();
    process.env[WORKER_LIMITER_KEY] = 'handed-over-by-the-primary';
    expect(limiterKey(null)).toBe('handed-over-by-the-primary');
    expect(process.env[WORKER_LIMITER_KEY]).toBeUndefined();
    expect(limiterKey(null)).toBe('handed-over-by-the-primary');
  });

  it('otherwise drawn in memory: the same for the process, another for the next process', async () => {
    const first = freshSource().limiterKey;
    const key = first(null);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first(null)).toBe(key);
    expect(freshSource().limiterKey(null)).not.toBe(key);
  });
});

describe('RATE_LIMIT_SECRET', () => {
  it('is at least 32 bytes, refused otherwise without showing it', () => {
    expect(() => loadConfig({ RATE_LIMIT_SECRET: 'short-and-secret' })).toThrow(
      /^RATE_LIMIT_SECRET must be at least 32 bytes long.*\(its value is not shown\)$/,
    );
    expect(loadConfig({ RATE_LIMIT_SECRET: 'y'.repeat(32) }).rateLimitSecret).toBe('y'.repeat(32));
    expect(loadConfig({}).rateLimitSecret).toBeNull();
  });

  it('may not be the secret that signs sessions (kept in the database when generated)', () => {
    expect(() => assertApartFrom('z'.repeat(40), 'z'.repeat(40))).toThrow(
      /RATE_LIMIT_SECRET is the secret that signs sessions/,
    );
    expect(() => assertApartFrom('z'.repeat(40), 'w'.repeat(40))).not.toThrow();
    expect(() => assertApartFrom(null, 'w'.repeat(40))).not.toThrow();
  });
});

describe('the key of a running server', () => {
  it('hashes addresses with nothing its database holds', async () => {
    const t = await createTestApp();
    try {
      const stored = (await t.ctx.db.query<{ value: string }>(`select value from app_settings`)).rows.map(
        (r) => r.value,
      );
      const anonymised = t.ctx.limiter.anonymise('203.0.113.77');
      // What the limiter made of the address under each value the database holds, as the old code derived its key.
      for (const value of stored)
        expect(new RateLimiter(undefined, Date.now, value).anonymise('203.0.113.77')).not.toBe(anonymised);
    } finally {
      await t.close();
    }
  });
});
