/**
 * A tiny HTTP(S) client for the tenant's own tests: no redirect following, raw status/headers/body,
 * and a cookie jar, so tests see exactly what a browser would receive.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RunningTenant } from '../server/server.js';
import { ADMIN_TOKEN_HEADER } from '../protocol/request-guard.js';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Trusted CA for HTTPS tenants. */
  ca?: string;
}

export function send(tenant: Pick<RunningTenant, 'url'>, path: string, opts: SendOptions = {}): Promise<Reply> {
  const url = new URL(path, tenant.url);
  const isHttps = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (isHttps ? httpsRequest : httpRequest)(
      {
        // Always dial 127.0.0.1: the tenant listens there and `localhost` may resolve to ::1.
        host: '127.0.0.1',
        servername: isHttps ? url.hostname : undefined,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'GET',
        headers: { host: url.host, ...opts.headers },
        ...(isHttps && opts.ca !== undefined ? { ca: opts.ca } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The header every `/__admin/*` request needs: this start's admin token. */
export function adminHeader(tenant: Pick<RunningTenant, 'adminToken'>): Record<string, string> {
  return { [ADMIN_TOKEN_HEADER]: tenant.adminToken };
}

/** `send` to a test endpoint, with the admin token. */
export function sendAdmin(
  tenant: Pick<RunningTenant, 'url' | 'adminToken'>,
  path: string,
  opts: SendOptions = {},
): Promise<Reply> {
  return send(tenant, path, { ...opts, headers: { ...adminHeader(tenant), ...opts.headers } });
}

/** Keeps the session cookie between requests, like a browser would for the tenant's host. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(reply: Reply): void {
    for (const line of reply.headers['set-cookie'] ?? []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
}

export function form(values: Record<string, string>): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  };
}

/** The hosted page's configuration (its JSON data block). */
export function hostedConfigOf(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="hosted-config">([^<]*)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no hosted-config block in page');
  return JSON.parse(m[1]) as Record<string, unknown>;
}

/** The body the library's hosted login sends to /usernamepassword/login for this page (§7.8.1). */
export function hostedLoginBody(
  config: Record<string, unknown>,
  credentials: { username: string; password: string },
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    client_id: config['clientID'],
    redirect_uri: config['redirectUri'],
    tenant: config['tenant'],
    response_type: config['responseType'],
  };
  if (config['responseMode']) body['response_mode'] = config['responseMode'];
  body['scope'] = config['scope'];
  if (config['audience']) body['audience'] = config['audience'];
  Object.assign(body, { _csrf: config['_csrf'], state: config['state'], _intstate: 'deprecated' });
  if (config['nonce']) body['nonce'] = config['nonce'];
  return { ...body, password: credentials.password, connection: config['connection'], username: credentials.username };
}

/** The hidden fields of the form /usernamepassword/login answers with. */
export function callbackFormOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form in the login answer');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1] ?? ''] = m[2] ?? '';
  return { action: action.replace(/&#38;/g, '&'), fields };
}

export function fragmentOf(location: string | undefined): URLSearchParams {
  if (!location) throw new Error('no Location header');
  return new URLSearchParams(new URL(location).hash.slice(1));
}

export function authorizePath(params: Record<string, string>): string {
  return `/authorize?${new URLSearchParams(params).toString()}`;
}

export const APP_CALLBACK = 'http://127.0.0.1:3000/callback';

export function implicitParams(extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: 'spa-client',
    response_type: 'token id_token',
    redirect_uri: APP_CALLBACK,
    scope: 'openid profile email',
    state: 'state-123',
    nonce: 'nonce-456',
    ...extra,
  };
}

/**
 * What the hosted page does in a browser, over plain HTTP: open /authorize, post the credentials
 * to /usernamepassword/login as the library does, then submit the answered form to /login/callback.
 * Returns the last reply (normally the 302 to the application, or the login error).
 */
export async function logIn(
  tenant: Pick<RunningTenant, 'url'>,
  params: Record<string, string>,
  jar: CookieJar,
  credentials: { username: string; password: string },
  ca?: string,
): Promise<Reply> {
  const tls = ca === undefined ? {} : { ca };
  const page = await send(tenant, authorizePath(params), { headers: jar.header(), ...tls });
  if (page.status !== 200) throw new Error(`expected the login page, got ${page.status}`);
  const body = hostedLoginBody(hostedConfigOf(page.text), credentials);
  const login = await send(tenant, '/usernamepassword/login', {
    method: 'POST',
    headers: { ...jar.header(), ...json(body).headers, origin: tenant.url },
    body: JSON.stringify(body),
    ...tls,
  });
  if (login.status !== 200) return login;
  const callback = callbackFormOf(login.text);
  const post = form(callback.fields);
  const reply = await send(tenant, new URL(callback.action).pathname, {
    method: 'POST',
    headers: { ...jar.header(), ...post.headers },
    body: post.body,
    ...tls,
  });
  jar.store(reply);
  return reply;
}

export function json(value: unknown): { headers: Record<string, string>; body: string } {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

export function postJson(
  tenant: Pick<RunningTenant, 'url'>,
  path: string,
  value: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const b = json(value);
  return send(tenant, path, { method: 'POST', headers: { ...b.headers, ...headers }, body: b.body });
}

export function postForm(
  tenant: Pick<RunningTenant, 'url'>,
  path: string,
  values: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const b = form(values);
  return send(tenant, path, { method: 'POST', headers: { ...b.headers, ...headers }, body: b.body });
}

export const ALICE_LOGIN = { username: 'alice@example.com', password: 'Passw0rd!alice' };

/** Signs alice in with response_type=code and returns the code and the redirect URI used. */
export async function codeFor(
  tenant: Pick<RunningTenant, 'url'>,
  extra: Record<string, string> = {},
  jar = new CookieJar(),
): Promise<{ code: string; redirectUri: string }> {
  const params: Record<string, string> = {
    client_id: 'spa-client',
    response_type: 'code',
    redirect_uri: APP_CALLBACK,
    scope: 'openid profile email',
    state: 'st',
    ...extra,
  };
  const reply = await logIn(tenant, params, jar, ALICE_LOGIN);
  const location = new URL(reply.headers.location ?? 'http://invalid/');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${reply.headers.location ?? '(no redirect)'}`);
  return { code, redirectUri: params['redirect_uri'] ?? APP_CALLBACK };
}

/** A fresh PKCE pair: a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a web_message page posts: the target origin and the response parameters. */
export function webMessageOf(reply: Reply): { origin: string; response: Record<string, string> } {
  const m = /<script type="application\/json" id="authorization-response">([^<]*)<\/script>/.exec(reply.text);
  if (!m?.[1]) throw new Error(`no authorization-response block (status ${reply.status})`);
  return JSON.parse(m[1]) as { origin: string; response: Record<string, string> };
}
