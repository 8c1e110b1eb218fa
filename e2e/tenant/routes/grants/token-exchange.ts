/**
 * RFC 8693 token exchange as the service's Custom Token Exchange: the `subject_token_type` must
 * be one of the tenant's token exchange profiles; the subject token is then a JWT of this tenant
 * (an ID or access token, RS256 or the client's HS256) naming a user, who gets tokens for the
 * requesting client.
 */
import { verifyAccessToken, verifyIdToken } from '../../protocol/tokens.js';
import type { RequestContext } from '../../http/types.js';
import { freshLoginTokens, grantForUser, oauthError, organizationFor } from './types.js';
import type { GrantSpec } from './types.js';

async function subjectOf(ctx: RequestContext, token: string): Promise<string | undefined> {
  try {
    return (await verifyIdToken(ctx.tenant, token)).payload.sub;
  } catch {
    try {
      return (await verifyAccessToken(ctx.tenant, token)).sub;
    } catch {
      return undefined;
    }
  }
}

export const tokenExchange: GrantSpec = {
  grantType: 'urn:ietf:params:oauth:grant-type:token-exchange',
  required: ['subject_token', 'subject_token_type'],
  optional: ['audience', 'scope', 'organization', 'requested_token_type'],
  extra: true,
  async handle(ctx, params, auth, dpopJkt) {
    const type = params['subject_token_type'] ?? '';
    if (!ctx.tenant.model.tokenExchangeTypes.has(type))
      throw oauthError('invalid_request', `No token exchange profile for subject_token_type ${type}`);
    const requested = params['requested_token_type'];
    if (requested !== undefined && requested !== 'urn:ietf:params:oauth:token-type:access_token') {
      throw oauthError('invalid_request', 'Only access tokens can be requested.');
    }
    const sub = await subjectOf(ctx, params['subject_token'] ?? '');
    const user = sub === undefined || sub.endsWith('@clients') ? undefined : ctx.tenant.users.findById(sub);
    if (!user || user.blocked)
      throw oauthError('invalid_request', 'The subject_token is invalid, expired or names no user of this tenant.');
    const organization = organizationFor(ctx, auth, params['organization'], user);
    const grant = grantForUser(ctx, auth, params);
    const body = await freshLoginTokens(ctx, auth, { user, grant, organization, dpopJkt, gty: 'token-exchange' });
    return { ...body, issued_token_type: 'urn:ietf:params:oauth:token-type:access_token' };
  },
};
