/**
 * Fixed-window rate limiting for the whole tenant. `RateLimiter` counts requests per key in
 * windows that open at a key's first request; `EndpointRateLimiter` keeps one per route (keyed by
 * client IP) for the Authentication API, and the Management API uses one keyed by token subject.
 * Every answer carries `X-RateLimit-Limit`, `-Remaining` and `-Reset` (Unix seconds at which the
 * window ends); past the limit the answer is 429 before the endpoint runs, so nothing changes.
 */
import type { RateLimit } from '../config/model.js';

/** Buckets whose window has ended are dropped once a limiter holds this many. */
const PRUNE_ABOVE = 1000;
/** The Authentication API's limit for a route without an entry of its own or a `*` entry. */
const DEFAULT_ROUTE_LIMIT: RateLimit = { limit: 1000, windowMs: 60_000 };

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
    readonly limit: number,
    readonly windowMs: number,
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

/** One `RateLimiter` per route, each keyed by client IP, with the route's configured limit. */
export class EndpointRateLimiter {
  private readonly routes = new Map<string, RateLimiter>();

  constructor(
    private readonly now: () => number,
    private readonly limits: ReadonlyMap<string, RateLimit>,
  ) {}

  /** The limit that applies to a route path (its own entry, else `*`). */
  limitFor(routeKey: string): RateLimit {
    return this.limits.get(routeKey) ?? this.limits.get('*') ?? DEFAULT_ROUTE_LIMIT;
  }

  take(routeKey: string, ip: string): RateDecision {
    let limiter = this.routes.get(routeKey);
    if (!limiter) {
      const { limit, windowMs } = this.limitFor(routeKey);
      limiter = new RateLimiter(this.now, limit, windowMs);
      this.routes.set(routeKey, limiter);
    }
    return limiter.take(ip);
  }

  clear(): void {
    this.routes.clear();
  }
}

export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(d.limit),
    'X-RateLimit-Remaining': String(d.remaining),
    'X-RateLimit-Reset': String(d.reset),
  };
}
