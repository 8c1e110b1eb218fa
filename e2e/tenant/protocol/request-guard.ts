/**
 * What every request must pass before routing: a `Host` naming this tenant (a page that rebinds
 * its own DNS name to 127.0.0.1 would otherwise be same-origin with the tenant), and on the test
 * endpoints the admin token of this start (a page of any origin can send a request, even one whose
 * answer it cannot read: a `no-cors` POST reset the tenant).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The request header carrying `RunningTenant.adminToken` to `/__admin/*`. */
export const ADMIN_TOKEN_HEADER = 'X-Tenant-Admin-Token';

/** Names a client on this machine reaches the tenant's socket by, whatever its `host` option. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];

/** The host names (lower case, no port) the tenant answers: its own, loopback, and `extra`. */
export function allowedHostNames(host: string, extra: readonly (string | undefined)[]): ReadonlySet<string> {
  const names = [host, ...LOOPBACK_NAMES, ...extra].filter((n): n is string => n !== undefined);
  return new Set(names.map((n) => n.toLowerCase()));
}

/**
 * The name of a `Host` header, lower case, without port or one trailing dot; undefined when absent
 * or not a host. The port is not compared: the request reached the tenant's socket, and a local
 * proxy in front of it (Vite's, an HTTPS front) may keep its own port. DNS rebinding needs a name.
 */
function hostNameOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  try {
    const url = new URL(`http://${header}/`);
    if (url.host !== header.toLowerCase() && `${url.host}:80` !== header.toLowerCase()) return undefined;
    return url.hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

export function isAllowedHost(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const name = hostNameOf(req.headers.host);
  return name !== undefined && allowed.has(name);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether the request carries this start's admin token (compared in constant time). */
export function hasAdminToken(req: IncomingMessage, token: string): boolean {
  const sent = req.headers[ADMIN_TOKEN_HEADER.toLowerCase()];
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(token));
}

export const HOST_REFUSED =
  'The Host header does not name this tenant. Add the name with --allowed-host NAME (TenantOptions.allowedHosts).';
export const ADMIN_TOKEN_REFUSED = `The test endpoints need the ${ADMIN_TOKEN_HEADER} header with the admin token of this start (printed by the command; RunningTenant.adminToken).`;
