/** Single-use identifiers (`jti` of client assertions and login callbacks), kept until they expire. */
import { ExpiringMap } from '../core/expiring-map.js';

export class ReplayCache {
  private readonly seen: ExpiringMap<{ expiresAt: number }>;

  constructor(now: () => number) {
    this.seen = new ExpiringMap(now);
  }

  has(id: string): boolean {
    return this.seen.get(id) !== undefined;
  }

  /** Remembers `id` until `expiresAt` (ms). */
  add(id: string, expiresAt: number): void {
    this.seen.set(id, { expiresAt });
  }

  clear(): void {
    this.seen.clear();
  }
}
