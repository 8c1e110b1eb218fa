/**
 * Redeeming an authorization code (RFC 7636 §4.5) and turning a token endpoint answer into v10's
 * `authResult`. A refresh token that comes back goes to the token cache, never into the result
 * (which says only whether one is held, `hasRefreshToken`).
 */
import { keepRefreshToken } from '../refresh/token-cache.js';
import { rememberBoundToken } from '../dpop/bound-tokens.js';
import type { AnyObject } from '../shared/types.js';
import type { AuthResult } from '../types.js';
import type { RedirectContext } from '../web-auth/context.js';
import { prefetchKeySet } from '../web-auth/key-set-prefetch.js';
import type { Transaction } from '../web-auth/transaction-manager.js';
import { invalidToken, validateTokens, type AuthDone, type ExpectedTokens } from '../web-auth/validate-response.js';
import { postToTenant } from './token-request.js';

/** The expectations of a token answer: the transaction's, or for a refresh no nonce but the same `sub`. */
export interface ExpectedAnswer extends ExpectedTokens {
  state?: string | undefined;
  sub?: string | undefined;
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
    if (!expected.nonce && result.idToken && sub !== expected.sub) {
      return cb(invalidToken('Subject (sub) claim changed on refresh'));
    }
    if (ctx.dpop && /^dpop$/i.test(String(tokens.token_type))) rememberBoundToken(tokens.access_token, ctx.dpop.signer);
    void keepRefreshToken(ctx, refreshToken, sub ?? expected.sub).then((held) =>
      cb(null, held === undefined ? result : ({ ...result, hasRefreshToken: held } as AuthResult)),
    );
  };
  validateTokens(ctx, { ...tokens, state: expected.state }, expected, !expected.nonce, check, true);
}

/** Redeems `code` with the transaction's verifier; `cb` once with the `authResult` or a typed error. */
export function redeemCode(ctx: RedirectContext, code: unknown, transaction: Transaction, cb: AuthDone): void {
  prefetchKeySet(ctx); // the answer's ID token is verified with it: load it during the exchange
  postToTenant(ctx, 'oauth/token', {
    grant_type: 'authorization_code',
    client_id: ctx.baseOptions.clientID,
    code,
    code_verifier: transaction.codeVerifier,
    redirect_uri: transaction.redirectUri,
  }).then(
    ({ body }) =>
      // OpenID Connect Core 3.1.3.3: an `openid` request's answer carries an ID token. Without one
      // nothing binds the tokens to this login, so nothing (not the refresh token) is kept. A
      // transaction stored before this flag existed counts as `openid`.
      !body.id_token && transaction.openid !== false
        ? cb(invalidToken('ID token (id_token) missing from the token response to an openid request'))
        : finishTokenAnswer(ctx, body, { ...transaction, appState: transaction.appState ?? null }, cb),
    cb,
  );
}
