/** The JSON answer of /oauth/token for a user: access token, ID token, refresh token. */
import type { Client, Organization } from '../config/model.js';
import type { RequestContext } from '../http/types.js';
import type { RefreshToken } from '../state/refresh-tokens.js';
import type { Grant } from './scopes.js';
import { scopeList } from './scopes.js';
import { opaqueId } from '../state/state.js';
import { nowSeconds, signAccessToken, signIdToken } from './tokens.js';
import type { StoredUser } from '../state/users.js';

export interface UserTokens {
  client: Client;
  user: StoredUser;
  grant: Grant;
  /** Session id and auth_time of the login behind these tokens. */
  sid: string;
  authTime: number;
  nonce?: string | undefined;
  organization?: Organization | undefined;
  /** tls_client_auth: bind the access token to the certificate (RFC 8705 `cnf`). */
  certificateThumbprint?: string | undefined;
  /** DPoP: bind the access token (`cnf.jkt`) and a new refresh token to this key thumbprint. */
  dpopJkt?: string | undefined;
  /** `gty` claim of the access token (e.g. `password`). */
  gty?: string | undefined;
  /** For a refresh: the token being rotated (its successor is issued instead of a new family). */
  rotate?: RefreshToken | undefined;
}

/**
 * The access token's `cnf` (RFC 7800) for its bindings: a client certificate (RFC 8705) and a DPoP
 * key (RFC 9449), either or both; undefined when it has none.
 */
export function confirmation(
  certificateThumbprint: string | undefined,
  dpopJkt: string | undefined,
): Record<string, string> | undefined {
  if (certificateThumbprint === undefined && dpopJkt === undefined) return undefined;
  return {
    ...(certificateThumbprint === undefined ? {} : { 'x5t#S256': certificateThumbprint }),
    ...(dpopJkt === undefined ? {} : { jkt: dpopJkt }),
  };
}

/** `token_type` of an answer: DPoP for a DPoP-bound access token (RFC 9449 §5). */
export function tokenType(dpopJkt: string | undefined): 'Bearer' | 'DPoP' {
  return dpopJkt === undefined ? 'Bearer' : 'DPoP';
}

/** A fresh login without a browser session (password, passwordless, token exchange grants). */
export function freshLogin(ctx: RequestContext): { sid: string; authTime: number } {
  return { sid: opaqueId(16), authTime: nowSeconds(ctx.tenant) };
}

export async function userTokenResponse(ctx: RequestContext, input: UserTokens): Promise<Record<string, unknown>> {
  const { tenant } = ctx;
  const { client, user, grant } = input;
  const claims: Record<string, unknown> = {};
  if (input.gty) claims['gty'] = input.gty;
  const cnf = confirmation(input.certificateThumbprint, input.dpopJkt);
  if (cnf) claims['cnf'] = cnf;
  const accessToken = await signAccessToken(tenant, {
    clientId: client.clientId,
    subject: user.userId,
    scope: grant.scope,
    audience: grant.accessAudience,
    lifetime: grant.lifetime,
    organization: input.organization,
    claims,
  });
  const body: Record<string, unknown> = { access_token: accessToken };
  if (grant.offline) {
    const base = {
      clientId: client.clientId,
      userId: user.userId,
      scope: grant.scope,
      audience: grant.audience,
      organization: input.organization?.id,
      authTime: input.authTime,
      sid: input.sid,
      jkt: input.dpopJkt,
    };
    body['refresh_token'] = (
      input.rotate ? tenant.refreshTokens.rotate(input.rotate, input.rotate.scope) : tenant.refreshTokens.issue(base)
    ).token;
  }
  if (scopeList(grant.scope).includes('openid')) {
    body['id_token'] = await signIdToken(tenant, {
      client,
      user,
      scope: grant.scope,
      nonce: input.nonce,
      sid: input.sid,
      authTime: input.authTime,
      accessToken,
      organization: input.organization,
    });
  }
  body['scope'] = grant.scope;
  body['expires_in'] = grant.lifetime;
  body['token_type'] = tokenType(input.dpopJkt);
  return body;
}
