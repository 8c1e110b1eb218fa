/** What a grant handler of /oauth/token receives and how it is described. */
import type { AuthenticatedClient } from '../../protocol/client-auth.js';
import type { GrantType } from '../../config/definition.js';
import type { Organization } from '../../config/model.js';
import { findOrganization } from '../../config/model.js';
import { userGrant } from '../../protocol/scopes.js';
import type { Grant } from '../../protocol/scopes.js';
import type { RequestContext } from '../../http/types.js';
import { HttpError } from '../../http/http-io.js';
import { freshLogin, userTokenResponse } from '../../protocol/token-response.js';
import type { StoredUser } from '../../state/users.js';

export interface GrantSpec {
  readonly grantType: GrantType;
  readonly required: readonly string[];
  readonly optional: readonly string[];
  /** Token exchange forwards arbitrary extra parameters (reference §4.12); they are ignored. */
  readonly extra?: boolean;
  /** Parameters that are JSON objects (the webauthn grant's `authn_response`): read from `body`. */
  readonly objects?: readonly string[];
  handle(
    ctx: RequestContext,
    params: Record<string, string>,
    auth: AuthenticatedClient,
    /** The thumbprint of the request's valid DPoP proof key: the tokens are bound to it. */
    dpopJkt?: string,
    /** The whole request body, for `objects`. */
    body?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
}

export function oauthError(error: string, description: string, status = 400): HttpError {
  return new HttpError(status, error, description);
}

/** The `organization` parameter of a user grant: it must exist, and the user must be a member. */
export function organizationFor(
  ctx: RequestContext,
  auth: AuthenticatedClient,
  raw: string | undefined,
  user: StoredUser,
): Organization | undefined {
  if (raw === undefined) return undefined;
  if (auth.client.organizationUsage === 'deny')
    throw oauthError('invalid_request', `The client ${auth.client.clientId} does not accept organizations.`);
  const org = findOrganization(ctx.tenant.model, raw);
  if (!org) throw oauthError('invalid_request', `parameter organization is invalid: ${raw}`);
  if (!org.members.has(user.userId))
    throw oauthError('invalid_grant', `user ${user.userId} is not part of the ${org.id} organization`);
  return org;
}

/** The scope and audience a user grant gets (`openid` when no scope is asked); refused as an OAuth error. */
export function grantForUser(ctx: RequestContext, auth: AuthenticatedClient, params: Record<string, string>): Grant {
  const result = userGrant(
    ctx.tenant.model,
    ctx.tenant.issuer,
    auth.client,
    params['scope'] ?? 'openid',
    params['audience'],
  );
  if (!result.ok) throw oauthError(result.error, result.description, result.status);
  return result.grant;
}

/**
 * The tokens of a login made by a grant itself (password, token exchange, webauthn): a new session
 * id and `auth_time`, bound to the client's certificate or DPoP key where the request has one.
 */
export function freshLoginTokens(
  ctx: RequestContext,
  auth: AuthenticatedClient,
  login: {
    user: StoredUser;
    grant: Grant;
    organization: Organization | undefined;
    dpopJkt: string | undefined;
    gty?: string;
  },
): Promise<Record<string, unknown>> {
  return userTokenResponse(ctx, {
    client: auth.client,
    ...login,
    ...freshLogin(ctx),
    certificateThumbprint: auth.certificateThumbprint,
  });
}
