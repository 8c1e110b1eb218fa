/**
 * CORS decisions. Every CORS answer names the exact requesting origin (never `*`):
 * - user-facing endpoints answer only Allowed Web Origins, with credentials;
 * - public documents (discovery, JWKS) answer any origin, without credentials;
 * - the test endpoints (`/__admin/*`) answer no origin at all.
 */
import type { Client } from '../config/model.js';
import type { RequestContext } from '../http/types.js';
import type { TenantContext } from '../state/context.js';
import { sendEmpty, sendError } from '../http/http-io.js';
import { matchesAny } from '../core/url-rules.js';

export const ALLOWED_HEADERS = 'Content-Type, Auth0-Client, Authorization, X-Request-Language, DPoP';
const EXPOSED_HEADERS =
  'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, WWW-Authenticate, DPoP-Nonce';

/** Web origins of every client of `tenant`. */
export function isAllowedWebOrigin(origin: string | undefined, tenant: TenantContext): origin is string {
  if (origin === undefined) return false;
  return [...tenant.model.clients.values()].some((c) => matchesAny(c.webOrigins, origin));
}

export function isClientWebOrigin(client: Client | undefined, origin: string | undefined): origin is string {
  return client !== undefined && origin !== undefined && matchesAny(client.webOrigins, origin);
}

function credentialed(origin: string): Record<string, string> {
  return {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
}

/** Headers for an actual (non-preflight) response: the origin only when it is a web origin. */
export function originCors(ctx: RequestContext, client?: Client): Record<string, string> {
  const origin = ctx.req.headers.origin;
  const allowed = client ? isClientWebOrigin(client, origin) : isAllowedWebOrigin(origin, ctx.tenant);
  return allowed && origin ? credentialed(origin) : { Vary: 'Origin' };
}

/** Sets originCors on the response now, so every answer that follows (errors too) carries it. */
export function applyCors(ctx: RequestContext, client?: Client): void {
  for (const [name, value] of Object.entries(originCors(ctx, client))) ctx.res.setHeader(name, value);
}

/** Public documents: any origin may read them, never with credentials. */
export function publicCors(ctx: RequestContext): Record<string, string> {
  const origin = ctx.req.headers.origin;
  return origin
    ? { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS }
    : { Vary: 'Origin' };
}

export function answerPreflight(ctx: RequestContext, methods: string): void {
  const origin = ctx.req.headers.origin;
  if (!isAllowedWebOrigin(origin, ctx.tenant)) {
    sendError(ctx.res, 403, 'access_denied', 'Origin is not in the Allowed Web Origins of any client.', {
      Vary: 'Origin',
    });
    return;
  }
  sendEmpty(ctx.res, 204, {
    ...credentialed(origin),
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
}

export function answerPublicPreflight(ctx: RequestContext, methods: string): void {
  sendEmpty(ctx.res, 204, {
    ...publicCors(ctx),
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
}
