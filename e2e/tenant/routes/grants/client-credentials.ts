/** `client_credentials`: a machine token for an API the client has a grant for (scopes.ts). */
import { signAccessToken } from '../../protocol/tokens.js';
import { clientGrant } from '../../protocol/scopes.js';
import { confirmation, tokenType } from '../../protocol/token-response.js';
import { oauthError } from './types.js';
import type { GrantSpec } from './types.js';

export const clientCredentials: GrantSpec = {
  grantType: 'client_credentials',
  required: [],
  optional: ['audience', 'scope'],
  async handle(ctx, params, auth, dpopJkt) {
    const { client } = auth;
    if (auth.method === 'none')
      throw oauthError('unauthorized_client', 'A public client cannot use client_credentials.');
    const audience = params['audience'];
    if (!audience) throw oauthError('invalid_request', 'Missing required parameter: audience');
    const result = clientGrant(ctx.tenant.model, client, params['scope'], audience);
    if (!result.ok) throw oauthError(result.error, result.description, result.status);
    const { grant } = result;
    const claims: Record<string, unknown> = { gty: 'client-credentials' };
    const cnf = confirmation(auth.certificateThumbprint, dpopJkt);
    if (cnf) claims['cnf'] = cnf;
    const accessToken = await signAccessToken(ctx.tenant, {
      clientId: client.clientId,
      subject: `${client.clientId}@clients`,
      scope: grant.scope,
      audience,
      lifetime: grant.lifetime,
      claims,
    });
    return {
      access_token: accessToken,
      scope: grant.scope,
      expires_in: grant.lifetime,
      token_type: tokenType(dpopJkt),
    };
  },
};
