/**
 * `parseHash` with `usePKCE`, once a code answer is found (web-auth/redirect/parse-hash-or-code.ts): its
 * transaction is consumed before the code is redeemed, so a code is redeemed at most once even
 * when `parseHash` runs twice. Removing `code` and `state` from the address bar afterwards is the
 * app's choice, as for the implicit flow's fragment.
 */
import type { AuthDone, RedirectContext } from '../flow/context.js';
import { invalidToken } from '../flow/validate-response.js';
import { redeemCode } from './exchange.js';
import { takePkceTransaction } from './verifier-store.js';

/** Checks the `state` of a code `response` against its stored transaction, then redeems the code. */
export function redeemCodeResponse(ctx: RedirectContext, response: Record<string, unknown>, cb: AuthDone): void {
  // Consumed whatever happens next: a second call, or a replayed link, finds no verifier.
  const transaction = takePkceTransaction(ctx, response.state);
  if (!transaction) return cb(invalidToken('`state` does not match.'));
  redeemCode(ctx, response.code, transaction, cb);
}
