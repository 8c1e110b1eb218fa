/**
 * `authorization_code` (+ PKCE S256). Everything is checked before the code is used, so a failed
 * exchange (wrong verifier, client or redirect URI) leaves the code redeemable.
 */
import { createHash } from 'node:crypto';
import { findOrganization } from '../../config/model.js';
import { userGrant } from '../../protocol/scopes.js';
import { userTokenResponse } from '../../protocol/token-response.js';
import { parseCandidate } from '../../core/url-rules.js';
import { oauthError } from './types.js';
import type { GrantSpec } from './types.js';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export const authorizationCode: GrantSpec = {
  grantType: 'authorization_code',
  required: ['code'],
  // `scope` and `audience` are accepted and ignored (the code's own request decides): v10's
  // oauthToken sends the constructor's with every grant, and RFC 6749 3.2 ignores extra parameters.
  optional: ['redirect_uri', 'code_verifier', 'scope', 'audience'],
  async handle(ctx, params, auth, dpopJkt) {
    const code = ctx.tenant.state.peekCode(params['code'] ?? '');
    if (!code || code.request.clientId !== auth.client.clientId)
      throw oauthError('invalid_grant', 'Invalid authorization code.');
    const sent = params['redirect_uri'];
    if (sent === undefined || parseCandidate(sent)?.href !== code.request.redirectUri) {
      throw oauthError('invalid_grant', 'redirect_uri must be the one of the authorization request.');
    }
    const verifier = params['code_verifier'];
    if (code.request.codeChallenge !== undefined) {
      if (verifier === undefined || !VERIFIER.test(verifier))
        throw oauthError('invalid_grant', 'A code_verifier of 43 to 128 characters is required.');
      if (createHash('sha256').update(verifier, 'ascii').digest('base64url') !== code.request.codeChallenge) {
        throw oauthError('invalid_grant', 'Failed to verify code verifier.');
      }
    } else if (verifier !== undefined) {
      throw oauthError('invalid_grant', 'The authorization request had no code_challenge.');
    }
    const user = ctx.tenant.users.findById(code.userId);
    if (!user || user.blocked) throw oauthError('invalid_grant', 'The user of this code can no longer sign in.');
    const result = userGrant(
      ctx.tenant.model,
      ctx.tenant.issuer,
      auth.client,
      code.request.scope,
      code.request.audience,
    );
    if (!result.ok) throw oauthError(result.error, result.description, result.status);
    ctx.tenant.state.takeCode(code.code);
    const organization =
      code.request.organization === undefined
        ? undefined
        : findOrganization(ctx.tenant.model, code.request.organization);
    return userTokenResponse(ctx, {
      client: auth.client,
      user,
      grant: result.grant,
      sid: code.sid,
      authTime: code.authTime,
      nonce: code.request.nonce,
      organization,
      certificateThumbprint: auth.certificateThumbprint,
      dpopJkt,
    });
  },
};
