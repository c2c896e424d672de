// Fixed-window counters keyed by an HMAC of the client address (never the address itself),
// with a secret that rotates daily; entries expire with their window. One process keeps them
// in memory; several processes on one PostgreSQL share them in a table (PgRateLimitStore).
import { createHmac, randomBytes } from 'node:crypto';
import type { RateLimitInfo } from '../../contract/analytics';
import type { Config, RateLimitRule } from '../config';
import type { Queryable } from '../db/types';
import { tooManyRequests } from './errors';

export interface WindowCount {
  count: number;
  resetAt: number;
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

  constructor(
    private readonly db: Queryable,
    private readonly isBatched: (key: string) => boolean = (key) => key.startsWith('general:'),
    private readonly flushMs = 200,
  ) {}

  hit(key: string, windowSeconds: number, now: number): WindowCount | Promise<WindowCount> {
    if (this.isBatched(key)) return this.hitBatched(key, windowSeconds, now);
    return this.hitNow(key, windowSeconds, now);
  }

  private hitBatched(key: string, windowSeconds: number, now: number): WindowCount {
    let entry = this.batched.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { add: 0, inFlight: 0, known: 0, resetAt: now + windowSeconds * 1000 };
      this.batched.set(key, entry);
    }
    entry.add += 1;
    this.flushTimer ??= setTimeout(() => void this.flush(), this.flushMs);
    this.flushTimer.unref?.();
    return { count: entry.known + entry.inFlight + entry.add, resetAt: entry.resetAt };
  }

  /** Adds the local hits to the shared counters and learns what the other processes added. */
  async flush(now = Date.now()): Promise<void> {
    this.flushTimer = null;
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
      for (const row of res.rows) {
        const e = this.batched.get(row.key);
        if (!e) continue;
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
    if ([...this.batched.values()].some((e) => e.add > 0)) this.flushTimer ??= setTimeout(() => void this.flush(), this.flushMs);
  }

  peek(key: string, now: number): WindowCount | null | Promise<WindowCount | null> {
    const local = this.batched.get(key);
    if (this.isBatched(key)) {
      return local && local.resetAt > now ? { count: local.known + local.inFlight + local.add, resetAt: local.resetAt } : null;
    }
    return this.db
      .query<{ count: number; reset_at: string | number }>('select count, reset_at from rate_limit_counters where key = $1 and reset_at > $2', [key, now])
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
      `insert into rate_limit_counters (key, count, reset_at) values ($1, 1, $2::bigint + $3::bigint)
       on conflict (key) do update set
         count = case when rate_limit_counters.reset_at <= $2::bigint then 1 else rate_limit_counters.count + 1 end,
         reset_at = case when rate_limit_counters.reset_at <= $2::bigint then excluded.reset_at else rate_limit_counters.reset_at end
       returning count, reset_at`,
      [key, now, windowSeconds * 1000],
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
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
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

export class RateLimiter {
  private secret = randomBytes(32);
  private secretDay = '';

  /**
   * @param sharedSecret When several processes share counters they must hash an address alike:
   * the day's key is then derived from this server secret instead of drawn at random.
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
    const day = new Date(this.clock()).toISOString().slice(0, 10);
    if (day !== this.secretDay) {
      this.secret = this.sharedSecret
        ? createHmac('sha256', this.sharedSecret).update(`rate-limit:${day}`).digest()
        : randomBytes(32);
      this.secretDay = day;
    }
    return createHmac('sha256', this.secret).update(value).digest('base64url').slice(0, 22);
  }

  private key(bucket: string, identifier: string): string {
    return `${bucket}:${this.anonymise(identifier)}`;
  }

  /** Adds one to the identifier's count in the bucket and returns the window's count. */
  async count(bucket: string, identifier: string, windowSeconds: number): Promise<WindowCount> {
    return this.store.hit(this.key(bucket, identifier), windowSeconds, this.clock());
  }

  /** The identifier's count in the bucket's current window, without adding to it (0 when none). */
  async peek(bucket: string, identifier: string): Promise<WindowCount> {
    const now = this.clock();
    return (await this.store.peek(this.key(bucket, identifier), now)) ?? { count: 0, resetAt: now };
  }

  async clear(bucket: string, identifier: string): Promise<void> {
    await this.store.clear(this.key(bucket, identifier));
  }

  /**
   * Counts one request; throws (or, with a shared store, rejects) 429 with Retry-After once the
   * rule's maximum is passed. Callers `await` it: the in-memory store answers synchronously.
   */
  check(bucket: string, identifier: string, rule: RateLimitRule): void | Promise<void> {
    const now = this.clock();
    const verdict = ({ count, resetAt }: WindowCount) => {
      if (count > rule.max) throw tooManyRequests(Math.max(1, Math.ceil((resetAt - now) / 1000)));
    };
    const counted = this.store.hit(this.key(bucket, identifier), rule.windowSeconds, now);
    if (counted instanceof Promise) return counted.then(verdict);
    verdict(counted);
  }
}

/** A published limit and the routes (`METHOD /pattern`) it counts; `routes: '*'` is every API route. */
export interface PublishedLimit extends RateLimitInfo {
  routes: readonly string[] | '*';
}

/**
 * The limits really enforced, written once: `GET /api/limits` (the Research Hub's API Access
 * tab) and the OpenAPI document (server/plugins/openapi.ts) both read this table.
 */
export function publishedLimits(r: Config['rateLimits']): PublishedLimit[] {
  // Votes (cast or withdrawn) and flags are counted apart, each with the votes' numbers
  // (server/routes/experiences.ts, perAccount).
  const votes = ['POST /api/experiences/:id/vote', 'DELETE /api/experiences/:id/vote'];
  const signIns = ['POST /api/users/login', 'POST /api/users/me/password', 'POST /api/users/me/delete'];
  return [
    { name: 'Experience submissions', description: 'POST /api/experiences', ...maxPer(r.submissions), scope: 'address', routes: ['POST /api/experiences'] },
    { name: 'Registrations', description: 'POST /api/users/register', ...maxPer(r.register), scope: 'address', routes: ['POST /api/users/register'] },
    // A password typed to change it or delete the account is checked like a sign-in, and every
    // forgot-password request counts as a failed one (server/routes/account.ts).
    { name: 'Failed sign-ins per account and address', description: 'POST /api/users/login, forgot-password requests and wrong current passwords', ...maxPer(r.loginPerEmail), scope: 'email', routes: [...signIns, 'POST /api/auth/forgot-password'] },
    { name: 'Failed sign-ins per address', description: 'POST /api/users/login, forgot-password requests, wrong current passwords and reset links', ...maxPer(r.loginPerAddress), scope: 'address', routes: [...signIns, 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password'] },
    { name: 'Password-reset mails', description: 'POST /api/auth/forgot-password: past this, the answer is the same and no mail is sent', ...maxPer(r.resetMail), scope: 'account', routes: ['POST /api/auth/forgot-password'] },
    { name: 'Corrections per report', description: 'PUT /api/experiences/tracking, counted per tracking ID', ...maxPer(r.edits), scope: 'report', routes: ['PUT /api/experiences/tracking'] },
    { name: 'Votes', description: 'POST and DELETE /api/experiences/{id}/vote', ...maxPer(r.votes), scope: 'account', routes: votes },
    { name: 'Flags', description: 'POST /api/experiences/{id}/flag', ...maxPer(r.votes), scope: 'account', routes: ['POST /api/experiences/:id/flag'] },
    { name: 'All other API requests', description: 'Every /api request', ...maxPer(r.general), scope: 'address', routes: '*' },
  ];
}

function maxPer({ max, windowSeconds }: RateLimitRule): Pick<RateLimitInfo, 'max' | 'windowSeconds'> {
  return { max, windowSeconds };
}
