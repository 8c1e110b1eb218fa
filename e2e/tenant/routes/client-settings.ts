/**
 * GET /client/{clientID}.js: the script Lock loads to learn an application's connections. It calls
 * `Auth0.setClient({...})` with the client's id, the tenant and its enabled connections grouped by
 * strategy, built from the tenant's configuration. Lock appends a cache-busting `?t<time>`, so the
 * query is ignored.
 */
import { createHash } from 'node:crypto';
import type { Client, Connection, TenantModel } from '../config/model.js';
import type { Handler } from '../http/types.js';
import { sendError } from '../http/http-io.js';

export const CLIENT_SETTINGS_PATH = /^\/client\/([^/]+)\.js$/;

/** Lock's default username rule, which the tenant's signup also enforces (1 to 15 characters). */
const USERNAME_VALIDATION = { username: { min: 1, max: 15 } };

function connectionSettings(connection: Connection): Record<string, unknown> {
  if (connection.strategy !== 'auth0') return { name: connection.name };
  return {
    name: connection.name,
    showSignup: true,
    showForgot: true,
    requires_username: connection.requiresUsername,
    passwordPolicy: connection.passwordPolicy,
    ...(connection.requiresUsername ? { validation: USERNAME_VALIDATION } : {}),
  };
}

/** The settings object Lock's `Auth0.setClient` receives. */
export function clientSettings(model: TenantModel, issuer: string, client: Client): Record<string, unknown> {
  const strategies = new Map<string, Record<string, unknown>[]>();
  for (const name of client.connections) {
    const connection = model.connections.get(name);
    if (!connection) continue;
    const list = strategies.get(connection.strategy) ?? [];
    list.push(connectionSettings(connection));
    strategies.set(connection.strategy, list);
  }
  return {
    id: client.clientId,
    tenant: model.name,
    authorize: new URL('authorize', issuer).href,
    callback: client.callbacks[0] ?? '',
    hasAllowedOrigins: client.webOrigins.length > 0,
    strategies: [...strategies].map(([name, connections]) => ({ name, connections })),
  };
}

/** JSON that cannot end the script early or break a line inside a string literal. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const clientSettingsScript: Handler = (ctx) => {
  const raw = CLIENT_SETTINGS_PATH.exec(ctx.url.pathname)?.[1] ?? '';
  let clientId: string;
  try {
    clientId = decodeURIComponent(raw);
  } catch {
    sendError(ctx.res, 400, 'invalid_request', 'The client id is not valid percent-encoding.');
    return;
  }
  const client = ctx.tenant.findClient(clientId);
  if (!client) {
    sendError(ctx.res, 404, 'not_found', `Unknown client: ${clientId}`);
    return;
  }
  const body = `Auth0.setClient(${scriptSafeJson(clientSettings(ctx.tenant.model, ctx.tenant.issuer, client))});\n`;
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'Content-Type': 'application/javascript; charset=utf-8',
    // Public, per-client data: any page may load it, as a script or with CORS.
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'X-Content-Type-Options': 'nosniff',
    // Revalidated each time (the configuration can change with a restart); the ETag makes that cheap.
    'Cache-Control': 'public, no-cache',
    ETag: etag,
  };
  if (ctx.req.headers['if-none-match'] === etag) {
    ctx.res.writeHead(304, headers);
    ctx.res.end();
    return;
  }
  ctx.res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(body) });
  ctx.res.end(body);
};
