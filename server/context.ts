// What every route and service needs, built once per server.
import { createHmac } from 'node:crypto';
import type { Config } from './config';
import type { Db } from './db/client';
import { ReadCache } from './lib/cache';
import { Clock } from './lib/clock';
import { CursorCodec } from './lib/cursor';
import { Metrics } from './lib/metrics';
import { limiterKey } from './lib/limiter-key';
import { MemoryRateLimitStore, PgRateLimitStore, RateLimiter } from './lib/rate-limit';
import { SessionCache } from './lib/session-cache';
import { TokenService } from './lib/tokens';
import { WakeSignal } from './lib/wake-signal';
import { createMailer, type Mailer } from './mail/transport';

/**
 * Built once by createContext; plugins and services use what it holds and never replace it (a
 * plugin that needs to be called registers itself with a signal, as mail delivery does with
 * `mailWake`). Only `db`, `mailer` and `noiseKey` are left writable: tests record what is sent
 * through the first two (tests/server/helpers.ts) and fix the third for noise that repeats.
 */
export interface AppContext {
  readonly config: Config;
  db: Db;
  readonly tokens: TokenService;
  /** Counts on `clock`'s time. */
  readonly limiter: RateLimiter;
  /** Hot public reads; emptied by every write that could change them. */
  readonly cache: ReadCache;
  /** Signed-in callers for a few seconds; dropped by every revocation or change of standing. */
  readonly sessions: SessionCache;
  /** Opaque paging cursors (lib/cursor.ts). */
  readonly cursors: CursorCodec;
  /** Accounts known to be marked active in a month (services/users.ts recordActivity). */
  readonly activeMonth: { month: string; users: Set<string> };
  /**
   * Keys the noise of the peptides' shares (services/reporter-shares.ts shareNoise): derived from
   * the server's secret, the same in every process, unknown to anyone who reads the pages or the
   * exports.
   */
  noiseKey: Buffer;
  /**
   * The only source of time of the services and plugins (lib/clock.ts), the rate limiter's too:
   * tests move it instead of waiting for real time to pass.
   */
  readonly clock: Clock;
  /** SMTP or the outbox folder (mail/transport.ts); only the mail queue's delivery sends. */
  mailer: Mailer;
  /**
   * Asks the mail queue to deliver soon: services wake it after queuing mail, and
   * plugins/mail-delivery.ts listens while its app runs (nothing happens before).
   */
  readonly mailWake: WakeSignal;
  /** Signs unsubscribe tokens (services/digest.ts): derived from the secret, never the JWT key itself. */
  readonly unsubscribeKey: Buffer;
  /**
   * Whether this process is draining (server/serve.ts): `stop` (SIGTERM) answers new requests 503
   * with Retry-After; `handover` (a worker replaced on SIGHUP) still serves them, each on its last
   * connection. Readiness answers 503 in both (plugins/drain.ts, routes/system.ts).
   */
  readonly lifecycle: { draining: DrainMode | null };
  /** Counters and timings for `GET /metrics` (lib/metrics.ts). */
  readonly metrics: Metrics;
}

export type DrainMode = 'stop' | 'handover';

/**
 * On PostgreSQL several processes may serve one database: rate-limit counters live in it and
 * addresses are hashed with `key`, which the processes that count together share and the
 * database never holds (lib/limiter-key.ts). PGlite is one process: memory, with keys drawn there.
 * Its time is the context's clock.
 */
function limiterOn(db: Db, key: string, clock: Clock): RateLimiter {
  const ms = () => clock.ms();
  return db.kind === 'postgres'
    ? new RateLimiter(new PgRateLimitStore(db, { clock: ms }), ms, key)
    : new RateLimiter(new MemoryRateLimitStore(), ms);
}

export function createContext(config: Config, db: Db, jwtSecret: string): AppContext {
  const clock = new Clock();
  return {
    config,
    db,
    tokens: new TokenService(jwtSecret, config.accessTokenSeconds),
    limiter: limiterOn(db, limiterKey(config.rateLimitSecret), clock),
    cache: new ReadCache(undefined, undefined, config.readCache),
    // With other processes possibly revoking sessions (PostgreSQL), trusted only once buildApp
    // listens for their NOTIFY app_sessions.
    sessions: new SessionCache({ trusted: !db.listen }),
    cursors: new CursorCodec(jwtSecret),
    activeMonth: { month: '', users: new Set() },
    noiseKey: createHmac('sha256', jwtSecret).update('reporter shares noise').digest(),
    clock,
    mailer: createMailer(config.mail),
    mailWake: new WakeSignal(),
    unsubscribeKey: createHmac('sha256', jwtSecret).update('digest-unsubscribe').digest(),
    lifecycle: { draining: null },
    metrics: new Metrics(),
  };
}

export type { Caller } from './lib/caller';
