// Fixed-window counters keyed by an HMAC of the client address (never the address itself),
// with a secret that rotates daily; entries expire with their window. One process keeps them
// in memory; several processes on one PostgreSQL share them in a table (PgRateLimitStore).
// Nothing a backup holds turns a counter back into an address or a moment (docs/product-rules.md,
// "Limits and proxies"): the hash's key is never in the database (server/lib/limiter-key.ts), and
// a window ends on a whole minute (windowEnd).
import { createHmac, randomBytes } from 'node:crypto';
import type { RateLimitInfo } from '../../contract/analytics';
import { ENDPOINTS, type EndpointKey } from '../../contract/endpoints';
import type { Config, RateLimitRule } from '../config';
import type { Queryable } from '../db/types';
import { tooManyRequests } from './errors';

export interface WindowCount {
  count: number;
  resetAt: number;
}

const MINUTE_MS = 60_000;

/**
 * When a window opened at `now` ends: the first whole minute at least `windowSeconds` later. The
 * shared table then holds no time finer than the minute (a window's end less its length was the
 * first request's time to the millisecond); a window lasts up to a minute longer than its rule.
 */
export function windowEnd(now: number, windowSeconds: number): number {
  return Math.ceil((now + windowSeconds * 1000) / MINUTE_MS) * MINUTE_MS;
}

export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and when it ends (ms). */
  hit(key: string, windowSeconds: number, now: number): WindowCount | Promise<WindowCount>;
  /** The count in the current window without adding to it; null when there is none. */
  peek(key: string, now: number): WindowCount | null | Promise<WindowCount | null>;
  /** Forgets the key's count (a successful sign-in clears its failures). */
  clear(key: string): void | Promise<void>;
}

/**
 * Counters in PostgreSQL, so every worker sees the same count: one upsert per hit for the
 * strict limits (sign-in, register, submit, vote). The general per-address limit (600 a minute
 * by default) is checked on every API request; one write per request would cap the cached
 * reads at the database's write rate, so its hits are counted locally and added to the shared
 * counter in one statement every `flushMs`: the shared count lags by at most that much.
 */
export class PgRateLimitStore implements RateLimitStore {
  private lastSweep = 0;
  private readonly batched = new Map<string, { add: number; inFlight: number; known: number; resetAt: number }>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly clock: () => number;
  private readonly isBatched: (key: string) => boolean;
  private readonly flushMs: number;

  /**
   * @param options.clock The limiter's clock (RateLimiter): a flush ends windows by the same time
   * the hits began them.
   */
  constructor(
    private readonly db: Queryable,
    options: { clock?: () => number; isBatched?: (key: string) => boolean; flushMs?: number } = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.isBatched = options.isBatched ?? ((key) => key.startsWith('general:'));
    this.flushMs = options.flushMs ?? 200;
  }

  hit(key: string, windowSeconds: number, now: number): WindowCount | Promise<WindowCount> {
    if (this.isBatched(key)) return this.hitBatched(key, windowSeconds, now);
    return this.hitNow(key, windowSeconds, now);
  }

  private hitBatched(key: string, windowSeconds: number, now: number): WindowCount {
    let entry = this.batched.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { add: 0, inFlight: 0, known: 0, resetAt: windowEnd(now, windowSeconds) };
      this.batched.set(key, entry);
    }
    entry.add += 1;
    this.scheduleFlush();
    return { count: entry.known + entry.inFlight + entry.add, resetAt: entry.resetAt };
  }

  /** A flush in `flushMs`, unless one is waiting or under way (that one schedules the next). */
  private scheduleFlush() {
    if (this.flushing || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, this.flushMs);
    this.flushTimer.unref?.();
  }

  /**
   * Adds the local hits to the shared counters and learns what the other processes added. One
   * flush at a time: a second one started while the database is slow would take the first one's
   * hits out of `inFlight` before they are counted in `known`, and the limit would admit them
   * again (a clean-clone run on PostgreSQL let a 6th request through a limit of 5 so).
   */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
      if ([...this.batched.values()].some((e) => e.add > 0)) this.scheduleFlush();
    });
    return this.flushing;
  }

  private async send(): Promise<void> {
    const now = this.clock();
    const sending = [...this.batched].filter(([, e]) => e.add > 0);
    for (const [key, e] of this.batched) if (e.add === 0 && e.resetAt <= now) this.batched.delete(key);
    if (!sending.length) return;
    for (const [, e] of sending) {
      e.inFlight = e.add;
      e.add = 0;
    }
    try {
      const res = await this.db.query<{ key: string; count: number; reset_at: string | number }>(
        // A new shared window ends when the local one does (it began at the first local hit).
        `insert into rate_limit_counters (key, count, reset_at)
         select k, n, r from unnest($1::text[], $2::int[], $3::bigint[]) as x(k, n, r)
         on conflict (key) do update set
           count = case when rate_limit_counters.reset_at <= $4::bigint then excluded.count else rate_limit_counters.count + excluded.count end,
           reset_at = case when rate_limit_counters.reset_at <= $4::bigint then excluded.reset_at else rate_limit_counters.reset_at end
         returning key, count, reset_at`,
        [sending.map(([k]) => k), sending.map(([, e]) => e.inFlight), sending.map(([, e]) => e.resetAt), now],
      );
      // Into the entries sent: one replaced meanwhile (its window ended) keeps its own count.
      const rows = new Map(res.rows.map((row) => [row.key, row]));
      for (const [key, e] of sending) {
        const row = rows.get(key);
        if (!row) continue;
        e.known = row.count;
        e.resetAt = Number(row.reset_at);
        e.inFlight = 0;
      }
    } catch {
      // The database is unreachable: keep counting locally and send these hits next time.
      for (const [, e] of sending) {
        e.add += e.inFlight;
        e.inFlight = 0;
      }
    }
  }

  peek(key: string, now: number): WindowCount | null | Promise<WindowCount | null> {
    const local = this.batched.get(key);
    if (this.isBatched(key)) {
      return local && local.resetAt > now
        ? { count: local.known + local.inFlight + local.add, resetAt: local.resetAt }
        : null;
    }
    return this.db
      .query<{ count: number; reset_at: string | number }>(
        'select count, reset_at from rate_limit_counters where key = $1 and reset_at > $2',
        [key, now],
      )
      .then((res) => (res.rows[0] ? { count: res.rows[0].count, resetAt: Number(res.rows[0].reset_at) } : null));
  }

  async clear(key: string): Promise<void> {
    this.batched.delete(key);
    await this.db.query('delete from rate_limit_counters where key = $1', [key]);
  }

  private async hitNow(key: string, windowSeconds: number, now: number): Promise<WindowCount> {
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      // Expired windows are dead weight; any worker may clear them.
      void this.db.query('delete from rate_limit_counters where reset_at <= $1', [now]).catch(() => {});
    }
    const res = await this.db.query<{ count: number; reset_at: string | number }>(
      `insert into rate_limit_counters (key, count, reset_at) values ($1, 1, $3::bigint)
       on conflict (key) do update set
         count = case when rate_limit_counters.reset_at <= $2::bigint then 1 else rate_limit_counters.count + 1 end,
         reset_at = case when rate_limit_counters.reset_at <= $2::bigint then excluded.reset_at else rate_limit_counters.reset_at end
       returning count, reset_at`,
      [key, now, windowEnd(now, windowSeconds)],
    );
    return { count: res.rows[0].count, resetAt: Number(res.rows[0].reset_at) };
  }
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  hit(key: string, windowSeconds: number, now: number) {
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: windowEnd(now, windowSeconds) };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  peek(key: string, now: number): WindowCount | null {
    const entry = this.windows.get(key);
    return entry && entry.resetAt > now ? { count: entry.count, resetAt: entry.resetAt } : null;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

const DAY_MS = 86_400_000;

export class RateLimiter {
  /** The keyed hash's secret of each UTC day (numbered from the epoch) a live window may use. */
  private readonly secrets = new Map<number, Buffer>();
  /** The longest window asked about: older days' secrets can hold no live window and go. */
  private longestWindowMs = 0;

  /**
   * @param sharedSecret When several processes share counters they must hash an address alike:
   * the day's key is then derived from this key (server/lib/limiter-key.ts: never the server's
   * secret, which a backup holds) instead of drawn at random.
   */
  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly clock: () => number = Date.now,
    private readonly sharedSecret: string | null = null,
  ) {}

  /** The limiter's time: a window's Retry-After is counted from it, never from another clock. */
  now(): number {
    return this.clock();
  }

  /** A keyed hash of an identifier (address or email) that cannot be reversed, rotating daily. */
  anonymise(value: string): string {
    return this.hashOn(Math.floor(this.clock() / DAY_MS), value);
  }

  private hashOn(day: number, value: string): string {
    let secret = this.secrets.get(day);
    if (!secret) {
      const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
      secret = this.sharedSecret
        ? createHmac('sha256', this.sharedSecret).update(`rate-limit:${date}`).digest()
        : randomBytes(32);
      this.secrets.set(day, secret);
      const oldest = Math.floor((day * DAY_MS - this.longestWindowMs) / DAY_MS);
      for (const kept of this.secrets.keys()) if (kept < oldest) this.secrets.delete(kept);
    }
    return createHmac('sha256', secret).update(value).digest('base64url').slice(0, 22);
  }

  /**
   * The keys a live window of this length may be counted under, today's first: the hash rotates
   * at midnight UTC, and a window begun the day before goes on under that day's key until it
   * ends. Otherwise every limit would start afresh at midnight (a clean-clone run at 20:30 UTC,
   * its test clock hours ahead, saw a third vote in an hour accepted after midnight).
   */
  private keys(bucket: string, identifier: string, windowSeconds: number, now: number): string[] {
    // A window lasts up to a minute longer than its rule (windowEnd).
    const longest = windowSeconds * 1000 + MINUTE_MS;
    this.longestWindowMs = Math.max(this.longestWindowMs, longest);
    const today = Math.floor(now / DAY_MS);
    const firstDay = Math.floor((now - longest + 1) / DAY_MS);
    const keys: string[] = [];
    for (let day = today; day >= firstDay; day--) keys.push(`${bucket}:${this.hashOn(day, identifier)}`);
    return keys;
  }

  /** The first of the keys with a live window (synchronously when the store answers so); else today's. */
  private liveKey(keys: string[], now: number, from = 0): string | Promise<string> {
    if (keys.length === 1) return keys[0];
    for (let i = from; i < keys.length; i++) {
      const found = this.store.peek(keys[i], now);
      if (found instanceof Promise) return found.then((window) => (window ? keys[i] : this.liveKey(keys, now, i + 1)));
      if (found) return keys[i];
    }
    return keys[0];
  }

  private hit(
    bucket: string,
    identifier: string,
    windowSeconds: number,
    now: number,
  ): WindowCount | Promise<WindowCount> {
    const key = this.liveKey(this.keys(bucket, identifier, windowSeconds, now), now);
    return key instanceof Promise
      ? key.then((k) => this.store.hit(k, windowSeconds, now))
      : this.store.hit(key, windowSeconds, now);
  }

  /** Adds one to the identifier's count in the bucket and returns the window's count. */
  async count(bucket: string, identifier: string, windowSeconds: number): Promise<WindowCount> {
    return this.hit(bucket, identifier, windowSeconds, this.clock());
  }

  /** The identifier's count in the bucket's current window, without adding to it (0 when none). */
  async peek(bucket: string, identifier: string, windowSeconds: number): Promise<WindowCount> {
    const now = this.clock();
    for (const key of this.keys(bucket, identifier, windowSeconds, now)) {
      const window = await this.store.peek(key, now);
      if (window) return window;
    }
    return { count: 0, resetAt: now };
  }

  async clear(bucket: string, identifier: string, windowSeconds: number): Promise<void> {
    await Promise.all(this.keys(bucket, identifier, windowSeconds, this.clock()).map((key) => this.store.clear(key)));
  }

  /**
   * Counts one request; throws (or, with a shared store, rejects) 429 with Retry-After once the
   * rule's maximum is passed. Callers `await` it: the in-memory store answers synchronously.
   */
  check(bucket: string, identifier: string, rule: RateLimitRule): WindowState | Promise<WindowState> {
    const now = this.clock();
    const verdict = ({ count, resetAt }: WindowCount): WindowState => {
      const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      if (count > rule.max)
        throw tooManyRequests(resetSeconds, bucket, rateLimitHeaders(bucket, rule, 0, resetSeconds));
      return { remaining: rule.max - count, resetSeconds };
    };
    const counted = this.hit(bucket, identifier, rule.windowSeconds, now);
    if (counted instanceof Promise) return counted.then(verdict);
    return verdict(counted);
  }
}

/** What is left of a window after a request it allowed, and when it ends. */
export interface WindowState {
  remaining: number;
  resetSeconds: number;
}

/**
 * The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy (`q` requests per
 * `w` seconds) and what remains of it (`r` requests for the next `t` seconds).
 */
export function rateLimitHeaders(
  name: string,
  rule: RateLimitRule,
  remaining: number,
  resetSeconds: number,
): Record<string, string> {
  return {
    'ratelimit-policy': `"${name}";q=${rule.max};w=${rule.windowSeconds}`,
    ratelimit: `"${name}";r=${remaining};t=${resetSeconds}`,
  };
}

/** A published limit and the endpoints it counts; `endpoints: '*'` is every API route. */
export interface PublishedLimit extends RateLimitInfo {
  endpoints: readonly EndpointKey[] | '*';
}

/** `POST /api/experiences`, `POST and DELETE /api/experiences/{id}/vote`: endpoints as a client writes them. */
function spelled(keys: readonly EndpointKey[]): string {
  const byPath = new Map<string, string[]>();
  for (const key of keys) {
    const { method, path } = ENDPOINTS[key];
    const shown = path.replace(/:(\w+)/g, '{$1}');
    byPath.set(shown, [...(byPath.get(shown) ?? []), method]);
  }
  return [...byPath].map(([path, methods]) => `${methods.join(' and ')} ${path}`).join(', ');
}

/**
 * The limits really enforced, written once: `GET /api/limits` (the Research Hub's API Access
 * tab) and the OpenAPI document (server/plugins/openapi.ts) both read this table.
 */
export function publishedLimits(r: Config['rateLimits']): PublishedLimit[] {
  // Votes (cast or withdrawn) and flags are counted apart, each with the votes' numbers
  // (server/routes/experiences.ts, perAccount). A password typed to change it or delete the
  // account is checked like a sign-in, and every forgot-password request counts as a failed one
  // (server/routes/account.ts).
  const votes: EndpointKey[] = ['vote', 'withdrawVote'];
  const signIns: EndpointKey[] = ['login', 'changePassword', 'deleteMe'];
  return [
    {
      name: 'Experience submissions',
      description: spelled(['submitExperience']),
      ...maxPer(r.submissions),
      scope: 'address',
      endpoints: ['submitExperience'],
    },
    {
      name: 'Registrations',
      description: spelled(['register']),
      ...maxPer(r.register),
      scope: 'address',
      endpoints: ['register'],
    },
    {
      name: 'Failed sign-ins per account and address',
      description: `${spelled(['login'])}, forgot-password requests and wrong current passwords`,
      ...maxPer(r.loginPerEmail),
      scope: 'email',
      endpoints: [...signIns, 'forgotPassword'],
    },
    {
      name: 'Failed sign-ins per address',
      description: `${spelled(['login'])}, forgot-password requests, wrong current passwords and reset links`,
      ...maxPer(r.loginPerAddress),
      scope: 'address',
      endpoints: [...signIns, 'forgotPassword', 'resetPassword'],
    },
    {
      name: 'Password-reset mails',
      description: `${spelled(['forgotPassword'])}: past this, the answer is the same and no mail is sent`,
      ...maxPer(r.resetMail),
      scope: 'account',
      endpoints: ['forgotPassword'],
    },
    {
      name: 'Corrections per report',
      description: `${spelled(['updateTrackedExperience'])}, counted per tracking ID`,
      ...maxPer(r.edits),
      scope: 'report',
      endpoints: ['updateTrackedExperience'],
    },
    { name: 'Votes', description: spelled(votes), ...maxPer(r.votes), scope: 'account', endpoints: votes },
    { name: 'Flags', description: spelled(['flag']), ...maxPer(r.votes), scope: 'account', endpoints: ['flag'] },
    {
      name: 'Peptide pages created',
      description: spelled(['createPeptide']),
      ...maxPer(r.peptides),
      scope: 'account',
      endpoints: ['createPeptide'],
    },
    {
      name: 'Peptide pages deleted',
      description: spelled(['deletePeptide']),
      ...maxPer(r.peptideDeletes),
      scope: 'account',
      endpoints: ['deletePeptide'],
    },
    {
      name: 'All other API requests',
      description: 'Every /api request',
      ...maxPer(r.general),
      scope: 'address',
      endpoints: '*',
    },
  ];
}

function maxPer({ max, windowSeconds }: RateLimitRule): Pick<RateLimitInfo, 'max' | 'windowSeconds'> {
  return { max, windowSeconds };
}
