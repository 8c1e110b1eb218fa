/**
 * Per-tenant Management API state, attached to the tenant context without widening it: the rate
 * limiter, made on first use and registered with the tenant state so an admin reset clears it.
 */
import type { TenantContext } from '../state/context.js';
import { RateLimiter } from '../state/rate-limit.js';

/** The seed's Management API limit: 60 requests per 5 s per token subject. */
const RATE_LIMIT = 60;
const WINDOW_MS = 5000;

/** The tenant definition's `rate_limits` key for /api/v2 (the router leaves /api/v2 to us). */
export const API_RATE_LIMIT_KEY = '/api/v2';

const limiters = new WeakMap<TenantContext, RateLimiter>();

export function apiRateLimiter(tenant: TenantContext): RateLimiter {
  let limiter = limiters.get(tenant);
  if (!limiter) {
    const configured = tenant.model.rateLimits.get(API_RATE_LIMIT_KEY);
    limiter = new RateLimiter(
      () => tenant.state.now(),
      configured?.limit ?? RATE_LIMIT,
      configured?.windowMs ?? WINDOW_MS,
    );
    tenant.state.register(limiter);
    limiters.set(tenant, limiter);
  }
  return limiter;
}
