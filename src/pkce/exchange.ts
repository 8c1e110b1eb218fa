/** Redeeming an authorization code (RFC 7636 §4.5); the answer is read by `finishTokenAnswer`. */
import type { AuthDone, RedirectContext } from '../flow/context.js';
import { prefetchKeySet } from '../flow/key-set-prefetch.js';
import type { Transaction } from '../flow/transaction-manager.js';
import { finishTokenAnswer } from '../flow/token-answer.js';
import { invalidToken } from '../flow/validate-response.js';
import { postToTenant } from '../flow/token-request.js';

/** Redeems `code` with the transaction's verifier; `cb` once with the `authResult` or a typed error. */
export function redeemCode(ctx: RedirectContext, code: unknown, transaction: Transaction, cb: AuthDone): void {
  prefetchKeySet(ctx); // the answer's ID token is verified with it: load it during the exchange
  const redeem = () =>
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
  // With DPoP each login (each refresh-token family) binds a new key pair, never one found in
  // storage: another script on the page may have put it there, its private half exported first.
  if (ctx.dpop) void ctx.dpop.newKey().then(redeem, cb);
  else void redeem();
}
