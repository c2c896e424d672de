// Every environment variable the server reads goes through server/config.ts, and the
// benchmark's raw route exists only in the benchmark's build (scripts/bench-server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers';

describe('server configuration', () => {
  it('reads WORKERS and PG_POOL_SIZE, with defaults, and refuses nonsense with the variable named', () => {
    expect(loadConfig({})).toMatchObject({ workers: 1, pgPoolSize: 10 });
    expect(loadConfig({ WORKERS: '4', PG_POOL_SIZE: '25' })).toMatchObject({ workers: 4, pgPoolSize: 25 });
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS must be a positive number, got "many"/);
    expect(() => loadConfig({ PG_POOL_SIZE: '-1' })).toThrow(/PG_POOL_SIZE must be a positive number/);
  });

  it('reads PGLITE_FAST_PATH as on (the default) or off, and refuses anything else', () => {
    expect(loadConfig({}).pgliteFastPath).toBe(true);
    expect(loadConfig({ PGLITE_FAST_PATH: 'on' }).pgliteFastPath).toBe(true);
    expect(loadConfig({ PGLITE_FAST_PATH: 'off' }).pgliteFastPath).toBe(false);
    expect(() => loadConfig({ PGLITE_FAST_PATH: 'yes' })).toThrow('PGLITE_FAST_PATH must be "on" or "off", got "yes"');
  });
});

describe('the benchmark-only route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Even with the variable the old build obeyed, the app itself has no such route.
    t = await createTestApp({ BENCH_RAW: 'true' });
  });
  afterAll(() => t.close());

  it('is not part of the app every deployment runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bench/raw' });
    expect(res.statusCode).toBe(404);
    expect(t.app.printRoutes()).not.toContain('bench');
  });
});
