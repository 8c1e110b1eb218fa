/**
 * Per-endpoint rate limits (fixed windows per endpoint and client IP). Every response carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds at which the
 * window ends); past the limit the answer is 429 before the endpoint runs, so nothing changes.
 */
import type { RateLimit } from './config/model.js';

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  readonly reset: number;
  readonly retryAfter: number;
}

interface Window {
  start: number;
  used: number;
}

export class EndpointRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly now: () => number,
    private readonly limits: ReadonlyMap<string, RateLimit>,
  ) {}

  /** The limit that applies to a route path (its own entry, else `*`). */
  limitFor(routeKey: string): RateLimit {
    return this.limits.get(routeKey) ?? this.limits.get('*') ?? { limit: 1000, windowMs: 60_000 };
  }

  take(routeKey: string, ip: string): RateDecision {
    const { limit, windowMs } = this.limitFor(routeKey);
    const now = this.now();
    const key = `${routeKey}|${ip}`;
    let w = this.windows.get(key);
    if (!w || now >= w.start + windowMs) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start: now, used: 0 };
      this.windows.set(key, w);
    }
    const allowed = w.used < limit;
    if (allowed) w.used += 1;
    const end = w.start + windowMs;
    return { allowed, limit, remaining: Math.max(0, limit - w.used), reset: Math.ceil(end / 1000), retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) };
  }

  clear(): void {
    this.windows.clear();
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return { 'X-RateLimit-Limit': String(d.limit), 'X-RateLimit-Remaining': String(d.remaining), 'X-RateLimit-Reset': String(d.reset) };
}
