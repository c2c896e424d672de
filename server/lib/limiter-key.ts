// The key the rate limiter hashes client addresses with when processes share counters in
// PostgreSQL (server/lib/rate-limit.ts RateLimiter, server/context.ts limiterOn). Never
// anything the database or a backup holds: it was derived from the server's secret, which, when
// generated, is kept in app_settings, so one dump held the key beside the counters, and all of
// IPv4 hashes in a few core-hours. So, in order:
// - RATE_LIMIT_SECRET from the environment (several machines on one PostgreSQL count together);
// - the key the primary of WORKERS=N drew and handed to the workers it forks (server/serve.ts);
// - else one drawn now, in this process's memory only.
// The price (docs/product-rules.md, "Limits and proxies"): a full restart without RATE_LIMIT_SECRET
// starts every count afresh, and machines without it count apart.
import { randomBytes } from 'node:crypto';

/** How the primary hands its key to the workers it forks: their environment, read once and removed. */
export const WORKER_LIMITER_KEY = 'PEPTIDE_WORKER_LIMITER_KEY';

/** A new key, drawn in memory. */
export function drawLimiterKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Refuses a RATE_LIMIT_SECRET that is the secret signing sessions: that one may be kept in the
 * database (generated at first start), so a backup would hold the counters' key after all.
 */
export function assertApartFrom(configured: string | null, sessionSecret: string): void {
  if (configured !== null && configured === sessionSecret) {
    throw new Error(
      'RATE_LIMIT_SECRET is the secret that signs sessions, which a backup of the database can hold: give it a value of its own',
    );
  }
}

/**
 * A process's source of keys: `configured` (RATE_LIMIT_SECRET) when set, else the key handed over
 * in `env` (read once and removed) or one drawn, the same for the source's life.
 */
export function keySource(env: NodeJS.ProcessEnv = process.env): (configured: string | null) => string {
  let key: string | null = null;
  return (configured) => {
    if (configured) return configured;
    if (!key) {
      key = env[WORKER_LIMITER_KEY] || drawLimiterKey();
      // Out of the environment, which diagnostic reports and child processes would carry.
      delete env[WORKER_LIMITER_KEY];
    }
    return key;
  };
}

/** This process's key (keySource over its own environment). */
export const limiterKey = keySource();
