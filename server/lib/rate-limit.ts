// Fixed-window counters keyed by an HMAC of the client address (never the address itself),
// with a secret that rotates daily; entries expire with their window.
import { createHmac, randomBytes } from 'node:crypto';
import type { RateLimitRule } from '../config';
import { tooManyRequests } from './errors';

export interface RateLimitStore {
  /** Adds one hit and returns the count in the current window and when it ends (ms). */
  hit(key: string, windowSeconds: number, now: number): { count: number; resetAt: number };
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

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

export class RateLimiter {
  private secret = randomBytes(32);
  private secretDay = '';

  constructor(
    private readonly store: RateLimitStore = new MemoryRateLimitStore(),
    private readonly clock: () => number = Date.now,
  ) {}

  /** A keyed hash of an identifier (address or email) that cannot be reversed, rotating daily. */
  anonymise(value: string): string {
    const day = new Date(this.clock()).toISOString().slice(0, 10);
    if (day !== this.secretDay) {
      this.secret = randomBytes(32);
      this.secretDay = day;
    }
    return createHmac('sha256', this.secret).update(value).digest('base64url').slice(0, 22);
  }

  /** Counts one request; throws 429 with Retry-After once the rule's maximum is passed. */
  check(bucket: string, identifier: string, rule: RateLimitRule): void {
    const now = this.clock();
    const { count, resetAt } = this.store.hit(`${bucket}:${this.anonymise(identifier)}`, rule.windowSeconds, now);
    if (count > rule.max) throw tooManyRequests(Math.max(1, Math.ceil((resetAt - now) / 1000)));
  }
}
