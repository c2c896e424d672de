// Every environment variable the server reads goes through one schema in server/config.ts: a value
// out of its range stops the server at start with one sentence naming the variable and what it
// accepts (never a secret's value, never a stack trace). The benchmark's raw route exists only in
// the benchmark's build (scripts/bench-server.ts).
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers';

/** Each bad value tried, the variable its sentence must name, and secrets that must not appear. */
const BAD: { env: Record<string, string>; names: string; secret?: string }[] = [
  { env: { PORT: '70000' }, names: 'PORT' },
  { env: { PORT: '3.5' }, names: 'PORT' },
  { env: { PORT: 'http' }, names: 'PORT' },
  { env: { HOST: 'not a host' }, names: 'HOST' },
  { env: { LOG_LEVEL: 'verbose' }, names: 'LOG_LEVEL' },
  { env: { SCRYPT_N: '3' }, names: 'SCRYPT_N' },
  { env: { SCRYPT_N: '100000' }, names: 'SCRYPT_N' },
  { env: { SCRYPT_N: '1024' }, names: 'SCRYPT_N' },
  { env: { SCRYPT_N: String(2 ** 21) }, names: 'SCRYPT_N' },
  { env: { JWT_SECRET: 'short-secret-value' }, names: 'JWT_SECRET', secret: 'short-secret-value' },
  { env: { FLAG_HOLD_THRESHOLD: '1.5' }, names: 'FLAG_HOLD_THRESHOLD' },
  { env: { FLAG_HOLD_THRESHOLD: '0' }, names: 'FLAG_HOLD_THRESHOLD' },
  { env: { CONCERNING_HOLD_THRESHOLD: '-2' }, names: 'CONCERNING_HOLD_THRESHOLD' },
  { env: { WORKERS: 'many' }, names: 'WORKERS' },
  { env: { WORKERS: '2' }, names: 'WORKERS' },
  { env: { PG_POOL_SIZE: '-1' }, names: 'PG_POOL_SIZE' },
  { env: { ACCESS_TOKEN_SECONDS: '1e3' }, names: 'ACCESS_TOKEN_SECONDS' },
  { env: { REFRESH_TOKEN_DAYS: '0' }, names: 'REFRESH_TOKEN_DAYS' },
  { env: { REFRESH_GRACE_SECONDS: 'forever' }, names: 'REFRESH_GRACE_SECONDS' },
  { env: { BODY_LIMIT_BYTES: '100' }, names: 'BODY_LIMIT_BYTES' },
  { env: { DEMOGRAPHICS_SETTLE_DAYS: '2.5' }, names: 'DEMOGRAPHICS_SETTLE_DAYS' },
  // Its former name is still read, and checked the same way.
  { env: { DISCLOSURE_SETTLE_DAYS: '2.5' }, names: 'DISCLOSURE_SETTLE_DAYS' },
  { env: { SEED_DEMO: 'yes' }, names: 'SEED_DEMO' },
  { env: { READ_CACHE: 'maybe' }, names: 'READ_CACHE' },
  { env: { PGLITE_FAST_PATH: 'yes' }, names: 'PGLITE_FAST_PATH' },
  { env: { CHECK_RESPONSES: '1' }, names: 'CHECK_RESPONSES' },
  { env: { MODERATION: 'none' }, names: 'MODERATION' },
  { env: { PUBLISH_EVERY: '7m' }, names: 'PUBLISH_EVERY' },
  { env: { BATCH_MIN_CHANGES: '0' }, names: 'BATCH_MIN_CHANGES' },
  { env: { BATCH_MIN_CHANGES: '2.5' }, names: 'BATCH_MIN_CHANGES' },
  { env: { BATCH_MAX_WAIT: '14' }, names: 'BATCH_MAX_WAIT' },
  { env: { BATCH_MAX_WAIT: '2w' }, names: 'BATCH_MAX_WAIT' },
  { env: { BATCH_MAX_WAIT: '0d' }, names: 'BATCH_MAX_WAIT' },
  { env: { BATCH_MAX_WAIT: '400d' }, names: 'BATCH_MAX_WAIT' },
  { env: { BATCH_MAX_WAIT: '1.5d' }, names: 'BATCH_MAX_WAIT' },
  { env: { PUBLISH_EVERY: '6h', BATCH_MAX_WAIT: '5h' }, names: 'BATCH_MAX_WAIT' },
  { env: { TRUST_PROXY: 'true' }, names: 'TRUST_PROXY' },
  { env: { TRUST_PROXY: '10.0.0.0/33' }, names: 'TRUST_PROXY' },
  { env: { CORS_ORIGIN: 'https://example.org/path' }, names: 'CORS_ORIGIN' },
  { env: { LOGIN_DELAY_BASE_MS: '500', LOGIN_DELAY_MAX_MS: '100' }, names: 'LOGIN_DELAY_MAX_MS' },
  { env: { RATE_LIMIT_MULTIPLIER: '0' }, names: 'RATE_LIMIT_MULTIPLIER' },
  { env: { RATE_LIMIT_VOTES: '2.5' }, names: 'RATE_LIMIT_VOTES' },
  { env: { RATE_LIMIT_GENERAL_WINDOW: '0' }, names: 'RATE_LIMIT_GENERAL_WINDOW' },
  { env: { MAIL_FROM: 'Us <a@example.com>\r\nBcc: all@example.com' }, names: 'MAIL_FROM' },
  {
    env: { PUBLIC_URL: 'https://admin:hunter2-password@example.org' },
    names: 'PUBLIC_URL',
    secret: 'hunter2-password',
  },
  { env: { SMTP_URL: 'http://user:smtp-password@mail.example.org' }, names: 'SMTP_URL', secret: 'smtp-password' },
  // Delivered mail with links to localhost: nobody reading it could open them.
  { env: { SMTP_URL: 'smtp://user:smtp-password@mail.example.org:587' }, names: 'PUBLIC_URL', secret: 'smtp-password' },
  {
    env: { DATABASE_URL: 'mysql://user:db-password@127.0.0.1/peptides' },
    names: 'DATABASE_URL',
    secret: 'db-password',
  },
  { env: { MODERATOR_EMAIL: 'moderator@example.org' }, names: 'MODERATOR_PASSWORD' },
  {
    env: { MODERATOR_EMAIL: 'moderator@example.org', MODERATOR_PASSWORD: 'short' },
    names: 'MODERATOR_PASSWORD',
    secret: 'short',
  },
  { env: { METRICS_TOKEN: 'guessable' }, names: 'METRICS_TOKEN', secret: 'guessable' },
  { env: { NODE_ENV: 'staging' }, names: 'NODE_ENV' },
];

describe('settings checked at start', () => {
  it('refuses each bad value with one sentence naming the variable and what it accepts', () => {
    const lines: string[] = [];
    for (const { env, names, secret } of BAD) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (err) {
        error = err;
      }
      const tried = Object.entries(env)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(' ');
      expect(error, tried).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      lines.push(`  ${tried.padEnd(62)} -> ${message}`);
      expect(message.startsWith(names), `${tried}: ${message}`).toBe(true);
      if (secret) expect(message, tried).not.toContain(secret);
      expect(message).not.toContain('\n');
    }
    console.log(`[settings] ${BAD.length} bad values, each refused:\n${lines.join('\n')}`);
  });

  it("accepts the defaults, the documented values and the test suites' cheap hash under NODE_ENV=test", () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      workers: 1,
      pgPoolSize: 10,
      scryptN: 2 ** 17,
      logLevel: 'info',
      metricsToken: null,
      readCache: true,
    });
    expect(loadConfig({ WORKERS: '4', PG_POOL_SIZE: '25', DATABASE_URL: 'postgres://u:p@127.0.0.1/db' })).toMatchObject(
      { workers: 4, pgPoolSize: 25 },
    );
    expect(loadConfig({ SCRYPT_N: '16384' }).scryptN).toBe(2 ** 14);
    expect(loadConfig({ SCRYPT_N: '1024', NODE_ENV: 'test' }).scryptN).toBe(1024);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8', CORS_ORIGIN: 'https://a.example.org, http://localhost:5173' }),
    ).toMatchObject({
      trustProxy: ['10.0.0.0/8', 'fd00::/8'],
      corsOrigins: ['https://a.example.org', 'http://localhost:5173'],
    });
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(loadConfig({}).pgliteFastPath).toBe(true);
    expect(loadConfig({ PGLITE_FAST_PATH: 'on' }).pgliteFastPath).toBe(true);
    expect(loadConfig({ PGLITE_FAST_PATH: 'off' }).pgliteFastPath).toBe(false);
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', PUBLIC_URL: 'https://peptides.example.org' }).mail,
    ).toMatchObject({ smtpUrl: 'smtp://mail.example.org:587', publicUrl: 'https://peptides.example.org' });
    expect(loadConfig({}).mail.publicUrl).toBe('http://localhost:3000');
    // No batch of one: groups of 5, a change waits 14 days at most; 1 turns the minimum off.
    expect(loadConfig({})).toMatchObject({ batchMinChanges: 5, batchMaxWaitMs: 14 * 86_400_000 });
    expect(loadConfig({ BATCH_MIN_CHANGES: '1', BATCH_MAX_WAIT: '36h' })).toMatchObject({
      batchMinChanges: 1,
      batchMaxWaitMs: 36 * 3_600_000,
    });
    expect(loadConfig({ PUBLISH_EVERY: '1m', BATCH_MAX_WAIT: '90m' }).batchMaxWaitMs).toBe(90 * 60_000);
    expect(loadConfig({ PUBLISH_EVERY: '6h', BATCH_MAX_WAIT: '6h' }).batchMaxWaitMs).toBe(6 * 3_600_000);
    // With changes public at once there is no wait to bound.
    expect(loadConfig({ PUBLISH_EVERY: '0', BATCH_MAX_WAIT: '1m' }).batchMaxWaitMs).toBe(60_000);
    // DEMOGRAPHICS_SETTLE_DAYS, 7 by default; its former name DISCLOSURE_SETTLE_DAYS is read when the new one is not set.
    expect(loadConfig({}).demographicsSettleDays).toBe(7);
    expect(loadConfig({ DEMOGRAPHICS_SETTLE_DAYS: '3' }).demographicsSettleDays).toBe(3);
    expect(loadConfig({ DISCLOSURE_SETTLE_DAYS: '0' }).demographicsSettleDays).toBe(0);
    expect(loadConfig({ DISCLOSURE_SETTLE_DAYS: '2', DEMOGRAPHICS_SETTLE_DAYS: '' }).demographicsSettleDays).toBe(2);
    expect(loadConfig({ DISCLOSURE_SETTLE_DAYS: '2', DEMOGRAPHICS_SETTLE_DAYS: '5' }).demographicsSettleDays).toBe(5);
  });

  it('a server started with a bad value exits with that one sentence: no stack trace, no secret', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
          cwd: process.cwd(),
          env: { ...process.env, STATIC_DIR: 'none', DATABASE_URL: '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
      });
    const bad = await run({ PORT: '70000', JWT_SECRET: 'too-short-to-sign' });
    console.log(`[settings] the server's output: ${bad.out.trim()}`);
    expect(bad.code).toBe(1);
    expect(bad.out.trim()).toBe('Could not start: PORT must be a whole number from 1 to 65,535; got "70000".');
    const secret = await run({ JWT_SECRET: 'too-short-to-sign' });
    expect(secret.code).toBe(1);
    expect(secret.out.trim()).toMatch(
      /^Could not start: JWT_SECRET must be at least 32 bytes long.*\(its value is not shown\)\.$/,
    );
    expect(secret.out).not.toContain('too-short-to-sign');
  }, 60_000);
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
