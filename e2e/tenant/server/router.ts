/**
 * The request pipeline: record, rate-limit, parse strictly, route, and turn every failure into a
 * 4xx/5xx response. Nothing a client sends may take the process down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext, Route } from '../http/types.js';
import type { TenantContext } from '../state/context.js';
import type { RecordedRequest } from '../state/state.js';
import {
  HttpError,
  headerRecord,
  parseBody,
  parseCookies,
  parseUrlEncoded,
  readBody,
  sendError,
} from '../http/http-io.js';
import { rateLimitHeaders } from '../state/rate-limit.js';
import { cookiesBlocked, dropSetCookie } from '../protocol/third-party-cookies.js';
import { ADMIN_ROUTES, AUTHENTICATION_ROUTES } from '../routes/index.js';
import { MANAGEMENT_ROUTE } from '../management/route.js';
import { applyFault, ROUTER_FAULTS } from './fault-response.js';
import { ADMIN_TOKEN_REFUSED, HOST_REFUSED, hasAdminToken, isAllowedHost } from '../protocol/request-guard.js';

export const ROUTES: readonly Route[] = [
  ...AUTHENTICATION_ROUTES,
  // Management API (issue 5): one entry, loaded at its first request.
  MANAGEMENT_ROUTE,
  ...ADMIN_ROUTES,
];

function isAdminPath(path: string): boolean {
  return path === '/__admin' || path.startsWith('/__admin/');
}

function findRoute(routes: readonly Route[], path: string, testEndpoints: boolean): Route | undefined {
  return routes.find(
    (r) => (typeof r.path === 'string' ? r.path === path : r.path.test(path)) && (!r.admin || testEndpoints),
  );
}

/** The rate-limit bucket of a request: its route's path, `*` for unknown paths. */
function rateKey(route: Route | undefined): string {
  return route === undefined ? '*' : typeof route.path === 'string' ? route.path : route.path.source;
}

/** Query for the log: lenient, so even a request rejected for bad encoding shows what was sent. */
function lenientQuery(url: URL): Record<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of url.searchParams) if (!out.has(k)) out.set(k, v);
  return Object.fromEntries(out);
}

/** 403 before routing, with no CORS header: nothing of the answer is for a page to read. */
async function refuse(req: IncomingMessage, res: ServerResponse, description: string): Promise<void> {
  await readBody(req).catch(() => undefined);
  sendError(res, 403, 'access_denied', description);
}

async function handle(
  tenant: TenantContext,
  routes: readonly Route[],
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!isAllowedHost(req, tenant.allowedHosts)) return refuse(req, res, HOST_REFUSED);
  const rawUrl = req.url ?? '';
  if (!rawUrl.startsWith('/')) throw new HttpError(400, 'invalid_request', 'Request target must be an absolute path.');
  // Prefixing a fixed origin keeps `//host/...` targets from being read as another authority.
  const url = new URL(`http://tenant.invalid${rawUrl}`);
  const method = (req.method ?? 'GET').toUpperCase();
  const admin = isAdminPath(url.pathname);
  // Without test endpoints an admin path stays a plain 404 below.
  if (admin && tenant.testEndpoints && !hasAdminToken(req, tenant.adminToken))
    return refuse(req, res, ADMIN_TOKEN_REFUSED);
  const record: RecordedRequest | undefined =
    admin || !tenant.recordRequests
      ? undefined
      : {
          method,
          path: url.pathname,
          query: lenientQuery(url),
          headers: headerRecord(req),
          body: null,
          time: tenant.state.now(),
        };
  if (record) tenant.state.requests.push(record);
  // After recording, so a test can wait for the request a fault holds or refuses.
  const fault = admin ? undefined : tenant.faults.take(method, url.pathname, ROUTER_FAULTS);
  if (fault && (await applyFault(tenant, fault, req, res))) return;

  const route = findRoute(routes, url.pathname, tenant.testEndpoints);
  const ip = req.socket.remoteAddress ?? 'unknown';
  // The Management API applies its own limits (management/rate-limit.ts); preflights are free.
  if (!admin && method !== 'OPTIONS' && !url.pathname.startsWith('/api/v2')) {
    const decision = tenant.rateLimiter.take(rateKey(route), ip);
    for (const [name, value] of Object.entries(rateLimitHeaders(decision))) res.setHeader(name, value);
    if (!decision.allowed) {
      await readBody(req).catch(() => undefined);
      sendError(
        res,
        429,
        'too_many_requests',
        `Rate limit exceeded for ${url.pathname}. Check the X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset headers.`,
        { 'Retry-After': String(decision.retryAfter) },
      );
      return;
    }
  }

  const query = parseUrlEncoded(url.search.slice(1), 'query string');
  const raw = await readBody(req);
  if (record && raw.length > 0) record.body = raw.toString('utf8');
  const body = parseBody(req.headers['content-type'], raw);
  if (record) record.body = body.value;

  if (!route) {
    sendError(res, 404, 'not_found', `No route for ${method} ${url.pathname}`);
    return;
  }
  // HEAD is answered like GET; Node drops the body.
  const handler = route.methods[method] ?? (method === 'HEAD' ? route.methods['GET'] : undefined);
  if (!handler) {
    sendError(res, 405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`, {
      Allow: Object.keys(route.methods).join(', '),
    });
    return;
  }
  const blocked = cookiesBlocked(tenant, req);
  if (blocked) dropSetCookie(res);
  const ctx: RequestContext = {
    req,
    res,
    url,
    query: query.values,
    repeatedParams: query.repeated,
    body: body.value,
    bodyType: body.type,
    cookies: blocked ? {} : parseCookies(req.headers.cookie),
    tenant,
    ip,
  };
  await handler(ctx);
}

export function createListener(
  getTenant: () => TenantContext | undefined,
  routes: readonly Route[] = ROUTES,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const tenant = getTenant();
    if (!tenant) {
      sendError(res, 503, 'temporarily_unavailable', 'The tenant is starting.');
      return;
    }
    handle(tenant, routes, req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) {
        sendError(res, err.status, err.error, err.description, {
          ...err.headers,
          ...(err.status === 413 ? { Connection: 'close' } : {}),
        });
        return;
      }
      console.error('[tenant] unexpected error:', err);
      sendError(res, 500, 'server_error', 'Unexpected error in the local tenant.');
    });
  };
}
