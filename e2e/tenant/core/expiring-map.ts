/**
 * A map whose entries expire. Expiry is checked lazily on read and pruned on write (no timers, so
 * a tenant never keeps a process alive).
 */
export class ExpiringMap<T extends { readonly expiresAt: number }> {
  private readonly items = new Map<string, T>();

  constructor(private readonly now: () => number) {}

  set(key: string, item: T): T {
    this.prune();
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

  values(): T[] {
    this.prune();
    return [...this.items.values()];
  }

  clear(): void {
    this.items.clear();
  }

  private prune(): void {
    const now = this.now();
    for (const [key, item] of this.items) if (item.expiresAt <= now) this.items.delete(key);
  }
}
