// Configuration from the environment, read once. `.env.example` documents every variable.
import net from 'node:net';
import path from 'node:path';
import { CONCERNING_HOLD_THRESHOLD, FLAG_HOLD_THRESHOLD } from '../contract/moderation';

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
  moderatorEmail: string | null;
  moderatorPassword: string | null;
  seedDemo: boolean;
  /** scrypt cost; production never goes below 2^17 (tests lower it through SCRYPT_N). */
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
   * The publication batch interval in milliseconds (PUBLISH_EVERY): what anonymous people do, and
   * moderators' publish and restore, become public together at the next multiple of it on the UTC
   * grid (services/publication.ts). 0: at once.
   */
  publishEveryMs: number;
  /** Days a report must have been public before it counts toward disclosure (k = 5); 0: at once. */
  disclosureSettleDays: number;
  /** Outgoing mail (server/mail/transport.ts); without `smtpUrl` messages go to `<dataDir>/outbox` as .eml files. */
  mail: MailConfig;
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

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** Like int(), but 0 is allowed (it turns the feature off). */
function nonNegative(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return env[name] === '0' ? 0 : int(env, name, fallback);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const multiplier = int(env, 'RATE_LIMIT_MULTIPLIER', 1);
  const rule = (name: string, max: number, windowSeconds: number): RateLimitRule => ({
    max: Math.max(1, Math.round(int(env, `RATE_LIMIT_${name}`, max) * multiplier)),
    windowSeconds: int(env, `RATE_LIMIT_${name}_WINDOW`, windowSeconds),
  });
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET || null,
    moderatorEmail: env.MODERATOR_EMAIL || null,
    moderatorPassword: env.MODERATOR_PASSWORD || null,
    seedDemo: env.SEED_DEMO !== 'false',
    scryptN: int(env, 'SCRYPT_N', 2 ** 17),
    accessTokenSeconds: int(env, 'ACCESS_TOKEN_SECONDS', 15 * 60),
    refreshTokenDays: int(env, 'REFRESH_TOKEN_DAYS', 30),
    refreshGraceSeconds: nonNegative(env, 'REFRESH_GRACE_SECONDS', 30),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    staticDir: env.STATIC_DIR === 'none' ? null : path.resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGIN ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    workers: int(env, 'WORKERS', 1),
    pgPoolSize: int(env, 'PG_POOL_SIZE', 10),
    pgliteFastPath: onOff(env, 'PGLITE_FAST_PATH', true),
    // Off only to measure the uncached path (npm run bench -- --no-cache).
    readCache: env.READ_CACHE !== 'off',
    checkResponses: env.CHECK_RESPONSES === 'true',
    loginDelay: { baseMs: int(env, 'LOGIN_DELAY_BASE_MS', 250), maxMs: int(env, 'LOGIN_DELAY_MAX_MS', 4000) },
    moderation: moderationMode(env.MODERATION),
    flagHoldThreshold: int(env, 'FLAG_HOLD_THRESHOLD', FLAG_HOLD_THRESHOLD),
    concerningHoldThreshold: int(env, 'CONCERNING_HOLD_THRESHOLD', CONCERNING_HOLD_THRESHOLD),
    publishEveryMs: parsePublishEvery(env.PUBLISH_EVERY),
    disclosureSettleDays: nonNegative(env, 'DISCLOSURE_SETTLE_DAYS', 7),
    mail: mailConfig(env, int(env, 'PORT', 3000), path.resolve(env.DATA_DIR || './data')),
    rateLimits: {
      submissions: rule('SUBMISSIONS', 10, 3600),
      register: rule('REGISTER', 5, 3600),
      loginPerEmail: rule('LOGIN_EMAIL', 10, 900),
      // Above the per-account one: one address may fail on a few accounts before it is stopped.
      loginPerAddress: rule('LOGIN_ADDRESS', 30, 900),
      loginPerAccount: rule('LOGIN_ACCOUNT', 20, 900),
      votes: rule('VOTES', 100, 3600),
      general: rule('GENERAL', 600, 60),
      // Guards one inbox against strangers asking for resets (services/accounts.ts requestPasswordReset).
      resetMail: rule('RESET_MAIL', 3, 3600),
      edits: rule('EDITS', 20, 3600),
    },
  };
}

/** `on` or `off` (unset: `fallback`). */
function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = (env[name] ?? '').trim();
  if (value === '') return fallback;
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be "on" or "off", got "${env[name]}"`);
  return value === 'on';
}

const DAY_MINUTES = 24 * 60;

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
    throw new Error(
      `PUBLISH_EVERY must be 0 (at once) or minutes or hours that divide a day, such as 1m, 30m, 1h or 6h (batches fall on the same UTC times every day); got "${raw}"`,
    );
  }
  return minutes * 60_000;
}

/**
 * SMTP_URL, MAIL_FROM and PUBLIC_URL, checked at start: a line break in the sender would let a
 * header be injected into every message, and links in mail need an absolute http(s) address.
 */
function mailConfig(env: NodeJS.ProcessEnv, port: number, dataDir: string): MailConfig {
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be the site's address, such as https://peptides.example.org, got "${env.PUBLIC_URL}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an http(s) address without a query, fragment or credentials, got "${env.PUBLIC_URL}"`);
  }
  const from = (env.MAIL_FROM || `Peptide Community <no-reply@${url.hostname}>`).trim();
  // Control characters (CR, LF) in a header would start another header; an address is needed.
  if (/\p{Cc}/u.test(from) || !/@[^\s@>]+/.test(from)) {
    throw new Error(`MAIL_FROM must be one address on one line, such as "Peptide Community <no-reply@example.org>", got ${JSON.stringify(env.MAIL_FROM)}`);
  }
  const smtpUrl = (env.SMTP_URL ?? '').trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// address, such as smtp://user:password@mail.example.org:587');
  return { smtpUrl, from, publicUrl: url.origin + url.pathname.replace(/\/+$/, ''), outboxDir: path.join(dataDir, 'outbox') };
}

function moderationMode(raw: string | undefined): 'post' | 'pre' {
  const value = (raw ?? '').trim() || 'post';
  if (value !== 'post' && value !== 'pre') throw new Error(`MODERATION must be "post" or "pre", got "${raw}"`);
  return value;
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
    throw new Error(
      'TRUST_PROXY=true would trust every X-Forwarded-For entry, so any client could choose its own address and escape the rate limits. ' +
        'Set the number of proxies in front of the server (for example TRUST_PROXY=1 behind one nginx or load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY must be a number of proxy hops from 0 to 10 or a list of addresses, got "${raw}"`);
    return hops;
  }
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !validBits || extra !== undefined) {
      throw new Error(`TRUST_PROXY must be a number of proxy hops or a list of addresses and CIDR ranges, and "${entry}" is neither`);
    }
  }
  return entries;
}
