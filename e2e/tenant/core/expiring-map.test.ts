import { describe, expect, it } from 'vitest';
import { ExpiringMap } from './expiring-map.js';

interface Item {
  readonly expiresAt: number;
}

describe('ExpiringMap', () => {
  it('never returns an expired entry, pruned or not', () => {
    let now = 1000;
    const map = new ExpiringMap<Item>(() => now);
    map.set('a', { expiresAt: 1500 });
    map.set('b', { expiresAt: 3000 });
    expect(map.get('a')).toEqual({ expiresAt: 1500 });
    now = 1500;
    expect(map.get('a')).toBeUndefined();
    expect(map.take('b')).toEqual({ expiresAt: 3000 });
    expect(map.get('b')).toBeUndefined();
    map.set('c', { expiresAt: 1600 });
    now = 1600;
    expect(map.values()).toEqual([]);
  });

  it('stays within about twice its live entries however many expire unread', () => {
    let now = 0;
    const map = new ExpiringMap<Item>(() => now);
    let largest = 0;
    for (let i = 0; i < 10_000; i++) {
      now = i;
      // 100 live at a time: each entry lives 100 ticks and is never read.
      map.set(`k${i}`, { expiresAt: i + 100 });
      largest = Math.max(largest, map.size);
    }
    expect(largest).toBeLessThanOrEqual(2 * 100 + 1);
    expect(map.values()).toHaveLength(100);
  });

  it('prunes a few times, not on every write, while the live entries grow', () => {
    const map = new ExpiringMap<Item>(() => 0);
    const scans: number[] = [];
    const prune = (map as unknown as { prune(): void }).prune.bind(map);
    (map as unknown as { prune(): void }).prune = () => {
      scans.push(map.size);
      prune();
    };
    for (let i = 0; i < 10_000; i++) map.set(`k${i}`, { expiresAt: 1 });
    // Doubling from 64 to 10,000: 8 scans, about 2 entries scanned per write in all.
    expect(scans.length).toBeLessThanOrEqual(8);
    expect(scans.reduce((a, b) => a + b, 0)).toBeLessThan(2 * 10_000);
    expect(map.size).toBe(10_000);
  });
});
