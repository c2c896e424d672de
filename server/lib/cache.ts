// A small in-process cache for hot public reads. Writes bump a version, which empties it; on
// PostgreSQL, writes by other processes arrive as NOTIFY app_cache and empty it too (app.ts).
/** What the caches answered since the process started (the benchmark and the metrics read them). */
export interface CacheStats {
  /** Finished answers sent from the kept bytes (lib/response-cache.ts), and public GETs that missed them. */
  answerHits: number;
  answerMisses: number;
  /** Loads served from this cache, and loads that went to the database. */
  readHits: number;
  readMisses: number;
  /** Times a write emptied the caches. */
  invalidations: number;
}

export class ReadCache {
  readonly stats: CacheStats = { answerHits: 0, answerMisses: 0, readHits: 0, readMisses: 0, invalidations: 0 };
  private entries = new Map<string, { value: unknown; expiresAt: number }>();
  /** Loads under way, by key, with the version they read: callers of the same version join them. */
  private loading = new Map<string, { version: number; value: Promise<unknown> }>();
  private version = 0;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 500,
    /** False (READ_CACHE=off, the benchmark's --no-cache): every read goes to the database. */
    private readonly allowed = true,
  ) {
    this.trusted = allowed;
  }

  /** False while another process's writes could go unheard (LISTEN connection down): no caching. */
  private trusted: boolean;

  /** Changes on every invalidation: answers built from older data compare unequal. */
  get currentVersion(): number {
    return this.version;
  }

  get enabled(): boolean {
    return this.trusted;
  }

  setTrusted(trusted: boolean): void {
    this.trusted = trusted && this.allowed;
    this.invalidate();
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.trusted) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      this.stats.readHits++;
      return hit.value as T;
    }
    this.stats.readMisses++;
    const version = this.version;
    // Every write empties the cache, so under load the readers arriving just after a vote all
    // missed together and each ran the same query: those of the same data share one load.
    const shared = this.loading.get(key);
    if (shared && shared.version === version) return shared.value as Promise<T>;
    const loading = load();
    this.loading.set(key, { version, value: loading });
    try {
      const value = await loading;
      // A write that landed while loading makes this value stale: do not keep it.
      if (version === this.version) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { value, expiresAt: now + this.ttlMs });
      }
      return value;
    } finally {
      if (this.loading.get(key)?.value === loading) this.loading.delete(key);
    }
  }

  invalidate(): void {
    this.stats.invalidations++;
    this.version += 1;
    this.entries.clear();
    // Loads under way read the data before this write: nobody may join them any more.
    this.loading.clear();
  }
}
