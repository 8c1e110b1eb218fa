/**
 * GET/POST /userinfo: the profile of the access token's subject. The token comes in the
 * Authorization header only: `Bearer` (RFC 6750) or, for a DPoP-bound token, `DPoP` with a proof.
 */
import type { Handler, RequestContext } from '../http/types.js';
import { answerPreflight, originCors } from '../protocol/cors.js';
import { sendError, sendJson } from '../http/http-io.js';
import { profileClaims, verifyAccessToken } from '../protocol/tokens.js';
import { bindingFailure, dpopChallenge, presentedToken } from '../protocol/dpop-resource.js';

function unauthorized(ctx: RequestContext, description: string, error = 'invalid_token', status = 401): void {
  sendError(ctx.res, status, error, description, {
    ...originCors(ctx),
    'WWW-Authenticate': `Bearer error="${error}", error_description="${description.replace(/["\\]/g, '')}"`,
  });
}

export const userinfo: Handler = async (ctx) => {
  if (ctx.bodyType !== 'none') {
    unauthorized(
      ctx,
      'The access token must be sent in the Authorization header; the request body must be empty.',
      'invalid_request',
      400,
    );
    return;
  }
  const presented = presentedToken(ctx.req.headers.authorization);
  if (!presented) {
    unauthorized(ctx, 'Missing or malformed Bearer access token.');
    return;
  }
  let sub: string | undefined;
  let scope: string;
  try {
    const payload = await verifyAccessToken(ctx.tenant, presented.token);
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(`${ctx.tenant.issuer}userinfo`)) {
      unauthorized(ctx, 'The access token is not for /userinfo (ask for the openid scope).');
      return;
    }
    const failure = await bindingFailure(ctx, presented, payload);
    if (failure) {
      sendError(ctx.res, 401, failure.error, failure.description, {
        ...originCors(ctx),
        ...dpopChallenge(failure, true),
      });
      return;
    }
    sub = payload.sub;
    scope = typeof payload['scope'] === 'string' ? payload['scope'] : '';
  } catch (err) {
    unauthorized(ctx, `Invalid access token: ${(err as Error).message}`);
    return;
  }
  const user = sub === undefined ? undefined : ctx.tenant.users.findById(sub);
  if (!user || user.blocked) {
    unauthorized(ctx, 'The access token subject does not exist.');
    return;
  }
  // Claims follow the token's scope, as for the ID token (`openid profile email` releases them all).
  sendJson(ctx.res, 200, { sub: user.userId, ...profileClaims(ctx.tenant, user, scope) }, originCors(ctx));
};

export const userinfoPreflight: Handler = (ctx) => answerPreflight(ctx, 'GET, POST');
