/**
 * The request pipeline: record, parse strictly, route, and turn every failure into a 4xx/5xx
 * response. Nothing a client sends may take the process down.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler, RequestContext, TenantContext } from './context.js';
import { HttpError, headerRecord, parseBody, parseCookies, parseUrlEncoded, readBody, sendEmpty, sendError } from './http-io.js';
import type { RecordedRequest } from './server.js';
import { adminPreflight, adminRequests, adminReset } from './routes/admin.js';
import { authorize } from './routes/authorize.js';
import { AVATAR_PATH, avatar } from './routes/avatar.js';
import { jwks, openidConfiguration } from './routes/discovery.js';
import { login } from './routes/login.js';
import { logout } from './routes/logout.js';
import { userinfo, userinfoPreflight } from './routes/userinfo.js';

export interface Route {
  readonly path: string | RegExp;
  readonly methods: Readonly<Record<string, Handler>>;
  /** Only served when the tenant runs with `testEndpoints`; never recorded. */
  readonly admin?: boolean;
}

export const ROUTES: readonly Route[] = [
  { path: '/authorize', methods: { GET: authorize } },
  { path: '/u/login', methods: { POST: login } },
  { path: '/userinfo', methods: { GET: userinfo, OPTIONS: userinfoPreflight } },
  { path: '/v2/logout', methods: { GET: logout } },
  { path: '/.well-known/jwks.json', methods: { GET: jwks } },
  { path: '/.well-known/openid-configuration', methods: { GET: openidConfiguration } },
  { path: AVATAR_PATH, methods: { GET: avatar } },
  // Browsers ask for it on every page; an empty answer keeps their consoles free of 404 noise.
  { path: '/favicon.ico', methods: { GET: (ctx) => sendEmpty(ctx.res, 204, { 'Cache-Control': 'public, max-age=86400' }) } },
  { path: '/__admin/requests', methods: { GET: adminRequests, OPTIONS: adminPreflight }, admin: true },
  { path: '/__admin/reset', methods: { POST: adminReset, OPTIONS: adminPreflight }, admin: true },
];

function isAdminPath(path: string): boolean {
  return path === '/__admin' || path.startsWith('/__admin/');
}

function findRoute(routes: readonly Route[], path: string, testEndpoints: boolean): Route | undefined {
  return routes.find(
    (r) => (typeof r.path === 'string' ? r.path === path : r.path.test(path)) && (!r.admin || testEndpoints),
  );
}

/** Query for the log: lenient, so even a request rejected for bad encoding shows what was sent. */
function lenientQuery(url: URL): Record<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of url.searchParams) if (!out.has(k)) out.set(k, v);
  return Object.fromEntries(out);
}

async function handle(tenant: TenantContext, routes: readonly Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const rawUrl = req.url ?? '';
  if (!rawUrl.startsWith('/')) throw new HttpError(400, 'invalid_request', 'Request target must be an absolute path.');
  // Prefixing a fixed origin keeps `//host/...` targets from being read as another authority.
  const url = new URL(`http://tenant.invalid${rawUrl}`);
  const method = (req.method ?? 'GET').toUpperCase();
  const record: RecordedRequest | undefined = isAdminPath(url.pathname)
    ? undefined
    : { method, path: url.pathname, query: lenientQuery(url), headers: headerRecord(req), body: null, time: tenant.state.now() };
  if (record) tenant.state.requests.push(record);

  const query = parseUrlEncoded(url.search.slice(1), 'query string');
  const raw = await readBody(req);
  if (record && raw.length > 0) record.body = new TextDecoder().decode(raw);
  const body = parseBody(req.headers['content-type'], raw);
  if (record) record.body = body;

  const route = findRoute(routes, url.pathname, tenant.testEndpoints);
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
  const ctx: RequestContext = {
    req,
    res,
    url,
    query: query.values,
    repeatedParams: query.repeated,
    body,
    cookies: parseCookies(req.headers.cookie),
    tenant,
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
        sendError(res, err.status, err.error, err.description, err.status === 413 ? { Connection: 'close' } : {});
        return;
      }
      console.error('[tenant] unexpected error:', err);
      sendError(res, 500, 'server_error', 'Unexpected error in the local tenant.');
    });
  };
}
