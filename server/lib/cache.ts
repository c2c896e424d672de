// A small in-process cache for hot public reads. Writes bump a version, which empties it; on
// PostgreSQL, writes by other processes arrive as NOTIFY app_cache and empty it too (app.ts).
export class ReadCache {
  private entries = new Map<string, { value: unknown; expiresAt: number }>();
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
    if (hit && hit.expiresAt > now) return hit.value as T;
    const version = this.version;
    const value = await load();
    // A write that landed while loading makes this value stale: do not keep it.
    if (version === this.version) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  invalidate(): void {
    this.version += 1;
    this.entries.clear();
  }
}
