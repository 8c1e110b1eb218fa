/**
 * `checkSession`: silent authentication with `response_mode=web_message` and `prompt=none` in a
 * hidden iframe (the run itself is `runWebMessage`, shared with popup-mode cross-origin login).
 */
import { AuthResponseError } from '../errors.js';
import { wrapCallback } from '../http/response-handler.js';
import { tapError } from '../shared/callback.js';
import { withHint } from '../shared/debug.js';
import { mergeBase, omit } from '../shared/objects.js';
import type { WebAuthContext } from './context.js';
import { randomString } from './random.js';
import { runWebMessage, WEB_MESSAGE_TIMEOUT_MS } from './web-message.js';
import type { CheckSessionOptions } from '../types.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

export type { CheckSessionOptions };

const BASE_KEYS = [
  'clientID',
  'responseType',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
];
/** v10's default wait for the iframe's answer. */
export const CHECK_SESSION_TIMEOUT_MS = WEB_MESSAGE_TIMEOUT_MS;

/** v10's unwrapped precondition error `{ error: 'error', error_description }`. */
function preconditionError(description: string): AuthResponseError {
  const err = new AuthResponseError({ error: 'error' });
  err.message = description;
  return Object.assign(err, { error_description: description });
}

/** Runs `checkSession(options)`; `cb` gets v10's values (errors wrapped with `forceLegacyError`). */
export function checkSession(ctx: WebAuthContext, options: AnyObject, cb: NodeCallback<any>): void {
  let params = mergeBase(ctx.baseOptions, BASE_KEYS, options);
  if (params.responseType === 'code') return cb(preconditionError("responseType can't be `code`"));
  const stored = !options.nonce;
  const tm = ctx.transactionManager;
  if (stored) tm.process(params);
  // With a nonce v10 stored nothing and sent no state, then matched the answer's (none) against
  // none. A state of this page, kept in memory only, ties the answer to this call (COMPATIBILITY S20).
  else if (!params.state) params.state = randomString(ctx.env, tm.keyLength);
  if (!params.redirectUri) {
    // v10 left the transaction it had just stored behind; it can never be used (COMPATIBILITY D8).
    if (stored) tm.clearTransaction(params.state as string);
    return cb(preconditionError("redirectUri can't be empty"));
  }
  params = omit(params, ['usePostMessage', 'tenant', 'postMessageDataType']);
  const hinted = tapError(cb, (err) => withHint(err, true));
  runWebMessage(ctx, params, wrapCallback(hinted, { forceLegacyError: true, ignoreCasing: true }));
}
