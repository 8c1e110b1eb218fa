/** The tenant's login session cookie and the lookup of the signed-in user. */
import type { Client } from '../config/model.js';
import type { RequestContext } from '../http/types.js';
import type { TenantContext } from '../state/context.js';
import { SESSION_TTL_MS } from '../state/state.js';
import type { Session } from '../state/state.js';
import type { StoredUser } from '../state/users.js';

export const SESSION_COOKIE = 'webauth_tenant_session';

/**
 * On HTTPS the cookie is `SameSite=None; Secure` so silent authentication works from another site's
 * iframe. Browsers refuse `SameSite=None` without `Secure`, so plain HTTP falls back to `Lax`, which
 * still covers top-level redirects.
 */
export function cookieAttributes(tenant: TenantContext): string {
  return tenant.secure ? 'Path=/; HttpOnly; SameSite=None; Secure' : 'Path=/; HttpOnly; SameSite=Lax';
}

export function sessionCookie(tenant: TenantContext, session: Session): string {
  return `${SESSION_COOKIE}=${session.id}; Max-Age=${SESSION_TTL_MS / 1000}; ${cookieAttributes(tenant)}`;
}

export function clearedCookie(tenant: TenantContext, name: string): string {
  return `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${cookieAttributes(tenant)}`;
}

export function clearedSessionCookie(tenant: TenantContext): string {
  return clearedCookie(tenant, SESSION_COOKIE);
}

export interface SignedIn {
  session: Session;
  user: StoredUser;
}

/** The live session of this browser, if its user exists, is not blocked and may use `client`. */
export function currentSession(ctx: RequestContext, client?: Client): SignedIn | undefined {
  const session = ctx.tenant.state.getSession(ctx.cookies[SESSION_COOKIE]);
  const user = session ? ctx.tenant.users.findById(session.userId) : undefined;
  if (!session || !user || user.blocked) return undefined;
  if (client && !client.connections.includes(user.connection)) return undefined;
  return { session, user };
}
