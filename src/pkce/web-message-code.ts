/** `checkSession` with `usePKCE`: a code by `web_message`, redeemed here with its transaction's verifier. */
import type { AnyObject } from '../shared/types.js';
import type { AuthDone, CodeFlowSteps, RedirectContext } from '../flow/context.js';
import { prefetchKeySet } from '../flow/key-set-prefetch.js';
import { invalidToken } from '../flow/validate-response.js';
import { redeemCode } from './exchange.js';
import { startPkce } from './start.js';

/** Redeems the code of an answer the message filter accepted (origin, source, type and state checked there). */
function redeemAnswer(ctx: RedirectContext, params: AnyObject, response: AnyObject, cb: AuthDone): void {
  const transaction = ctx.transactionManager.getStoredTransaction(params.state as string);
  if (!transaction?.codeVerifier || response.state !== transaction.state || typeof response.code !== 'string') {
    return cb(invalidToken('`state` does not match.'));
  }
  redeemCode(ctx, response.code, transaction, cb);
}

/** The steps `checkSession` runs for a code: `response_type=code` with a challenge, then the exchange. */
export function webMessageCode(ctx: RedirectContext): CodeFlowSteps {
  return {
    // The key set loads while the iframe and the exchange run, not after them.
    start: (params) => (prefetchKeySet(ctx), startPkce(ctx, { ...params, responseType: 'code' })),
    validate: redeemAnswer as CodeFlowSteps['validate'],
  };
}
