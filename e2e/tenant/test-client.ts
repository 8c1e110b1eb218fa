/**
 * A tiny HTTP(S) client for the tenant's own tests: no redirect following, raw status/headers/body,
 * and a cookie jar, so tests see exactly what a browser would receive.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RunningTenant } from './server.js';

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

/** The hidden `tx` value of a rendered login page. */
export function txOf(html: string): string {
  const m = /name="tx" value="([^"]+)"/.exec(html);
  if (!m?.[1]) throw new Error('no tx field in page');
  return m[1];
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

/** Open /authorize, submit the login form, and return the final reply (normally the 302). */
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
  const post = form({ tx: txOf(page.text), ...credentials });
  const reply = await send(tenant, '/u/login', { method: 'POST', headers: { ...jar.header(), ...post.headers }, body: post.body, ...tls });
  jar.store(reply);
  return reply;
}
