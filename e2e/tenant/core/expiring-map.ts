/**
 * A map whose entries expire. Expiry is checked lazily on read; expired entries are pruned on
 * write once the map has doubled since the last prune (no timers, so a tenant never keeps a
 * process alive). A full scan on every write was a load-test hot spot: thousands of live login
 * transactions were scanned per /authorize. Amortized, each write pays O(1) scanning, and the map
 * holds at most about twice its live entries (or PRUNE_FLOOR).
 */
const PRUNE_FLOOR = 64;

export class ExpiringMap<T extends { readonly expiresAt: number }> {
  private readonly items = new Map<string, T>();
  /** Prune when a write finds this many entries. */
  private pruneAt = PRUNE_FLOOR;

  constructor(private readonly now: () => number) {}

  set(key: string, item: T): T {
    if (this.items.size >= this.pruneAt) {
      this.prune();
      this.pruneAt = Math.max(PRUNE_FLOOR, 2 * this.items.size);
    }
    this.items.set(key, item);
    return item;
  }

  get(key: string | undefined): T | undefined {
    if (key === undefined) return undefined;
    const item = this.items.get(key);
    if (item && item.expiresAt <= this.now()) {
      this.items.delete(key);
      return undefined;
    }
    return item;
  }

  /** Reads and removes: for single-use values. */
  take(key: string | undefined): T | undefined {
    const item = this.get(key);
    if (key !== undefined) this.items.delete(key);
    return item;
  }

  delete(key: string | undefined): void {
    if (key !== undefined) this.items.delete(key);
  }

  /** The live entries (expired ones are dropped first). */
  values(): T[] {
    this.prune();
    return [...this.items.values()];
  }

  /** Entries held, expired ones not yet pruned included (for tests of the bound). */
  get size(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
    this.pruneAt = PRUNE_FLOOR;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, item] of this.items) if (item.expiresAt <= now) this.items.delete(key);
  }
}
