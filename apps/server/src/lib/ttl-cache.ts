/**
 * A small bounded in-memory cache for read-mostly configuration. Entries expire after `ttlMs`, and
 * the oldest go first once `maxEntries` is reached, so arbitrary Host headers cannot grow it.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** Returns the cached value or loads, caches and returns it; concurrent misses share one load. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    let pending = this.pending.get(key);
    if (pending === undefined) {
      pending = load().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const value = await pending;
    this.set(key, value);
    return value;
  }

  private readonly pending = new Map<string, Promise<V>>();

  clear(): void {
    this.entries.clear();
  }
}
