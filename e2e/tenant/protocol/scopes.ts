/**
 * What a token may carry: the requested scope and audience checked against the tenant's APIs.
 * - Users (authorize, password, passwordless, token exchange): OIDC scopes plus the requested
 *   scopes the API defines; others are dropped silently, as the service does. For the
 *   Management API only the current-user scopes can be granted to a user.
 * - Clients (client credentials): every requested scope must exist and be granted, else
 *   `invalid_scope`; no scope asks for everything granted.
 */
import type { Api, Client, TenantModel } from '../config/model.js';
import { DEFAULT_TOKEN_LIFETIME_S } from '../config/model.js';
import { CURRENT_USER_SCOPES } from '../config/management-scopes.js';

export const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'phone', 'address', 'offline_access']);

export interface Grant {
  /** Granted scopes, space separated, in request order. */
  readonly scope: string;
  /** The API audience, when one was requested. */
  readonly audience?: string | undefined;
  /** The access token's `aud`: the API (plus /userinfo when `openid` is granted), else /userinfo. */
  readonly accessAudience: string | string[];
  readonly lifetime: number;
  /** `offline_access` granted: a refresh token may be issued. */
  readonly offline: boolean;
}

export type GrantResult =
  { ok: true; grant: Grant } | { ok: false; status: number; error: string; description: string };

export function scopeList(scope: string | undefined): string[] {
  return [...new Set((scope ?? '').split(' ').filter(Boolean))];
}

function userAudience(issuer: string, api: Api | undefined, scopes: readonly string[]): string | string[] {
  const userinfo = `${issuer}userinfo`;
  if (!api) return userinfo;
  return scopes.includes('openid') ? [api.identifier, userinfo] : api.identifier;
}

/** The grant for a user-facing flow. `issuer` names the /userinfo audience. */
export function userGrant(
  model: TenantModel,
  issuer: string,
  client: Client,
  requestedScope: string,
  audience?: string,
): GrantResult {
  const api = audience === undefined ? undefined : model.apis.get(audience);
  if (audience !== undefined && !api)
    return { ok: false, status: 403, error: 'access_denied', description: `Service not found: ${audience}` };
  const apiScopes = new Set(api ? (api.isManagement ? CURRENT_USER_SCOPES : api.scopes) : []);
  const canRefresh = client.grantTypes.includes('refresh_token') && (api === undefined || api.allowOfflineAccess);
  const granted = scopeList(requestedScope).filter((s) =>
    s === 'offline_access' ? canRefresh : OIDC_SCOPES.has(s) || apiScopes.has(s),
  );
  return {
    ok: true,
    grant: {
      scope: granted.join(' '),
      audience,
      accessAudience: userAudience(issuer, api, granted),
      lifetime: api?.tokenLifetime ?? DEFAULT_TOKEN_LIFETIME_S,
      offline: granted.includes('offline_access'),
    },
  };
}

/** The grant for client credentials. */
export function clientGrant(
  model: TenantModel,
  client: Client,
  requestedScope: string | undefined,
  audience: string,
): GrantResult {
  const api = model.apis.get(audience);
  if (!api) return { ok: false, status: 403, error: 'access_denied', description: `Service not found: ${audience}` };
  const granted = client.grants[audience];
  if (!granted) {
    return {
      ok: false,
      status: 403,
      error: 'access_denied',
      description: `Client is not authorized to access "${audience}". You need to create a "client-grant" associated to this API.`,
    };
  }
  const requested = scopeList(requestedScope);
  const unknown = requested.filter((s) => !api.scopes.includes(s));
  if (unknown.length > 0)
    return {
      ok: false,
      status: 400,
      error: 'invalid_scope',
      description: `Scope not defined by ${audience}: ${unknown.join(' ')}`,
    };
  const notGranted = requested.filter((s) => !granted.includes(s));
  if (notGranted.length > 0)
    return {
      ok: false,
      status: 400,
      error: 'invalid_scope',
      description: `Client ${client.clientId} has not been granted: ${notGranted.join(' ')}`,
    };
  const scopes = requested.length > 0 ? requested : [...granted];
  return {
    ok: true,
    grant: { scope: scopes.join(' '), audience, accessAudience: audience, lifetime: api.tokenLifetime, offline: false },
  };
}
