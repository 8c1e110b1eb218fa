/**
 * The resource-owner grants: `password` (the tenant's default directory),
 * `http://auth0.com/oauth/grant-type/password-realm` and `…/passwordless/otp`.
 */
import { IP_BLOCKED_MESSAGE, USER_BLOCKED_MESSAGE } from '../../state/brute-force.js';
import type { GrantType } from '../../config/definition.js';
import { isDatabase, isPasswordless } from '../../config/model.js';
import type { RequestContext } from '../../http/types.js';
import {
  otpLogin,
  PASSWORD_LEAKED,
  passwordLogin,
  WRONG_CREDENTIALS,
  wrongCodeMessage,
} from '../../protocol/password-login.js';
import type { LoginOutcome } from '../../protocol/password-login.js';
import type { AuthenticatedClient } from '../../protocol/client-auth.js';
import { freshLoginTokens, grantForUser, oauthError, organizationFor } from './types.js';
import type { GrantSpec } from './types.js';

function fail(outcome: Extract<LoginOutcome, { ok: false }>, wrongMessage: string): never {
  switch (outcome.reason) {
    case 'wrong':
      throw oauthError('invalid_grant', wrongMessage);
    case 'blocked':
      throw oauthError('invalid_grant', 'user is blocked');
    case 'leaked':
      throw oauthError('password_leaked', PASSWORD_LEAKED);
    case 'too_many_attempts':
      throw oauthError('too_many_attempts', USER_BLOCKED_MESSAGE, 429);
    case 'suspicious_ip':
      throw oauthError('too_many_attempts', IP_BLOCKED_MESSAGE, 429);
  }
}

async function issue(
  ctx: RequestContext,
  params: Record<string, string>,
  auth: AuthenticatedClient,
  outcome: LoginOutcome,
  wrong: string,
  gty: string,
  dpopJkt: string | undefined,
) {
  if (!outcome.ok) fail(outcome, wrong);
  const user = outcome.user;
  const organization = organizationFor(ctx, auth, params['organization'], user);
  const grant = grantForUser(ctx, auth, params);
  return freshLoginTokens(ctx, auth, { user, grant, organization, dpopJkt, gty });
}

function databaseRealm(ctx: RequestContext, auth: AuthenticatedClient, name: string | undefined) {
  const connection = name === undefined ? undefined : ctx.tenant.model.connections.get(name);
  if (!name || !isDatabase(connection) || !auth.client.connections.includes(name))
    throw oauthError('invalid_request', `Unknown or disabled realm: ${name ?? '(none)'}`);
  return connection;
}

const USER_PARAMS = ['scope', 'audience', 'organization'];

export const passwordGrant: GrantSpec = {
  grantType: 'password',
  required: ['username', 'password'],
  optional: USER_PARAMS,
  async handle(ctx, params, auth, dpopJkt) {
    const name = ctx.tenant.model.defaultDirectory;
    if (!name) throw oauthError('invalid_request', 'Authorization server not configured with default connection.');
    const connection = databaseRealm(ctx, auth, name);
    const outcome = await passwordLogin(ctx, connection, params['username'] ?? '', params['password'] ?? '');
    return issue(ctx, params, auth, outcome, WRONG_CREDENTIALS, 'password', dpopJkt);
  },
};

export const passwordRealmGrant: GrantSpec = {
  grantType: 'http://auth0.com/oauth/grant-type/password-realm' satisfies GrantType,
  required: ['username', 'password', 'realm'],
  optional: USER_PARAMS,
  async handle(ctx, params, auth, dpopJkt) {
    const connection = databaseRealm(ctx, auth, params['realm']);
    const outcome = await passwordLogin(ctx, connection, params['username'] ?? '', params['password'] ?? '');
    return issue(ctx, params, auth, outcome, WRONG_CREDENTIALS, 'password', dpopJkt);
  },
};

export const passwordlessOtpGrant: GrantSpec = {
  grantType: 'http://auth0.com/oauth/grant-type/passwordless/otp',
  required: ['username', 'otp', 'realm'],
  optional: USER_PARAMS,
  async handle(ctx, params, auth, dpopJkt) {
    const name = params['realm'] ?? '';
    const connection = ctx.tenant.model.connections.get(name);
    if (!isPasswordless(connection) || !auth.client.connections.includes(name))
      throw oauthError('invalid_request', `Unknown or disabled realm: ${name}`);
    const outcome = otpLogin(ctx, connection, params['username'] ?? '', params['otp'] ?? '');
    return issue(ctx, params, auth, outcome, wrongCodeMessage(connection), 'passwordless', dpopJkt);
  },
};
