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
  /** How long a refresh token just replaced still answers with its successor (0: no grace). */
  refreshGraceSeconds: number;
  bodyLimitBytes: number;
  staticDir: string | null;
  logLevel: string;
  rateLimits: {
    submissions: RateLimitRule;
    register: RateLimitRule;
    loginPerEmail: RateLimitRule;
    loginPerAddress: RateLimitRule;
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
    rateLimits: {
      submissions: rule('SUBMISSIONS', 10, 3600),
      register: rule('REGISTER', 5, 3600),
      loginPerEmail: rule('LOGIN_EMAIL', 10, 900),
      loginPerAddress: rule('LOGIN_ADDRESS', 10, 900),
      votes: rule('VOTES', 100, 3600),
      general: rule('GENERAL', 600, 60),
    },
  };
}
