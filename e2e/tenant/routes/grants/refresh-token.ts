/**
 * `refresh_token` with rotation and reuse detection (refresh-tokens.ts); `scope` may only narrow. A
 * DPoP-bound token (`jkt`) refreshes only with a proof by that key; its successor stays bound.
 */
import { findOrganization } from '../../config/model.js';
import { scopeList, userGrant } from '../../protocol/scopes.js';
import { userTokenResponse } from '../../protocol/token-response.js';
import { oauthError } from './types.js';
import type { GrantSpec } from './types.js';

export const refreshToken: GrantSpec = {
  grantType: 'refresh_token',
  required: ['refresh_token'],
  // `audience` is accepted and ignored (the refresh token's decides), as for authorization_code.
  optional: ['scope', 'audience'],
  async handle(ctx, params, auth, dpopJkt) {
    const { refreshTokens } = ctx.tenant;
    const found = refreshTokens.lookup(params['refresh_token'] ?? '');
    if (found.kind === 'unknown' || found.token.clientId !== auth.client.clientId)
      throw oauthError('invalid_grant', 'Unknown or invalid refresh token.');
    const old = found.token;
    // RFC 9449 §5: a bound refresh token needs a proof by its own key. Checked before reuse
    // detection: a copy without the key (live or retired) can neither refresh nor end the family.
    if (old.jkt !== undefined && old.jkt !== dpopJkt)
      throw oauthError('invalid_grant', 'The refresh token is bound to a DPoP key this request does not prove.');
    if (found.kind === 'reused') {
      refreshTokens.revokeFamily(old.family);
      throw oauthError(
        'invalid_grant',
        'Unknown or invalid refresh token (reuse detected: every token of this login was revoked).',
      );
    }
    const granted = scopeList(old.scope);
    const requested = params['scope'] === undefined ? granted : scopeList(params['scope']);
    const wider = requested.filter((s) => !granted.includes(s));
    if (wider.length > 0) throw oauthError('invalid_scope', `The refresh token was not granted: ${wider.join(' ')}`);
    const user = ctx.tenant.users.findById(old.userId);
    if (!user || user.blocked)
      throw oauthError('invalid_grant', 'The user of this refresh token can no longer sign in.');
    const result = userGrant(ctx.tenant.model, ctx.tenant.issuer, auth.client, requested.join(' '), old.audience);
    if (!result.ok) throw oauthError(result.error, result.description, result.status);
    const organization =
      old.organization === undefined ? undefined : findOrganization(ctx.tenant.model, old.organization);
    // Rotation always hands out the successor (it keeps the original grant, so a narrower
    // request now does not shrink later refreshes); the access token gets what was asked.
    return userTokenResponse(ctx, {
      client: auth.client,
      user,
      grant: { ...result.grant, offline: true },
      sid: old.sid,
      authTime: old.authTime,
      organization,
      certificateThumbprint: auth.certificateThumbprint,
      dpopJkt,
      rotate: old,
    });
  },
};
