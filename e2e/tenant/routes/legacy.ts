/**
 * The legacy endpoints v10 can still call: POST /delegation (an ID token for another client of the
 * tenant, from an ID token) and POST /oauth/ro (resource owner login; with a passwordless
 * connection the "password" is the one-time code, as popup.passwordlessVerify sends it).
 * Each needs its grant type in the client's registration.
 */
import { IP_BLOCKED_MESSAGE, USER_BLOCKED_MESSAGE } from '../state/brute-force.js';
import { isDatabase, isPasswordless } from '../config/model.js';
import type { Handler } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { bodyObject, stringParams } from '../http/params.js';
import {
  otpLogin,
  PASSWORD_LEAKED,
  passwordLogin,
  WRONG_CREDENTIALS,
  wrongCodeMessage,
} from '../protocol/password-login.js';
import type { LoginOutcome } from '../protocol/password-login.js';
import { scopeList, userGrant } from '../protocol/scopes.js';
import { freshLogin } from '../protocol/token-response.js';
import { ID_TOKEN_TTL_S, signAccessToken, signIdToken, verifyIdToken } from '../protocol/tokens.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const LEGACY_RO = 'http://auth0.com/oauth/legacy/grant-type/ro';

export const delegation: Handler = async (ctx) => {
  applyCors(ctx);
  const params = stringParams(bodyObject(ctx, ['json', 'form']), {
    required: ['client_id', 'grant_type'],
    optional: ['id_token', 'refresh_token', 'target', 'api_type', 'scope'],
  });
  const client = ctx.tenant.findClient(params['client_id']);
  if (!client) throw new HttpError(401, 'invalid_client', `Unknown client: ${params['client_id'] ?? ''}`);
  if (params['grant_type'] !== JWT_BEARER || params['id_token'] === undefined) {
    throw new HttpError(400, 'unsupported_grant_type', `Only grant_type ${JWT_BEARER} with an id_token is supported.`);
  }
  if (!client.grantTypes.includes(JWT_BEARER))
    throw new HttpError(403, 'unauthorized_client', 'Delegation is not enabled for this client.');
  if (params['api_type'] !== undefined && params['api_type'] !== 'app')
    throw new HttpError(400, 'invalid_request', 'api_type must be app.');
  const target = ctx.tenant.findClient(params['target'] ?? client.clientId);
  if (!target) throw new HttpError(400, 'invalid_request', `Unknown target client: ${params['target'] ?? ''}`);
  let sub: string | undefined;
  try {
    const verified = await verifyIdToken(ctx.tenant, params['id_token']);
    sub = verified.client.clientId === client.clientId ? verified.payload.sub : undefined;
  } catch {
    sub = undefined;
  }
  const user = sub === undefined ? undefined : ctx.tenant.users.findById(sub);
  if (!user || user.blocked)
    throw new HttpError(401, 'invalid_grant', 'The id_token is invalid, expired or was issued to another client.');
  const login = freshLogin(ctx);
  const idToken = await signIdToken(ctx.tenant, {
    client: target,
    user,
    scope: params['scope'] ?? 'openid',
    sid: login.sid,
    authTime: login.authTime,
  });
  sendJson(ctx.res, 200, { id_token: idToken, token_type: 'Bearer', expires_in: ID_TOKEN_TTL_S });
};

function roFailure(outcome: Extract<LoginOutcome, { ok: false }>, wrong: string): HttpError {
  switch (outcome.reason) {
    case 'wrong':
      return new HttpError(401, 'invalid_user_password', wrong);
    case 'blocked':
      return new HttpError(401, 'unauthorized', 'user is blocked');
    case 'leaked':
      return new HttpError(401, 'password_leaked', PASSWORD_LEAKED);
    case 'too_many_attempts':
      return new HttpError(429, 'too_many_attempts', USER_BLOCKED_MESSAGE);
    case 'suspicious_ip':
      return new HttpError(429, 'too_many_attempts', IP_BLOCKED_MESSAGE);
  }
}

export const oauthRo: Handler = async (ctx) => {
  applyCors(ctx);
  const params = stringParams(bodyObject(ctx, ['json', 'form']), {
    required: ['client_id', 'username', 'password', 'connection', 'grant_type'],
    optional: ['scope', 'device', 'id_token'],
  });
  if (params['grant_type'] !== 'password')
    throw new HttpError(400, 'unsupported_grant_type', 'grant_type must be password.');
  const client = ctx.tenant.findClient(params['client_id']);
  if (!client) throw new HttpError(401, 'invalid_client', `Unknown client: ${params['client_id'] ?? ''}`);
  if (!client.grantTypes.includes(LEGACY_RO))
    throw new HttpError(
      403,
      'unauthorized_client',
      'The legacy resource owner endpoint is not enabled for this client.',
    );
  const name = params['connection'] ?? '';
  const connection = client.connections.includes(name) ? ctx.tenant.model.connections.get(name) : undefined;
  let outcome: LoginOutcome;
  let wrong = WRONG_CREDENTIALS;
  if (isDatabase(connection))
    outcome = await passwordLogin(ctx, connection, params['username'] ?? '', params['password'] ?? '');
  else if (isPasswordless(connection)) {
    wrong = wrongCodeMessage(connection);
    outcome = otpLogin(ctx, connection, params['username'] ?? '', params['password'] ?? '');
  } else throw new HttpError(400, 'invalid_request', `Unknown or disabled connection: ${name}`);
  if (!outcome.ok) throw roFailure(outcome, wrong);
  const result = userGrant(ctx.tenant.model, ctx.tenant.issuer, client, params['scope'] ?? 'openid', undefined);
  if (!result.ok) throw new HttpError(result.status, result.error, result.description);
  const login = freshLogin(ctx);
  const accessToken = await signAccessToken(ctx.tenant, {
    clientId: client.clientId,
    subject: outcome.user.userId,
    scope: result.grant.scope,
    audience: result.grant.accessAudience,
    lifetime: result.grant.lifetime,
  });
  const body: Record<string, unknown> = {};
  if (scopeList(result.grant.scope).includes('openid')) {
    body['id_token'] = await signIdToken(ctx.tenant, {
      client,
      user: outcome.user,
      scope: result.grant.scope,
      sid: login.sid,
      authTime: login.authTime,
      accessToken,
    });
  }
  sendJson(ctx.res, 200, { ...body, access_token: accessToken, token_type: 'bearer' });
};

export const legacyPreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
