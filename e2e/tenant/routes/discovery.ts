/** Public discovery documents: OpenID configuration and JWKS (readable from any origin). */
import { GRANT_TYPES } from '../config/definition.js';
import type { Handler } from '../http/types.js';
import { answerPublicPreflight, publicCors } from '../protocol/cors.js';
import { sendJson } from '../http/http-io.js';
import { DPOP_ALGS } from '../protocol/dpop.js';

/** /oauth/token and /oauth/revoke authenticate clients the same way (client-auth.ts). */
const CLIENT_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic', 'private_key_jwt', 'tls_client_auth'];

export const jwks: Handler = (ctx) => {
  // Left at no-store: keys change at every start and at rotation, so no cache may keep them.
  sendJson(ctx.res, 200, ctx.tenant.keys.jwks(), publicCors(ctx));
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
      revocation_endpoint: `${url}/oauth/revoke`,
      jwks_uri: `${url}/.well-known/jwks.json`,
      end_session_endpoint: `${url}/v2/logout`,
      response_types_supported: [
        'code',
        'token',
        'id_token',
        'code token',
        'code id_token',
        'token id_token',
        'code token id_token',
      ],
      response_modes_supported: ['query', 'fragment', 'form_post', 'web_message'],
      code_challenge_methods_supported: ['S256'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256'],
      token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
      token_endpoint_auth_signing_alg_values_supported: ['RS256', 'RS384', 'PS256', 'ES256'],
      revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
      scopes_supported: ['openid', 'profile', 'email', 'phone', 'offline_access'],
      claims_supported: [
        'iss',
        'sub',
        'aud',
        'iat',
        'exp',
        'auth_time',
        'nonce',
        'at_hash',
        'c_hash',
        'sid',
        'org_id',
        'org_name',
        'name',
        'given_name',
        'family_name',
        'nickname',
        'picture',
        'updated_at',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
      ],
      grant_types_supported: GRANT_TYPES.filter((g) => !g.includes('legacy')),
      prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      tls_client_certificate_bound_access_tokens: true,
      dpop_signing_alg_values_supported: DPOP_ALGS,
    },
    publicCors(ctx),
  );
};

export const discoveryPreflight: Handler = (ctx) => answerPublicPreflight(ctx, 'GET');
