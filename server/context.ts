// What every route and service needs, built once per server.
import { createHmac } from 'node:crypto';
import type { Config } from './config';
import type { Db } from './db/client';
import { ReadCache } from './lib/cache';
import { CursorCodec } from './lib/cursor';
import { Metrics } from './lib/metrics';
import { limiterKey } from './lib/limiter-key';
import { MemoryRateLimitStore, PgRateLimitStore, RateLimiter } from './lib/rate-limit';
import { SessionCache } from './lib/session-cache';
import { TokenService } from './lib/tokens';
import { createMailer, type Mailer } from './mail/transport';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Hot public reads; emptied by every write that could change them. */
  cache: ReadCache;
  /** Signed-in callers for a few seconds; dropped by every revocation or change of standing. */
  sessions: SessionCache;
  /** Opaque paging cursors (lib/cursor.ts). */
  cursors: CursorCodec;
  /** Accounts known to be marked active in a month (services/users.ts recordActivity). */
  activeMonth: { month: string; users: Set<string> };
  /**
   * Keys the noise of the peptides' shares (services/reporter-shares.ts shareNoise): derived from
   * the server's secret, the same in every process, unknown to anyone who reads the pages or the
   * exports.
   */
  noiseKey: Buffer;
  /**
   * The clock of the account rules that expire (reset links) or recur (the weekly digest):
   * replaced in tests, which never wait for real time to pass.
   */
  now: () => Date;
  /** SMTP or the outbox folder (mail/transport.ts); only the mail queue's delivery sends. */
  mailer: Mailer;
  /** Asks the mail queue to deliver soon (plugins/mail-delivery.ts sets it; a no-op until then). */
  wakeMail: () => void;
  /** Signs unsubscribe tokens (services/digest.ts): derived from the secret, never the JWT key itself. */
  unsubscribeKey: Buffer;
  /**
   * Whether this process is draining (server/serve.ts): `stop` (SIGTERM) answers new requests 503
   * with Retry-After; `handover` (a worker replaced on SIGHUP) still serves them, each on its last
   * connection. Readiness answers 503 in both (plugins/drain.ts, routes/system.ts).
   */
  lifecycle: { draining: DrainMode | null };
  /** Counters and timings for `GET /metrics` (lib/metrics.ts). */
  metrics: Metrics;
}

export type DrainMode = 'stop' | 'handover';

/**
 * On PostgreSQL several processes may serve one database: rate-limit counters live in it and
 * addresses are hashed with `key`, which the processes that count together share and the
 * database never holds (lib/limiter-key.ts). PGlite is one process: memory, with keys drawn there.
 * `clock`: the limiter's time (tests move a fake one past a window instead of waiting it out).
 */
export function defaultLimiter(db: Db, key: string, clock: () => number = Date.now): RateLimiter {
  return db.kind === 'postgres'
    ? new RateLimiter(new PgRateLimitStore(db, { clock }), clock, key)
    : new RateLimiter(new MemoryRateLimitStore(), clock);
}

export function createContext(
  config: Config,
  db: Db,
  jwtSecret: string,
  limiter = defaultLimiter(db, limiterKey(config.rateLimitSecret)),
): AppContext {
  return {
    config,
    db,
    tokens: new TokenService(jwtSecret, config.accessTokenSeconds),
    limiter,
    cache: new ReadCache(undefined, undefined, config.readCache),
    // With other processes possibly revoking sessions (PostgreSQL), trusted only once buildApp
    // listens for their NOTIFY app_sessions.
    sessions: new SessionCache({ trusted: !db.listen }),
    cursors: new CursorCodec(jwtSecret),
    activeMonth: { month: '', users: new Set() },
    noiseKey: createHmac('sha256', jwtSecret).update('reporter shares noise').digest(),
    now: () => new Date(),
    mailer: createMailer(config.mail),
    wakeMail: () => {},
    unsubscribeKey: createHmac('sha256', jwtSecret).update('digest-unsubscribe').digest(),
    lifecycle: { draining: null },
    metrics: new Metrics(),
  };
}

export type { Caller } from './lib/caller';
