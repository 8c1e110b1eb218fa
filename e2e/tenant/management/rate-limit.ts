/**
 * Fixed-window rate limiting for /api/v2, one bucket per token subject (a client's
 * `<id>@clients` or a user id) plus one shared bucket for requests without a valid token.
 * A window opens at a bucket's first request and lasts WINDOW_MS (both defaults can be set by the
 * tenant definition's `rate_limits["/api/v2"]`); time comes from the tenant's clock.
 */

export const RATE_LIMIT = 60;
export const WINDOW_MS = 5000;
/** Buckets whose window has ended are dropped once the map grows past this. */
const PRUNE_ABOVE = 1000;

export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix time in seconds (rounded up) when the bucket's window ends. */
  readonly reset: number;
  /** Whole seconds until then, at least 1 (for Retry-After). */
  readonly retryAfter: number;
}

interface Window {
  start: number;
  used: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly now: () => number,
    readonly limit = RATE_LIMIT,
    readonly windowMs = WINDOW_MS,
  ) {}

  /** Counts one request against `key`. */
  take(key: string): RateDecision {
    const w = this.current(key, true);
    const allowed = w.used < this.limit;
    if (allowed) w.used += 1;
    return this.decision(w, allowed);
  }

  /** The bucket's state without counting (used for CORS preflights). */
  peek(key: string): RateDecision {
    return this.decision(this.current(key, false), true);
  }

  /** Forgets every window (admin reset). */
  clear(): void {
    this.windows.clear();
  }

  private current(key: string, create: boolean): Window {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.windowMs) {
      w = { start: now, used: 0 };
      if (create) {
        if (this.windows.size >= PRUNE_ABOVE) this.prune(now);
        this.windows.set(key, w);
      }
    }
    return w;
  }

  private decision(w: Window, allowed: boolean): RateDecision {
    const end = w.start + this.windowMs;
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.used),
      reset: Math.ceil(end / 1000),
      retryAfter: Math.max(1, Math.ceil((end - this.now()) / 1000)),
    };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.start + this.windowMs) this.windows.delete(key);
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.reset),
  };
}
