/** Named faults on the endpoints apps care about, built on `RunningTenant.addFault`. */
import type { RunningTenant } from '../server/server.js';

/** How often a fault applies: to the first `times` matching requests (default: all, until removed). */
export interface FaultOptions {
  times?: number;
}

type Tenant = Pick<RunningTenant, 'addFault'>;

/**
 * `/authorize` answers this OAuth error through the request's response mode (redirect,
 * fragment, `web_message`…), signed in or not: `login_required`, `consent_required`,
 * `interaction_required`… Returns the function that removes the fault.
 *
 * @example
 * ```ts
 * forceAuthorizeError(tenant, 'login_required', { times: 1 }); // the next checkSession fails
 * ```
 */
export function forceAuthorizeError(
  tenant: Tenant,
  error: string,
  options: FaultOptions & { description?: string } = {},
): () => void {
  const fault =
    options.description === undefined
      ? { kind: 'authorize-error' as const, error }
      : { kind: 'authorize-error' as const, error, description: options.description };
  return tenant.addFault({ path: '/authorize', fault, ...times(options) });
}

/** `/authorize` never answers: the app's iframe or popup times out. */
export function hangAuthorize(tenant: Tenant, options: FaultOptions = {}): () => void {
  return tenant.addFault({ path: '/authorize', fault: { kind: 'hang' }, ...times(options) });
}

/** The key set (`/.well-known/jwks.json`) answers `ms` milliseconds late. */
export function delayKeySet(tenant: Tenant, ms: number, options: FaultOptions = {}): () => void {
  return tenant.addFault({ path: '/.well-known/jwks.json', fault: { kind: 'delay', ms }, ...times(options) });
}

/** The key set answers an error status (default 503). */
export function failKeySet(tenant: Tenant, status = 503, options: FaultOptions = {}): () => void {
  return failEndpoint(tenant, '/.well-known/jwks.json', status, options);
}

/**
 * An endpoint answers an error status with a JSON `{ error, error_description }` body (and CORS,
 * so the app reads it): 5xx, or 429 with `Retry-After`.
 *
 * @example
 * ```ts
 * failEndpoint(tenant, '/oauth/token', 500, { times: 1 }); // the first refresh fails, the retry works
 * ```
 */
export function failEndpoint(
  tenant: Tenant,
  path: string,
  status: number,
  options: FaultOptions & { method?: string; error?: string; description?: string; retryAfter?: number } = {},
): () => void {
  const { method, error, description, retryAfter } = options;
  return tenant.addFault({
    path,
    ...(method === undefined ? {} : { method }),
    fault: {
      kind: 'status',
      status,
      ...(error === undefined ? {} : { error }),
      ...(description === undefined ? {} : { description }),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    },
    ...times(options),
  });
}

/** An endpoint answers 429 `too_many_requests` with `Retry-After` (default 1 second). */
export function rateLimitEndpoint(
  tenant: Tenant,
  path: string,
  options: FaultOptions & { method?: string; retryAfter?: number } = {},
): () => void {
  return failEndpoint(tenant, path, 429, options);
}

function times(options: FaultOptions): { times?: number } {
  return options.times === undefined ? {} : { times: options.times };
}
