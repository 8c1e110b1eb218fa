/**
 * /api/v2: the one handler the tenant router sends every /api/v2 request to. In order:
 * CORS preflight (uncounted) → token check → rate limit (429) → route (404/405) → token failure
 * (401) → the route's own checks. Every response carries CORS for registered web origins and the
 * three X-RateLimit headers; every error has the body `{ statusCode, error, message, errorCode }`.
 */
import type { Handler, RequestContext } from '../http/types.js';
import { ALLOWED_HEADERS, isAllowedWebOrigin, originCors } from '../protocol/cors.js';
import { sendEmpty, sendJson } from '../http/http-io.js';
import type { ApiHandler } from './api-types.js';
import { authenticate } from './auth.js';
import { ManagementError } from './errors.js';
import { getUser } from './get-user.js';
import { linkIdentity } from './link-identity.js';
import { listProfiles } from './list-profiles.js';
import { patchUser } from './patch-user.js';
import { rateLimitHeaders } from '../state/rate-limit.js';
import { apiRateLimiter } from './state.js';

/** For the tenant router: every path under /api/v2. */
const PREFIX = '/api/v2';

interface ApiRoute {
  /** Matched against the path after /api/v2; capture groups are the (still encoded) parameters. */
  readonly pattern: RegExp;
  readonly methods: Readonly<Record<string, ApiHandler>>;
}

const API_ROUTES: readonly ApiRoute[] = [
  { pattern: /^\/user-attribute-profiles$/, methods: { GET: listProfiles } },
  { pattern: /^\/users\/([^/]+)$/, methods: { GET: getUser, PATCH: patchUser } },
  { pattern: /^\/users\/([^/]+)\/identities$/, methods: { POST: linkIdentity } },
];

/** The seed: with a custom domain, management calls must use the tenant's own domain. */
function onCustomDomain(ctx: RequestContext): boolean {
  const custom = ctx.tenant.model.customDomain?.domain.toLowerCase();
  const host = (ctx.req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return custom !== undefined && host === custom;
}

function resolve(ctx: RequestContext): { route: ApiRoute; params: string[] } {
  const pathname = ctx.url.pathname;
  if (onCustomDomain(ctx))
    throw new ManagementError(404, 'not_found', "The Management API is served on the tenant's own domain only.");
  const rest = pathname.slice(PREFIX.length);
  for (const route of API_ROUTES) {
    const match = route.pattern.exec(rest);
    if (!match) continue;
    try {
      // User ids arrive percent-encoded (`auth0%7C123`); a `/` inside one must be sent as %2F.
      return { route, params: match.slice(1).map((p) => decodeURIComponent(p ?? '')) };
    } catch {
      throw new ManagementError(400, 'invalid_uri', 'Malformed percent-encoding in the path.');
    }
  }
  throw new ManagementError(404, 'not_found', `No Management API endpoint at ${pathname}.`);
}

function allowHeader(route: ApiRoute): string {
  const methods = Object.keys(route.methods);
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

function sendFailure(ctx: RequestContext, err: unknown, headers: Record<string, string>): void {
  if (!(err instanceof ManagementError)) throw err;
  sendJson(ctx.res, err.statusCode, err.body(), { ...headers, ...err.headers });
}

function preflight(ctx: RequestContext, base: Record<string, string>): void {
  const headers = { ...base, ...rateLimitHeaders(apiRateLimiter(ctx.tenant).peek('anonymous')) };
  try {
    const { route } = resolve(ctx);
    if (!isAllowedWebOrigin(ctx.req.headers.origin, ctx.tenant)) {
      throw new ManagementError(403, 'origin_not_allowed', 'Origin is not in the Allowed Web Origins of any client.');
    }
    sendEmpty(ctx.res, 204, {
      ...headers,
      'Access-Control-Allow-Methods': Object.keys(route.methods).join(', '),
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': '600',
    });
  } catch (err) {
    sendFailure(ctx, err, headers);
  }
}

/** Every /api/v2 request; management/route.ts loads this module on the first one. */
export const managementApi: Handler = async (ctx) => {
  const method = (ctx.req.method ?? 'GET').toUpperCase();
  // For a registered web origin this also exposes the rate-limit headers to the page.
  const base = originCors(ctx);
  if (method === 'OPTIONS') {
    preflight(ctx, base);
    return;
  }
  const auth = await authenticate(ctx);
  // Verified tokens count against their subject; everything else shares one bucket.
  const decision = apiRateLimiter(ctx.tenant).take('token' in auth ? `sub:${auth.token.subject}` : 'anonymous');
  const headers = { ...base, ...rateLimitHeaders(decision) };
  try {
    if (!decision.allowed) {
      throw new ManagementError(429, 'too_many_requests', 'Too many requests. Check the X-RateLimit-* headers.', {
        'Retry-After': String(decision.retryAfter),
      });
    }
    const { route, params } = resolve(ctx);
    const handler = route.methods[method === 'HEAD' ? 'GET' : method];
    if (!handler)
      throw new ManagementError(405, 'method_not_allowed', `${method} is not allowed on ${ctx.url.pathname}.`, {
        Allow: allowHeader(route),
      });
    if ('error' in auth) throw auth.error;
    const result = await handler({ ctx, token: auth.token, params });
    sendJson(ctx.res, result.status, result.body, headers);
  } catch (err) {
    sendFailure(ctx, err, headers);
  }
};
