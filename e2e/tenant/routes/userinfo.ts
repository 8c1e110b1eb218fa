/** GET/POST /userinfo: the profile of the access token's subject (RFC 6750 Bearer header only). */
import type { Handler, RequestContext } from '../http/types.js';
import { answerPreflight, originCors } from '../protocol/cors.js';
import { sendError, sendJson } from '../http/http-io.js';
import { profileClaims, verifyAccessToken } from '../protocol/tokens.js';

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
  const header = ctx.req.headers.authorization ?? '';
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (!match?.[1]) {
    unauthorized(ctx, 'Missing or malformed Bearer access token.');
    return;
  }
  let sub: string | undefined;
  let scope: string;
  try {
    const payload = await verifyAccessToken(ctx.tenant, match[1]);
    const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!aud.includes(`${ctx.tenant.issuer}userinfo`)) {
      unauthorized(ctx, 'The access token is not for /userinfo (ask for the openid scope).');
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
