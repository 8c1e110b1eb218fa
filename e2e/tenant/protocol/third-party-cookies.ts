/**
 * The `blockThirdPartyCookies` switch: the tenant behaves as if the browser kept its cookies from
 * cross-site embedded requests, even in a browser that would send them. A request is such a
 * request when the browser says so in its Fetch Metadata: `Sec-Fetch-Site: cross-site` and a
 * `Sec-Fetch-Dest` other than `document` (a hidden iframe, a fetch). Top-level navigations and
 * clients without Fetch Metadata (servers, tests without the headers) keep their cookies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TenantContext } from '../state/context.js';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function isCrossSiteEmbedded(req: IncomingMessage): boolean {
  const site = single(req.headers['sec-fetch-site']);
  const dest = single(req.headers['sec-fetch-dest']);
  return site === 'cross-site' && dest !== undefined && dest !== 'document';
}

/** Whether this request's cookies are to be treated as blocked. */
export function cookiesBlocked(tenant: TenantContext, req: IncomingMessage): boolean {
  return tenant.switches.get().blockThirdPartyCookies && isCrossSiteEmbedded(req);
}

/** Removes every Set-Cookie from the answer: a blocking browser would not store them. */
export function dropSetCookie(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    res.removeHeader('set-cookie');
    const withoutCookies = args.map((arg) =>
      typeof arg === 'object' && arg !== null && !Array.isArray(arg)
        ? Object.fromEntries(Object.entries(arg).filter(([name]) => name.toLowerCase() !== 'set-cookie'))
        : arg,
    );
    return writeHead(...withoutCookies);
  }) as ServerResponse['writeHead'];
}
