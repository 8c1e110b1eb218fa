/**
 * POST /oauth/token (and /oauth/token/): JSON or form bodies; client authentication, then the
 * grant. Errors follow RFC 6749 §5.2: `{ error, error_description }`, 400 (401 for invalid_client).
 * A `DPoP` proof (protocol/dpop.ts) binds the tokens to its key.
 */
import { authenticateClient, CLIENT_AUTH_PARAMS } from '../protocol/client-auth.js';
import type { Handler } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendJson } from '../http/http-io.js';
import { authorizationServerProof, dpopNonceHeader } from '../protocol/dpop.js';
import { bodyObject, stringParams } from '../http/params.js';
import { authorizationCode } from './grants/authorization-code.js';
import { clientCredentials } from './grants/client-credentials.js';
import { passwordGrant, passwordlessOtpGrant, passwordRealmGrant } from './grants/password.js';
import { refreshToken } from './grants/refresh-token.js';
import { tokenExchange } from './grants/token-exchange.js';
import { webauthnGrant } from './grants/webauthn.js';
import type { GrantSpec } from './grants/types.js';

const GRANTS = new Map<string, GrantSpec>(
  [
    authorizationCode,
    refreshToken,
    clientCredentials,
    passwordGrant,
    passwordRealmGrant,
    passwordlessOtpGrant,
    tokenExchange,
    webauthnGrant,
  ].map((g) => [g.grantType, g]),
);

export const token: Handler = async (ctx) => {
  applyCors(ctx);
  const body = bodyObject(ctx, ['json', 'form']);
  const grantType = body['grant_type'];
  if (typeof grantType !== 'string' || grantType === '')
    throw new HttpError(400, 'invalid_request', 'Missing required parameter: grant_type');
  const grant = GRANTS.get(grantType);
  if (!grant) throw new HttpError(400, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  const params = stringParams(body, {
    required: ['grant_type', ...grant.required],
    optional: [...CLIENT_AUTH_PARAMS, ...grant.optional],
    ...(grant.extra ? { extra: () => true } : {}),
    ...(grant.objects ? { objects: grant.objects } : {}),
  });
  const auth = await authenticateClient(ctx, params);
  if (!auth.client.grantTypes.includes(grant.grantType)) {
    throw new HttpError(400, 'unauthorized_client', `Grant type '${grantType}' not allowed for the client.`);
  }
  // Before the grant runs, so a refused proof leaves a code or refresh token as it was.
  const dpopJkt = await authorizationServerProof(ctx);
  const result = await grant.handle(ctx, params, auth, dpopJkt, body);
  sendJson(ctx.res, 200, result, { Pragma: 'no-cache', ...(dpopJkt === undefined ? {} : dpopNonceHeader(ctx)) });
};

export const tokenPreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
