/**
 * POST /co/authenticate: embedded login for database and passwordless connections (cross-origin
 * authentication). Errors follow the seed's table exactly; a disallowed Origin gets the plain-text
 * 403. Success sets the verifier cookie and answers `{ login_ticket, co_verifier, co_id }`.
 */
import type { Handler } from '../http/types.js';
import { isDatabase, isPasswordless } from '../config/model.js';
import type { Connection } from '../config/model.js';
import { answerPreflight, applyCors, isClientWebOrigin } from '../protocol/cors.js';
import { HttpError, sendError, sendJson, sendText } from '../http/http-io.js';
import { bodyObject } from '../http/params.js';
import { IP_BLOCKED_MESSAGE, USER_BLOCKED_MESSAGE } from '../state/brute-force.js';
import {
  otpLogin,
  PASSWORD_LEAKED,
  passwordLogin,
  WRONG_CREDENTIALS,
  wrongCodeMessage,
} from '../protocol/password-login.js';
import type { LoginOutcome } from '../protocol/password-login.js';
import { coCookie } from './co-login.js';

const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const PASSWORDLESS_OTP = 'http://auth0.com/oauth/grant-type/passwordless/otp';
/** The exact body keys of each credential type (seed: "all and only"). */
const SHAPES: Record<string, readonly string[]> = {
  [PASSWORD_REALM]: ['client_id', 'credential_type', 'password', 'realm', 'username'],
  [PASSWORDLESS_OTP]: ['client_id', 'credential_type', 'otp', 'realm', 'username'],
  // What the library sends when no realm is given: the tenant's default directory.
  password: ['client_id', 'credential_type', 'password', 'username'],
};

function invalidBody(): HttpError {
  return new HttpError(
    400,
    'invalid_request',
    'Invalid request body. All and only of client_id, credential_type, username, otp, realm are required.',
  );
}

export const coAuthenticatePreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');

export const coAuthenticate: Handler = async (ctx) => {
  const { tenant, res } = ctx;
  applyCors(ctx);
  if (ctx.bodyType !== 'json')
    throw ctx.bodyType === 'none'
      ? invalidBody()
      : new HttpError(415, 'invalid_request', 'Content-Type must be application/json.');
  const body = bodyObject(ctx, ['json']);
  const clientId = typeof body['client_id'] === 'string' ? body['client_id'] : undefined;
  const client = tenant.findClient(clientId);
  const origin = ctx.req.headers.origin;
  if (origin !== undefined && !isClientWebOrigin(client, origin)) {
    sendText(res, 403, `Origin ${origin} is not allowed.`);
    return;
  }
  const type = body['credential_type'];
  if (typeof type !== 'string') throw invalidBody();
  const shape = SHAPES[type];
  if (!shape) {
    sendError(res, 400, 'unsupported_credential_type', `Unknown credential type parameter: ${type}`);
    return;
  }
  const keys = Object.keys(body).sort();
  if (keys.join(' ') !== shape.join(' ') || keys.some((k) => typeof body[k] !== 'string' || body[k] === ''))
    throw invalidBody();
  const params = body as Record<string, string>;
  if (!client || !client.crossOriginAuth) {
    sendError(res, 401, 'unauthorized_client', 'Cross origin login not allowed.');
    return;
  }
  const realm = type === 'password' ? tenant.model.defaultDirectory : params['realm'];
  const connection: Connection | undefined =
    realm !== undefined && client.connections.includes(realm) ? tenant.model.connections.get(realm) : undefined;
  const fits = type === PASSWORDLESS_OTP ? isPasswordless(connection) : isDatabase(connection);
  if (!connection || !fits) {
    sendError(res, 400, 'invalid_request', 'Unknown realm.');
    return;
  }
  const username = params['username'] ?? '';
  let outcome: LoginOutcome;
  if (isPasswordless(connection)) outcome = otpLogin(ctx, connection, username, params['otp'] ?? '');
  else if (isDatabase(connection)) outcome = await passwordLogin(ctx, connection, username, params['password'] ?? '');
  else throw new HttpError(400, 'invalid_request', 'Unknown realm.');
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'wrong':
        sendError(
          res,
          403,
          'access_denied',
          isPasswordless(connection) ? wrongCodeMessage(connection) : WRONG_CREDENTIALS,
        );
        return;
      case 'blocked':
        sendError(res, 403, 'blocked_user', 'user is blocked');
        return;
      case 'leaked':
        sendError(res, 401, 'password_leaked', PASSWORD_LEAKED);
        return;
      case 'too_many_attempts':
        sendError(res, 429, 'too_many_attempts', USER_BLOCKED_MESSAGE);
        return;
      case 'suspicious_ip':
        sendError(res, 429, 'too_many_attempts', IP_BLOCKED_MESSAGE);
        return;
    }
  }
  const ticket = tenant.loginTickets.issue(client.clientId, outcome.user.userId, connection.name);
  sendJson(
    res,
    200,
    { login_ticket: ticket.ticket, co_verifier: ticket.coVerifier, co_id: ticket.coId },
    { 'Set-Cookie': coCookie(tenant, ticket) },
  );
};
