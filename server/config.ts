// Configuration from the environment, read once. `.env.example` documents every variable.
import path from 'node:path';

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
  bodyLimitBytes: number;
  staticDir: string | null;
  logLevel: string;
  /** The wait before checking a password once an account has `rateLimits.loginPerAccount.max` failures. */
  loginDelay: { baseMs: number; maxMs: number };
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
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
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
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 64 * 1024),
    staticDir: env.STATIC_DIR === 'none' ? null : path.resolve(env.STATIC_DIR || './dist'),
    logLevel: env.LOG_LEVEL || 'info',
    loginDelay: { baseMs: int(env, 'LOGIN_DELAY_BASE_MS', 250), maxMs: int(env, 'LOGIN_DELAY_MAX_MS', 4000) },
    rateLimits: {
      submissions: rule('SUBMISSIONS', 10, 3600),
      register: rule('REGISTER', 5, 3600),
      loginPerEmail: rule('LOGIN_EMAIL', 10, 900),
      // Above the per-account one: one address may fail on a few accounts before it is stopped.
      loginPerAddress: rule('LOGIN_ADDRESS', 30, 900),
      loginPerAccount: rule('LOGIN_ACCOUNT', 20, 900),
      votes: rule('VOTES', 100, 3600),
      general: rule('GENERAL', 600, 60),
    },
  };
}
