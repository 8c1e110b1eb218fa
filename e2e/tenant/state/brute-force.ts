/**
 * Brute-force protection of password logins (seed: limits per user account and IP address):
 * - `max_attempts` consecutive failures for one login name from one IP block that pair for
 *   `block_seconds` (a success resets the count, a password reset lifts the block);
 * - `suspicious_ip_threshold` failures from one IP, over any login names within `block_seconds`,
 *   block that IP for `block_seconds`.
 */
import type { TenantModel } from '../config/model.js';

export type BruteForceVerdict = 'ok' | 'user_blocked' | 'ip_blocked';

export const USER_BLOCKED_MESSAGE = 'Your account has been blocked after multiple consecutive login attempts.';
export const IP_BLOCKED_MESSAGE =
  'We have detected suspicious login behavior and further attempts will be blocked. Please contact the administrator.';

interface Counter {
  failures: number;
  since: number;
  blockedUntil: number;
}

export class BruteForce {
  private readonly pairs = new Map<string, Counter>();
  private readonly ips = new Map<string, Counter>();

  constructor(
    private readonly now: () => number,
    private readonly config: TenantModel['bruteForce'],
  ) {}

  private static pair(connection: string, login: string, ip: string): string {
    return `${connection}|${login.trim().toLowerCase()}|${ip}`;
  }

  check(connection: string, login: string, ip: string): BruteForceVerdict {
    const now = this.now();
    if ((this.ips.get(ip)?.blockedUntil ?? 0) > now) return 'ip_blocked';
    if ((this.pairs.get(BruteForce.pair(connection, login, ip))?.blockedUntil ?? 0) > now) return 'user_blocked';
    return 'ok';
  }

  recordFailure(connection: string, login: string, ip: string): void {
    const now = this.now();
    const windowMs = this.config.blockMs;
    const bump = (map: Map<string, Counter>, key: string, limit: number): void => {
      const c = map.get(key);
      const counter = c && now - c.since < windowMs ? c : { failures: 0, since: now, blockedUntil: 0 };
      counter.failures += 1;
      if (counter.failures >= limit) counter.blockedUntil = now + this.config.blockMs;
      map.set(key, counter);
    };
    bump(this.pairs, BruteForce.pair(connection, login, ip), this.config.maxAttempts);
    bump(this.ips, ip, this.config.suspiciousIpThreshold);
  }

  recordSuccess(connection: string, login: string, ip: string): void {
    this.pairs.delete(BruteForce.pair(connection, login, ip));
  }

  /** A password reset proves the owner: lift their blocks from every IP. */
  unblock(connection: string, login: string): void {
    const prefix = `${connection}|${login.trim().toLowerCase()}|`;
    for (const key of this.pairs.keys()) if (key.startsWith(prefix)) this.pairs.delete(key);
  }

  clear(): void {
    this.pairs.clear();
    this.ips.clear();
  }
}
