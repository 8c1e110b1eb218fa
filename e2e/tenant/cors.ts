/** CORS decisions: public documents are open to all; user data only to registered web origins. */
import type { RequestContext } from './context.js';
import { CLIENTS } from './fixtures.js';
import { sendEmpty, sendError } from './http-io.js';
import { matchesAny } from './url-rules.js';

export const PUBLIC_CORS: Record<string, string> = { 'Access-Control-Allow-Origin': '*' };
export const ALLOWED_HEADERS = 'Content-Type, Auth0-Client, Authorization';

export function isAllowedWebOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && CLIENTS.some((c) => matchesAny(c.webOrigins, origin));
}

/** Headers for an actual (non-preflight) response: reflect the origin only when registered. */
export function originCors(ctx: RequestContext): Record<string, string> {
  const origin = ctx.req.headers.origin;
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (isAllowedWebOrigin(origin)) {
    headers['Access-Control-Allow-Origin'] = origin;
    headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return headers;
}

export function answerPreflight(ctx: RequestContext, methods: string): void {
  const origin = ctx.req.headers.origin;
  if (!isAllowedWebOrigin(origin)) {
    sendError(ctx.res, 403, 'access_denied', 'Origin is not in the Allowed Web Origins of any client.', { Vary: 'Origin' });
    return;
  }
  sendEmpty(ctx.res, 204, {
    ...originCors(ctx),
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
}

export function answerPublicPreflight(ctx: RequestContext, methods: string): void {
  sendEmpty(ctx.res, 204, {
    ...PUBLIC_CORS,
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
}
