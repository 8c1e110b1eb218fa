/**
 * Turning a token endpoint answer (a code exchange or a refresh) into v10's `authResult`. A refresh token that comes back goes to the token cache, never into the result
 * (which says only whether one is held, `hasRefreshToken`).
 */
import { rememberBoundToken } from '../http/bound-tokens.js';
import type { AnyObject } from '../shared/types.js';
import type { AuthResult } from '../types.js';
import type { AuthDone, RedirectContext } from './context.js';
import { keepRefreshToken } from './refresh-token-cache.js';
import { invalidToken, validateTokens, type ExpectedTokens } from './validate-response.js';

/** The expectations of a token answer: the transaction's, or for a refresh no nonce but the same `sub`. */
export interface ExpectedAnswer extends ExpectedTokens {
  state?: string | undefined;
  sub?: string | undefined;
  /** A sign-in without a nonce (the webauthn grant): any user, no `sub` to compare. */
  newSignIn?: boolean | undefined;
}

/**
 * Checks the token endpoint's `body` (its ID token against `expected`) and calls back with the
 * `authResult`. Without an expected nonce (a refresh) the ID token must name `expected.sub`.
 */
export function finishTokenAnswer(ctx: RedirectContext, body: AnyObject, expected: ExpectedAnswer, cb: AuthDone): void {
  const { refresh_token: refreshToken, ...tokens } = body;
  const check: AuthDone = (err, result) => {
    if (err || !result) return cb(err, result);
    const sub = result.idTokenPayload?.sub;
    // A refreshed ID token has no nonce to bind it: it must at least name the same user (OIDC Core 12.2).
    if (!expected.nonce && !expected.newSignIn && result.idToken && sub !== expected.sub) {
      return cb(invalidToken('Subject (sub) claim changed on refresh'));
    }
    if (ctx.dpop && /^dpop$/i.test(String(tokens.token_type))) rememberBoundToken(tokens.access_token, ctx.dpop.signer);
    void keepRefreshToken(ctx, refreshToken, sub ?? expected.sub).then((held) =>
      cb(null, held === undefined ? result : ({ ...result, hasRefreshToken: held } as AuthResult)),
    );
  };
  validateTokens(ctx, { ...tokens, state: expected.state }, expected, !expected.nonce, check, true);
}
