import { describe, expect, it } from 'vitest';
import { RateLimiter, rateLimitHeaders } from './rate-limit.js';

describe('fixed-window rate limiter', () => {
  it('counts per key, refuses past the limit, and opens a new window at reset', () => {
    let now = 1_700_000_000_250;
    const limiter = new RateLimiter(() => now, 3, 5000);
    const first = limiter.take('a');
    expect(first).toMatchObject({ allowed: true, limit: 3, remaining: 2, reset: 1_700_000_006, retryAfter: 5 });
    expect(limiter.take('a').remaining).toBe(1);
    expect(limiter.take('b').remaining).toBe(2);
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 0 });
    now += 4000;
    expect(limiter.take('a')).toMatchObject({ allowed: false, remaining: 0, reset: 1_700_000_006, retryAfter: 1 });
    expect(limiter.peek('a')).toMatchObject({ remaining: 0 });
    now += 1000; // exactly the end of the window
    expect(limiter.take('a')).toMatchObject({ allowed: true, remaining: 2, reset: 1_700_000_011 });
  });

  it('peeks without counting and formats the three headers', () => {
    const limiter = new RateLimiter(() => 10_000, 60, 5000);
    expect(rateLimitHeaders(limiter.peek('x'))).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '60',
      'X-RateLimit-Reset': '15',
    });
    expect(limiter.take('x').remaining).toBe(59);
  });

  it('forgets ended windows once many keys pile up', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now, 1, 1000);
    for (let i = 0; i < 1000; i++) limiter.take(`k${i}`);
    now = 2000;
    limiter.take('fresh');
    // k0's old window ended; a new one starts with the full allowance.
    expect(limiter.take('k0')).toMatchObject({ allowed: true, remaining: 0 });
  });
});

describe('per-route rate limits', () => {
  it('keeps a window per route and client IP, with each route its configured limit', async () => {
    const { EndpointRateLimiter } = await import('./rate-limit.js');
    let now = 0;
    const limits = new Map([
      ['*', { limit: 3, windowMs: 60_000 }],
      ['/passwordless/start', { limit: 1, windowMs: 60_000 }],
    ]);
    const limiter = new EndpointRateLimiter(() => now, limits);
    expect(limiter.take('/passwordless/start', '1.1.1.1')).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect(limiter.take('/passwordless/start', '1.1.1.1').allowed).toBe(false);
    expect(limiter.take('/passwordless/start', '2.2.2.2').allowed).toBe(true);
    expect(limiter.take('/oauth/token', '1.1.1.1')).toMatchObject({ allowed: true, limit: 3, remaining: 2 });
    now = 60_000;
    expect(limiter.take('/passwordless/start', '1.1.1.1').allowed).toBe(true);
    limiter.clear();
    expect(limiter.take('/oauth/token', '1.1.1.1').remaining).toBe(2);
  });
});
