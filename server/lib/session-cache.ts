// Signed-in callers resolved from (user, session family), kept in process for a few seconds so
// a member's reads do not each cost a database query (services/users.ts resolveCaller).
//
// Correctness does not rest on the TTL: every path in this process that ends a session or
// changes an account's standing drops the user's entries at once (services/users.ts), and on
// PostgreSQL other processes' changes arrive as NOTIFY app_sessions with the user id (a trigger,
// migration 003; app.ts listens). While that LISTEN connection is down nothing is trusted.
// The short TTL bounds only what no signal reports: a LISTEN connection that died silently
// before its socket noticed. 5 s is far below the 15-minute access token, yet long enough that
// the burst of requests a page makes costs one query.
import type { Caller } from './caller';

interface Entry {
  caller: Caller;
  expiresAt: number;
}

export class SessionCache {
  /** Map order is recency order: a hit moves its entry to the end, the first is evicted. */
  private entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a lookup that started before one must not be stored. */
  private generation = 0;
  private trusted: boolean;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { trusted?: boolean; ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.trusted = options.trusted ?? true;
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get enabled(): boolean {
    return this.trusted;
  }

  /** Taken before a lookup and handed back to `set`, which refuses if anything was dropped since. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** False while revocations by other processes could go unheard: every check then asks the database. */
  setTrusted(trusted: boolean): void {
    this.trusted = trusted;
    this.invalidateAll();
  }

  get(userId: string, family: string): Caller | undefined {
    if (!this.trusted) return undefined;
    const key = keyOf(userId, family);
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.caller;
  }

  set(caller: Caller, generation: number): void {
    if (!this.trusted || generation !== this.generation) return;
    const key = keyOf(caller.userId, caller.sessionFamily);
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { caller: Object.freeze({ ...caller }), expiresAt: this.now() + this.ttlMs });
  }

  /** Every session of this account: its sessions were revoked or its status or role changed. */
  invalidateUser(userId: string): void {
    this.generation += 1;
    const prefix = `${userId} `;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

function keyOf(userId: string, family: string): string {
  return `${userId} ${family}`;
}
