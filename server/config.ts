// Configuration from the environment, read once and checked against one schema (ENV below): a
// value out of its range stops the server at start with one sentence naming the variable, never
// later with a stack trace. `.env.example` and the README's table document every variable.
import net from 'node:net';
import path from 'node:path';
// zod/mini, like contract/: the full build would load its English messages for every schema in
// the process, and the API's 400s are worded by contract/common.ts.
import { z } from 'zod/mini';
import { CONCERNING_HOLD_THRESHOLD, FLAG_HOLD_THRESHOLD } from '../contract/moderation';
import { ACCOUNT_UNDO_SECONDS } from '../contract/members';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  /**
   * RATE_LIMIT_SECRET: the key rate-limit counters hash addresses with on PostgreSQL, for several
   * machines sharing one database; null: each start draws one in memory (lib/limiter-key.ts).
   */
  rateLimitSecret: string | null;
  moderatorEmail: string | null;
  moderatorPassword: string | null;
  seedDemo: boolean;
  /** scrypt cost: 2^17 by default, never below 2^14 outside the test suites (SCRYPT_N_RANGE). */
  scryptN: number;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /** How long a refresh token just replaced still answers with its successor (0: no grace). */
  refreshGraceSeconds: number;
  bodyLimitBytes: number;
  staticDir: string | null;
  logLevel: string;
  /**
   * Which proxies in front of us may name the client (X-Forwarded-For): a number of hops
   * (0: none, the peer is the client) or a list of proxy addresses and CIDR ranges.
   */
  trustProxy: number | string[];
  /** Origins allowed to call the API from another host (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Server processes on the one port (node:cluster, PostgreSQL only; server/serve.ts). */
  workers: number;
  /** Connections in each process's PostgreSQL pool. */
  pgPoolSize: number;
  /**
   * PGLITE_FAST_PATH: PGlite runs the statements marked `prepare` as prepared statements whose
   * answers it reads from the wire (db/pglite-fast-path.ts; on, the default), or every statement
   * through PGlite's public query() (off: the fallback should a PGlite release break the fast path).
   */
  pgliteFastPath: boolean;
  /** In-process read caches on (the default); off measures every read from the database. */
  readCache: boolean;
  /**
   * Every answer checked against its route's response schema before it is sent (a mismatch is a
   * 500): on in the server tests (CHECK_RESPONSES=true), so the whole suite proves the answers
   * are what contract/ and the OpenAPI document say; off in production, where it would cost.
   */
  checkResponses: boolean;
  /** The wait before checking a password once an account has `rateLimits.loginPerAccount.max` failures. */
  loginDelay: { baseMs: number; maxMs: number };
  /** `post`: reports publish at once unless an automatic hold applies; `pre`: every new or edited report is held. */
  moderation: 'post' | 'pre';
  /** Open flags that hold a published report (services/moderation.ts). */
  flagHoldThreshold: number;
  /** Concerning votes that hold a published report. */
  concerningHoldThreshold: number;
  /**
   * Seconds an approval or rejection can be undone, and its mail held back for
   * (services/account-decisions.ts); 0: no undo, the mail leaves at once.
   */
  accountUndoSeconds: number;
  /**
   * The publication batch interval in milliseconds (PUBLISH_EVERY): what anonymous people do, and
   * moderators' publish and restore, become public together at the next multiple of it on the UTC
   * grid (services/publication/grid.ts). 0: at once.
   */
  publishEveryMs: number;
  /**
   * BATCH_MIN_CHANGES: the fewest changes (queue rows) a batch applies; fewer wait for a later grid
   * time (services/publication/grid.ts batchDecision). 1: no minimum.
   */
  batchMinChanges: number;
  /** BATCH_MAX_WAIT in milliseconds: past it, the oldest change is applied with whatever is due, however few. */
  batchMaxWaitMs: number;
  /**
   * DEMOGRAPHICS_SETTLE_DAYS (formerly DISCLOSURE_SETTLE_DAYS, still accepted): days a report must
   * have been public before it counts in its peptide's shares by age range, sex and activity level
   * (services/reporter-shares.ts); 0: once public.
   */
  demographicsSettleDays: number;
  /** Outgoing mail (server/mail/transport.ts); without `smtpUrl` messages go to `<dataDir>/outbox` as .eml files. */
  mail: MailConfig;
  /** METRICS_TOKEN: the bearer token of `GET /metrics` (plugins/metrics.ts); null: that route answers 404. */
  metricsToken: string | null;
  rateLimits: {
    submissions: RateLimitRule;
    register: RateLimitRule;
    /** Failed sign-ins per (account, address): past `max`, that pair gets 429 until the window ends. */
    loginPerEmail: RateLimitRule;
    /** Failed sign-ins from one address over all accounts: past `max`, that address gets 429. */
    loginPerAddress: RateLimitRule;
    /** Failed sign-ins per account over all addresses: from `max` on, every attempt waits (never a 429). */
    loginPerAccount: RateLimitRule;
    votes: RateLimitRule;
    general: RateLimitRule;
    /** Password-reset mails per account (whether or not it exists): past `max` the answer is the same and nothing is sent. */
    resetMail: RateLimitRule;
    /** Anonymous corrections per report (its tracking ID), wherever they come from. */
    edits: RateLimitRule;
    /** Peptide pages created per account. */
    peptides: RateLimitRule;
    /** Peptide pages deleted per account. */
    peptideDeletes: RateLimitRule;
  };
}

export interface MailConfig {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://...`); null: write to `outboxDir`, deliver nothing. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every message. */
  from: string;
  /** PUBLIC_URL: the site's address as its members reach it, for the links in mail (no trailing slash). */
  publicUrl: string;
  outboxDir: string;
}

/**
 * A setting refused at start: its message is one sentence naming the variable and what it
 * accepts, and never a secret's value (server/index.ts prints it without a stack trace).
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const DAY_MINUTES = 24 * 60;
const DAY_MS = DAY_MINUTES * 60_000;
/** The longest BATCH_MAX_WAIT: a change never waits longer than a year. */
const MAX_WAIT_DAYS = 365;

/** Variables whose values are never printed: a refusal says only that they are refused. */
const SECRET = new Set([
  'JWT_SECRET',
  'RATE_LIMIT_SECRET',
  'MODERATOR_EMAIL',
  'MODERATOR_PASSWORD',
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
]);

/** pino's levels (server/app.ts loggerOptions), and `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * scrypt's cost: a power of two from 2^14 (what OWASP names as the least for scrypt with r = 8)
 * to 2^20 (1 GiB of memory per hash). The test suites hash with 2^10 (tests/server/helpers.ts,
 * tests/e2e/app-server.ts, tests/long/server-process.ts): a cost below 2^14 is accepted only
 * with NODE_ENV=test, which vitest sets for its workers and the servers they start.
 */
export const SCRYPT_N_RANGE = { min: 2 ** 14, max: 2 ** 20, testMin: 2 } as const;

/**
 * One variable: `accepts` completes "NAME must be ..."; `read` turns the raw text into the value,
 * or undefined when the text is refused. Unset or empty means `fallback`.
 */
function setting<T>(
  accepts: string,
  read: (raw: string) => T | undefined,
  fallback: T,
  options: { trim?: boolean } = {},
) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((raw: string | undefined, ctx): T => {
      const text = raw === undefined ? '' : options.trim === false ? raw : raw.trim();
      if (text === '') return fallback;
      let value: T | undefined;
      try {
        value = read(text);
      } catch (err) {
        // A reader with a sentence of its own (PUBLISH_EVERY, TRUST_PROXY).
        if (err instanceof ConfigError) {
          ctx.issues.push({ code: 'custom', message: err.message, params: { sentence: true }, input: raw });
          return z.NEVER;
        }
        throw err;
      }
      if (value === undefined) {
        ctx.issues.push({ code: 'custom', message: accepts, input: raw });
        return z.NEVER;
      }
      return value;
    }),
  );
}

/** A whole number from `min` to `max`. */
function whole(min: number, max: number, fallback: number, unit = '') {
  const accepts = `a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}${unit}`;
  return setting(
    accepts,
    (raw) => (/^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined),
    fallback,
  );
}

function oneOf<const T extends string>(values: readonly T[], fallback: T) {
  return setting(
    values
      .map((v) => `"${v}"`)
      .join(' or ')
      .replace(/ or (?=.* or )/g, ', '),
    (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    fallback,
  );
}

const flag = (fallback: boolean) =>
  setting('"true" or "false"', (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined), fallback);

const text = (accepts: string, test: (raw: string) => boolean) =>
  setting<string | null>(accepts, (raw) => (test(raw) ? raw : undefined), null);

const RATE_LIMITS = {
  SUBMISSIONS: { max: 10, windowSeconds: 3600 },
  REGISTER: { max: 5, windowSeconds: 3600 },
  LOGIN_EMAIL: { max: 10, windowSeconds: 900 },
  // Above the per-account one: one address may fail on a few accounts before it is stopped.
  LOGIN_ADDRESS: { max: 30, windowSeconds: 900 },
  LOGIN_ACCOUNT: { max: 20, windowSeconds: 900 },
  VOTES: { max: 100, windowSeconds: 3600 },
  GENERAL: { max: 600, windowSeconds: 60 },
  // Guards one inbox against strangers asking for resets (services/accounts.ts requestPasswordReset).
  RESET_MAIL: { max: 3, windowSeconds: 3600 },
  // Anonymous corrections per report (its tracking ID), wherever they come from.
  EDITS: { max: 20, windowSeconds: 3600 },
  // Peptide pages a member creates, and deletes, a day: each one empties the cached public
  // answers, so a loop of them kept every rendered page cold (/community 3 ms to 317 ms).
  PEPTIDES: { max: 10, windowSeconds: 86_400 },
  PEPTIDE_DELETES: { max: 20, windowSeconds: 86_400 },
} as const satisfies Record<string, RateLimitRule>;

const WEEK_SECONDS = 7 * 24 * 3600;

function rateLimitSettings() {
  const entries: [string, ReturnType<typeof whole>][] = [];
  for (const [name, rule] of Object.entries(RATE_LIMITS)) {
    entries.push([`RATE_LIMIT_${name}`, whole(1, 1_000_000, rule.max)]);
    entries.push([
      `RATE_LIMIT_${name}_WINDOW`,
      whole(1, WEEK_SECONDS, rule.windowSeconds, ' (seconds, a week at most)'),
    ]);
  }
  return Object.fromEntries(entries) as Record<
    `RATE_LIMIT_${keyof typeof RATE_LIMITS}${'' | '_WINDOW'}`,
    ReturnType<typeof whole>
  >;
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

/**
 * Every variable the server reads, each with its range, in one schema: `loadConfig` parses the
 * environment with it, and the first variable it refuses stops the server (ConfigError).
 */
const ENV = z
  .object({
    NODE_ENV: oneOf(['production', 'development', 'test'], 'production'),
    PORT: whole(1, 65535, 3000),
    HOST: setting(
      'an IP address or a host name',
      (raw) => (net.isIP(raw) || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(raw) ? raw : undefined),
      '0.0.0.0',
    ),
    DATA_DIR: setting('a folder', (raw) => path.resolve(raw), path.resolve('./data')),
    DATABASE_URL: text(
      'a postgres:// or postgresql:// address, such as postgres://user:password@127.0.0.1:5432/peptides',
      (raw) => {
        try {
          return /^postgres(ql)?:$/.test(new URL(raw).protocol);
        } catch {
          return false;
        }
      },
    ),
    JWT_SECRET: setting<string | null>(
      'at least 32 bytes long, or unset to have one generated and kept in the database',
      (raw) => (Buffer.byteLength(raw) >= 32 ? raw : undefined),
      null,
      { trim: false },
    ),
    RATE_LIMIT_SECRET: setting<string | null>(
      'at least 32 bytes long, or unset to have each start draw one in memory',
      (raw) => (Buffer.byteLength(raw) >= 32 ? raw : undefined),
      null,
      { trim: false },
    ),
    MODERATOR_EMAIL: text('an email address', (raw) => /^[^\s@]+@[^\s@]+$/.test(raw)),
    MODERATOR_PASSWORD: setting<string | null>(
      'at least 8 characters',
      (raw) => (raw.length >= 8 ? raw : undefined),
      null,
      { trim: false },
    ),
    SEED_DEMO: flag(true),
    SCRYPT_N: setting(
      `a power of two from ${SCRYPT_N_RANGE.min} (2^14) to ${SCRYPT_N_RANGE.max} (2^20); lower only with NODE_ENV=test, for the test suites`,
      (raw) =>
        /^\d+$/.test(raw) &&
        isPowerOfTwo(Number(raw)) &&
        Number(raw) >= SCRYPT_N_RANGE.testMin &&
        Number(raw) <= SCRYPT_N_RANGE.max
          ? Number(raw)
          : undefined,
      2 ** 17,
    ),
    ACCESS_TOKEN_SECONDS: whole(30, 86_400, 15 * 60, ' (seconds)'),
    REFRESH_TOKEN_DAYS: whole(1, 365, 30),
    REFRESH_GRACE_SECONDS: whole(0, 300, 30, ' (seconds; 0 turns the grace off)'),
    BODY_LIMIT_BYTES: whole(16_384, 16_777_216, 64 * 1024, ' (bytes)'),
    STATIC_DIR: setting<string | null>(
      'a folder, or "none"',
      (raw) => (raw === 'none' ? null : path.resolve(raw)),
      path.resolve('./dist'),
    ),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
    TRUST_PROXY: setting<number | string[]>('a number of proxy hops or a list of addresses', parseTrustProxy, 0),
    CORS_ORIGIN: setting<string[]>(
      'a comma-separated list of origins, such as https://example.org,https://app.example.org',
      (raw) => {
        const origins = raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        return origins.every((o) => URL.canParse(o) && /^https?:$/.test(new URL(o).protocol) && new URL(o).origin === o)
          ? origins
          : undefined;
      },
      [],
    ),
    WORKERS: whole(1, 64, 1),
    PG_POOL_SIZE: whole(1, 1000, 10),
    // Off: every PGlite statement through its public query(), should a release break the fast path.
    PGLITE_FAST_PATH: oneOf(['on', 'off'], 'on'),
    // Off only to measure the uncached path (npm run bench -- --no-cache).
    READ_CACHE: oneOf(['on', 'off'], 'on'),
    CHECK_RESPONSES: flag(false),
    LOGIN_DELAY_BASE_MS: whole(1, 60_000, 250, ' (milliseconds)'),
    LOGIN_DELAY_MAX_MS: whole(1, 60_000, 4000, ' (milliseconds)'),
    MODERATION: oneOf(['post', 'pre'], 'post'),
    FLAG_HOLD_THRESHOLD: whole(1, 1000, FLAG_HOLD_THRESHOLD),
    CONCERNING_HOLD_THRESHOLD: whole(1, 1000, CONCERNING_HOLD_THRESHOLD),
    ACCOUNT_UNDO_SECONDS: whole(0, 600, ACCOUNT_UNDO_SECONDS, ' (0: no undo)'),
    PUBLISH_EVERY: setting('0 or minutes or hours that divide a day', parsePublishEvery, 6 * 60 * 60_000),
    BATCH_MIN_CHANGES: whole(1, 1000, 5, ' (1 turns the minimum off)'),
    BATCH_MAX_WAIT: setting(
      `a duration of whole days, hours or minutes from 1m to ${MAX_WAIT_DAYS}d, such as 14d, 36h or 90m`,
      parseDuration,
      14 * DAY_MS,
    ),
    DEMOGRAPHICS_SETTLE_DAYS: whole(0, 365, 7, ' (days)'),
    // Its former name, read when DEMOGRAPHICS_SETTLE_DAYS is not set (loadConfig).
    DISCLOSURE_SETTLE_DAYS: whole(0, 365, 7, ' (days)'),
    PUBLIC_URL: setting<string | null>(
      "the site's address, an http(s) address without a query, fragment or credentials, such as https://peptides.example.org",
      publicUrl,
      null,
    ),
    MAIL_FROM: setting<string | null>(
      'one address on one line, such as "Peptide Community <no-reply@example.org>"',
      mailFrom,
      null,
      { trim: false },
    ),
    SMTP_URL: text('an smtp:// or smtps:// address, such as smtp://user:password@mail.example.org:587', (raw) =>
      /^smtps?:\/\/[^\s]+$/.test(raw),
    ),
    METRICS_TOKEN: setting<string | null>(
      'at least 16 characters without spaces (unset, GET /metrics answers 404)',
      (raw) => (/^\S{16,}$/.test(raw) ? raw : undefined),
      null,
    ),
    RATE_LIMIT_MULTIPLIER: setting(
      'a number above 0, at most 1,000,000',
      (raw) => (/^\d+(\.\d+)?$/.test(raw) && Number(raw) > 0 && Number(raw) <= 1_000_000 ? Number(raw) : undefined),
      1,
    ),
    ...rateLimitSettings(),
  })
  .check(
    z.superRefine((env, ctx) => {
      const refuse = (name: string, message: string) =>
        ctx.issues.push({ code: 'custom', path: [name], message, input: env });
      if (env.SCRYPT_N < SCRYPT_N_RANGE.min && env.NODE_ENV !== 'test') {
        refuse(
          'SCRYPT_N',
          `a power of two from ${SCRYPT_N_RANGE.min} (2^14) to ${SCRYPT_N_RANGE.max} (2^20); lower only with NODE_ENV=test, for the test suites`,
        );
      }
      if (env.WORKERS > 1 && !env.DATABASE_URL)
        refuse('WORKERS', '1 with the embedded database (it serves one process); more needs DATABASE_URL');
      if (env.PUBLISH_EVERY > 0 && env.BATCH_MAX_WAIT < env.PUBLISH_EVERY) {
        refuse(
          'BATCH_MAX_WAIT',
          `at least PUBLISH_EVERY (${env.PUBLISH_EVERY / 60_000} minutes): a change waits at least until the next grid time`,
        );
      }
      if (env.LOGIN_DELAY_MAX_MS < env.LOGIN_DELAY_BASE_MS)
        refuse('LOGIN_DELAY_MAX_MS', `at least LOGIN_DELAY_BASE_MS (${env.LOGIN_DELAY_BASE_MS})`);
      // Mail that is delivered carries links: to localhost they would open nothing for its reader.
      if (env.SMTP_URL && !env.PUBLIC_URL)
        refuse(
          'PUBLIC_URL',
          "set when SMTP_URL is: the site's address for the links in mail, such as https://peptides.example.org (unset, they would point at localhost)",
        );
      if (!env.MODERATOR_EMAIL !== !env.MODERATOR_PASSWORD) {
        refuse(
          env.MODERATOR_EMAIL ? 'MODERATOR_PASSWORD' : 'MODERATOR_EMAIL',
          'set together with the other of MODERATOR_EMAIL and MODERATOR_PASSWORD',
        );
      }
    }),
  );

/** The sentence for the first variable the schema refused. */
function refusal(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): ConfigError {
  const name = String(issue.path[0] ?? 'A setting');
  if ((issue as { params?: { sentence?: boolean } }).params?.sentence) return new ConfigError(issue.message);
  const raw = env[name];
  // A password written into an address that is not secret itself (PUBLIC_URL) is masked too.
  const masked = (value: string) => JSON.stringify(value.replace(/\/\/([^/@\s:]*):[^/@\s]*@/g, '//$1:***@'));
  const shown = raw === undefined ? '' : SECRET.has(name) ? ' (its value is not shown)' : `; got ${masked(raw)}`;
  return new ConfigError(`${name} must be ${issue.message}${shown}`);
}

/** Whether a variable is set: unset and empty both mean its default (`setting`). */
const settingSet = (raw: string | undefined) => (raw ?? '').trim() !== '';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ENV.safeParse(env);
  if (!parsed.success) throw refusal(parsed.error.issues[0], env);
  const e = parsed.data;
  const multiplier = e.RATE_LIMIT_MULTIPLIER;
  const rule = (name: keyof typeof RATE_LIMITS): RateLimitRule => ({
    max: Math.max(1, Math.round(e[`RATE_LIMIT_${name}`] * multiplier)),
    windowSeconds: e[`RATE_LIMIT_${name}_WINDOW`],
  });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    rateLimitSecret: e.RATE_LIMIT_SECRET,
    moderatorEmail: e.MODERATOR_EMAIL,
    moderatorPassword: e.MODERATOR_PASSWORD,
    seedDemo: e.SEED_DEMO,
    scryptN: e.SCRYPT_N,
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    refreshTokenDays: e.REFRESH_TOKEN_DAYS,
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGIN,
    workers: e.WORKERS,
    pgPoolSize: e.PG_POOL_SIZE,
    pgliteFastPath: e.PGLITE_FAST_PATH === 'on',
    readCache: e.READ_CACHE === 'on',
    checkResponses: e.CHECK_RESPONSES,
    loginDelay: { baseMs: e.LOGIN_DELAY_BASE_MS, maxMs: e.LOGIN_DELAY_MAX_MS },
    moderation: e.MODERATION,
    flagHoldThreshold: e.FLAG_HOLD_THRESHOLD,
    concerningHoldThreshold: e.CONCERNING_HOLD_THRESHOLD,
    accountUndoSeconds: e.ACCOUNT_UNDO_SECONDS,
    publishEveryMs: e.PUBLISH_EVERY,
    batchMinChanges: e.BATCH_MIN_CHANGES,
    batchMaxWaitMs: e.BATCH_MAX_WAIT,
    demographicsSettleDays:
      settingSet(env.DEMOGRAPHICS_SETTLE_DAYS) || !settingSet(env.DISCLOSURE_SETTLE_DAYS)
        ? e.DEMOGRAPHICS_SETTLE_DAYS
        : e.DISCLOSURE_SETTLE_DAYS,
    mail: mailConfig(e),
    metricsToken: e.METRICS_TOKEN,
    rateLimits: {
      submissions: rule('SUBMISSIONS'),
      register: rule('REGISTER'),
      loginPerEmail: rule('LOGIN_EMAIL'),
      loginPerAddress: rule('LOGIN_ADDRESS'),
      loginPerAccount: rule('LOGIN_ACCOUNT'),
      votes: rule('VOTES'),
      general: rule('GENERAL'),
      resetMail: rule('RESET_MAIL'),
      edits: rule('EDITS'),
      peptides: rule('PEPTIDES'),
      peptideDeletes: rule('PEPTIDE_DELETES'),
    },
  };
}

/**
 * PUBLISH_EVERY: `0` (public at once), or minutes (`30m`) or hours (`6h`) that divide a day, so
 * that batches fall on the same times every UTC day (00:00, 06:00, ...). Default `6h`.
 */
export function parsePublishEvery(raw: string | undefined): number {
  const value = (raw ?? '').trim() || '6h';
  if (value === '0') return 0;
  const m = /^(\d{1,4})([mh])$/.exec(value);
  const minutes = m ? Number(m[1]) * (m[2] === 'h' ? 60 : 1) : NaN;
  if (!m || minutes < 1 || minutes > DAY_MINUTES || DAY_MINUTES % minutes !== 0) {
    throw new ConfigError(
      `PUBLISH_EVERY must be 0 (at once) or minutes or hours that divide a day, such as 1m, 30m, 1h or 6h (batches fall on the same UTC times every day); got "${raw}"`,
    );
  }
  return minutes * 60_000;
}

/**
 * BATCH_MAX_WAIT: whole days (`14d`), hours (`36h`) or minutes (`90m`), from a minute to
 * MAX_WAIT_DAYS; undefined for anything else.
 */
function parseDuration(raw: string): number | undefined {
  const m = /^(\d{1,6})([dhm])$/.exec(raw);
  if (!m) return undefined;
  const ms = Number(m[1]) * { d: DAY_MS, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
  return ms >= 60_000 && ms <= MAX_WAIT_DAYS * DAY_MS ? ms : undefined;
}

/**
 * PUBLIC_URL: the site's address for the links in mail, an absolute http(s) address without a
 * query, fragment or credentials; returned without its trailing slash.
 */
function publicUrl(raw: string): string | undefined {
  if (!URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) return undefined;
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** MAIL_FROM: control characters (CR, LF) in a header would start another header; an address is needed. */
function mailFrom(raw: string): string | undefined {
  const from = raw.trim();
  return /\p{Cc}/u.test(from) || !/@[^\s@>]+/.test(from) ? undefined : from;
}

/** Outgoing mail, from SMTP_URL, MAIL_FROM and PUBLIC_URL (each checked by the schema). */
function mailConfig(e: {
  SMTP_URL: string | null;
  MAIL_FROM: string | null;
  PUBLIC_URL: string | null;
  PORT: number;
  DATA_DIR: string;
}): MailConfig {
  const site = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? `Peptide Community <no-reply@${new URL(site).hostname}>`,
    publicUrl: site,
    outboxDir: path.join(e.DATA_DIR, 'outbox'),
  };
}

/**
 * TRUST_PROXY: unset, `0` or `false` trusts no proxy; a number trusts that many hops (the
 * client is the address that many entries from the right of X-Forwarded-For); otherwise a
 * comma-separated list of proxy addresses or CIDR ranges. `true` would trust every hop, so a
 * client could name any address it likes behind a proxy that appends to the header: refused.
 */
export function parseTrustProxy(raw: string | undefined): number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return 0;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For entry, so any client could choose its own address and escape the rate limits. ' +
        'Set the number of proxies in front of the server (for example TRUST_PROXY=1 behind one nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10)
      throw new ConfigError(
        `TRUST_PROXY must be a number of proxy hops from 0 to 10 or a list of addresses, got "${raw}"`,
      );
    return hops;
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be a number of proxy hops or a list of addresses and CIDR ranges, and "${entry}" is neither`,
      );
    }
  }
  return entries;
}

/**
 * The configuration of a command (the server, the command-line tools): a refused setting ends the
 * process with its one sentence on stderr and exit code 1, without a stack trace.
 */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Could not start: ${err.message}.`);
    process.exit(1);
  }
}
