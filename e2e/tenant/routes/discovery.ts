/** Public discovery documents: OpenID configuration and JWKS (open CORS, both are public). */
import type { Handler } from '../context.js';
import { PUBLIC_CORS } from '../cors.js';
import { sendJson } from '../http-io.js';
import { jwks as jwksOf } from '../keys.js';

export const jwks: Handler = (ctx) => {
  // Left at no-store: keys change at every start, often on the same port, so no cache may keep them.
  sendJson(ctx.res, 200, jwksOf(ctx.tenant.key), PUBLIC_CORS);
};

export const openidConfiguration: Handler = (ctx) => {
  const { url, issuer } = ctx.tenant;
  sendJson(
    ctx.res,
    200,
    {
      issuer,
      authorization_endpoint: `${url}/authorize`,
      token_endpoint: `${url}/oauth/token`,
      userinfo_endpoint: `${url}/userinfo`,
      jwks_uri: `${url}/.well-known/jwks.json`,
      response_types_supported: ['code', 'token', 'id_token', 'token id_token'],
      response_modes_supported: ['query', 'fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
      claims_supported: [
        'iss', 'sub', 'aud', 'iat', 'exp', 'auth_time', 'nonce', 'at_hash', 'sid',
        'name', 'nickname', 'picture', 'updated_at', 'email', 'email_verified',
      ],
      grant_types_supported: ['authorization_code', 'implicit'],
      prompt_values_supported: ['none', 'login'],
      request_parameter_supported: false,
    },
    PUBLIC_CORS,
  );
};
