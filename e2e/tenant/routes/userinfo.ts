/** GET /userinfo: the profile of the access token's subject. */
import type { Handler } from '../context.js';
import { answerPreflight, originCors } from '../cors.js';
import { sendError, sendJson } from '../http-io.js';
import { profileClaims, verifyAccessToken } from '../tokens.js';

function unauthorized(ctx: Parameters<Handler>[0], description: string): void {
  sendError(ctx.res, 401, 'invalid_token', description, {
    ...originCors(ctx),
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description.replace(/["\\]/g, '')}"`,
  });
}

export const userinfo: Handler = async (ctx) => {
  const header = ctx.req.headers.authorization ?? '';
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (!match?.[1]) {
    unauthorized(ctx, 'Missing or malformed Bearer access token.');
    return;
  }
  let sub: string | undefined;
  let scope = '';
  try {
    const payload = await verifyAccessToken(ctx.tenant, match[1]);
    sub = payload.sub;
    scope = typeof payload['scope'] === 'string' ? payload['scope'] : '';
  } catch (err) {
    unauthorized(ctx, `Invalid access token: ${(err as Error).message}`);
    return;
  }
  const user = sub === undefined ? undefined : ctx.tenant.users.findById(sub);
  if (!user) {
    unauthorized(ctx, 'The access token subject does not exist.');
    return;
  }
  // Claims follow the token's scope, as for the ID token (`openid profile email` releases them all).
  sendJson(ctx.res, 200, { sub: user.userId, ...profileClaims(ctx.tenant, user, scope) }, originCors(ctx));
};

export const userinfoPreflight: Handler = (ctx) => answerPreflight(ctx, 'GET');
