/**
 * `checkSession`: silent authentication with `response_mode=web_message` and `prompt=none` in a
 * hidden iframe (the run itself is `runWebMessage`, shared with popup-mode cross-origin login).
 */
import { AuthResponseError } from '../../errors.js';
import { wrapCallback } from '../../http/response-handler.js';
import { tapError } from '../../shared/callback.js';
import { withHint } from '../../shared/debug.js';
import { mergeBase, omit } from '../../shared/objects.js';
import type { CodeFlowSteps, WebAuthContext } from '../../flow/context.js';
import { randomString } from '../../flow/random.js';
import { runWebMessage, WEB_MESSAGE_TIMEOUT_MS } from './web-message.js';
import type { CheckSessionOptions } from '../../types.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

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

/** `cb` with checkSession's v10 error shape (`forceLegacyError`) and the blocked-cookie hint. */
export const legacyCallback = (cb: NodeCallback<any>) =>
  wrapCallback(
    tapError(cb, (err) => withHint(err, true)),
    { forceLegacyError: true, ignoreCasing: true },
  );

/**
 * Runs `checkSession(options)`; `cb` gets v10's values (errors wrapped with `forceLegacyError`).
 * `pkce` (usePKCE) asks for a code instead of tokens: v10's "responseType can't be `code`" is only
 * for calls without it.
 */
export function checkSession(
  ctx: WebAuthContext,
  options: AnyObject,
  cb: NodeCallback<any>,
  pkce?: CodeFlowSteps,
): void {
  const params = mergeBase(ctx.baseOptions, BASE_KEYS, options);
  const run = (p: AnyObject) =>
    runWebMessage(
      ctx,
      omit(p, ['usePostMessage', 'tenant', 'postMessageDataType']),
      legacyCallback(cb),
      pkce?.validate,
    );
  if (pkce) {
    if (!params.redirectUri) return cb(preconditionError("redirectUri can't be empty"));
    return void pkce.start(params).then(run);
  }
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
  run(params);
}
