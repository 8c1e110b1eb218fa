/** `checkSession` with `usePKCE`: a code by `web_message`, redeemed here with its transaction's verifier. */
import type { AnyObject } from '../shared/types.js';
import type { AuthDone, RedirectContext } from '../flow/context.js';
import { invalidToken } from '../flow/validate-response.js';
import { redeemCode } from './exchange.js';
import { takePkceTransaction } from './verifier-store.js';

/** Redeems the code of an answer the message filter accepted (origin, source, type and state checked there). */
export function redeemAnswer(ctx: RedirectContext, params: AnyObject, response: AnyObject, cb: AuthDone): void {
  const transaction = takePkceTransaction(ctx, params.state);
  if (!transaction || response.state !== transaction.state || typeof response.code !== 'string') {
    return cb(invalidToken('`state` does not match.'));
  }
  redeemCode(ctx, response.code, transaction, cb);
}
