/**
 * POST /oauth/revoke (RFC 7009): a client revokes one of its refresh tokens, which ends the whole
 * family (the token, its predecessors and successors). Client authentication follows /oauth/token.
 * An unknown, expired or already revoked token, and an access token (a JWT: it cannot be recalled
 * and simply expires), still answer 200 (§2.2), so the answer says nothing about which tokens exist.
 * A DPoP-bound refresh token is revoked only with a proof by its key, as it is refreshed only with
 * one: a copy without the key can do nothing with it.
 */
import { authenticateClient, CLIENT_AUTH_PARAMS } from '../protocol/client-auth.js';
import type { Handler } from '../http/types.js';
import { answerPreflight, applyCors } from '../protocol/cors.js';
import { HttpError, sendEmpty } from '../http/http-io.js';
import { bodyObject, stringParams } from '../http/params.js';
import { authorizationServerProof } from '../protocol/dpop.js';

export const revoke: Handler = async (ctx) => {
  applyCors(ctx);
  const params = stringParams(bodyObject(ctx, ['json', 'form']), {
    required: ['token'],
    // §2.1: an unknown token_type_hint is ignored, not an error.
    optional: [...CLIENT_AUTH_PARAMS, 'token_type_hint'],
  });
  const auth = await authenticateClient(ctx, params);
  const jkt = await authorizationServerProof(ctx);
  const found = ctx.tenant.refreshTokens.lookup(params['token'] ?? '');
  if (found.kind !== 'unknown') {
    // §2.1: the token must have been issued to the client asking (RFC 6749 §5.2 invalid_grant).
    if (found.token.clientId !== auth.client.clientId)
      throw new HttpError(400, 'invalid_grant', 'The token was not issued to this client.');
    if (found.token.jkt !== undefined && found.token.jkt !== jkt)
      throw new HttpError(400, 'invalid_grant', 'The token is bound to a DPoP key this request does not prove.');
    ctx.tenant.refreshTokens.revokeFamily(found.token.family);
  }
  sendEmpty(ctx.res, 200);
};

export const revokePreflight: Handler = (ctx) => answerPreflight(ctx, 'POST');
