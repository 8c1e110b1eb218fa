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

/** Who `RunningTenant.createSession` signs in: a user id, or an email (with its connection when several have it). */
export interface SessionLogin {
  userId?: string;
  email?: string;
  connection?: string;
}

/** The session cookie as a browser automation tool sets it (Playwright's `addCookies` shape). */
export interface SessionCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix time in seconds. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'None' | 'Lax';
}

/** A session made without a login page, and the cookie that carries it. */
export interface DirectSession {
  userId: string;
  /** The ID tokens' `sid`. */
  sid: string;
  cookie: SessionCookie;
}

function findLoginUser(tenant: TenantContext, login: SessionLogin): StoredUser {
  const email = login.email?.trim().toLowerCase();
  const matches = tenant.users
    .all()
    .filter(
      (u) =>
        (login.userId === undefined || u.userId === login.userId) &&
        (email === undefined || u.email.toLowerCase() === email),
    )
    .filter((u) => login.connection === undefined || u.connection === login.connection);
  const who = JSON.stringify(login);
  if (login.userId === undefined && email === undefined) throw new Error('createSession: give a userId or an email');
  if (matches.length === 0) throw new Error(`createSession: no user matches ${who}`);
  if (matches.length > 1) throw new Error(`createSession: several users match ${who}; add the connection`);
  const user = matches[0]!;
  if (user.blocked) throw new Error(`createSession: ${user.userId} is blocked`);
  return user;
}

/** Signs a user in as a finished login would (same session store and cookie), without any page. */
export function createDirectSession(tenant: TenantContext, login: SessionLogin): DirectSession {
  const user = findLoginUser(tenant, login);
  const session = tenant.state.createSession(user.userId, user.connection);
  return {
    userId: user.userId,
    sid: session.sid,
    cookie: {
      name: SESSION_COOKIE,
      value: session.id,
      domain: new URL(tenant.url).hostname,
      path: '/',
      // The browser's clock, not the tenant's (a test may have moved that one).
      expires: Math.floor((Date.now() + session.expiresAt - tenant.state.now()) / 1000),
      httpOnly: true,
      secure: tenant.secure,
      sameSite: tenant.secure ? 'None' : 'Lax',
    },
  };
}
