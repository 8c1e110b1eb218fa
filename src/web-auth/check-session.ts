/**
 * `checkSession`: silent authentication with `response_mode=web_message` and `prompt=none` in a
 * hidden iframe. Unlike v10, the response is only read from the tenant's origin and from that
 * iframe's window (COMPATIBILITY S7).
 */
import { hiddenFrameMessage } from '../browser/child-window.js';
import { currentLocation } from '../browser/env.js';
import { AuthResponseError } from '../errors.js';
import { wrapCallback } from '../http/response-handler.js';
import type { NodeCallback } from '../shared/callback.js';
import { mergeBase, omit } from '../shared/objects.js';
import type { WebAuthContext } from './context.js';
import { validateAuthenticationResponse } from './validate-response.js';
import type { CheckSessionOptions } from '../types.js';

export type { CheckSessionOptions };

const BASE_KEYS = ['clientID', 'responseType', 'redirectUri', 'scope', 'audience', '_csrf', 'state', '_intstate', 'nonce'];
/** v10's default wait for the iframe's answer. */
export const CHECK_SESSION_TIMEOUT_MS = 60_000;
const CONSENT_ON_LOCALHOST =
  "Consent Required. Consent can't be skipped on localhost. Read more here: https://auth0.com/docs/api-auth/user-consent#skipping-consent-for-first-party-clients";

type Obj = Record<string, any>;

/** v10's unwrapped precondition error `{ error: 'error', error_description }`. */
function preconditionError(description: string): AuthResponseError {
  const err = new AuthResponseError({ error: 'error' });
  err.message = description;
  return Object.assign(err, { error_description: description });
}

/** The origin of an http(s), file or chrome-extension URL as v10 computes it; undefined otherwise. */
function originOf(url: string): string | undefined {
  const m = /^(https?:|file:|chrome-extension:)\/\/([^:/?#]*)(?::(\d+))?/.exec(url);
  return m ? m[1] + '//' + m[2] + (m[3] ? ':' + m[3] : '') : undefined;
}

/** Runs `checkSession(options)`; `cb` gets v10's values (errors wrapped with `forceLegacyError`). */
export function checkSession(ctx: WebAuthContext, options: Obj, cb: NodeCallback<any>): void {
  let params = mergeBase(ctx.baseOptions, BASE_KEYS, options);
  if (params.responseType === 'code') return cb(preconditionError("responseType can't be `code`"));
  const stored = !options.nonce;
  if (stored) ctx.transactionManager.process(params);
  if (!params.redirectUri) {
    // v10 left the transaction it had just stored behind; it can never be used (COMPATIBILITY D8).
    if (stored) ctx.transactionManager.clearTransaction(params.state as string);
    return cb(preconditionError("redirectUri can't be empty"));
  }
  params = omit(params, ['usePostMessage', 'tenant', 'postMessageDataType']);
  params.responseMode = 'web_message';
  params.prompt = 'none';

  const report = wrapCallback(cb, { forceLegacyError: true, ignoreCasing: true });
  const fail = (error: Obj, state: unknown) => {
    const location = currentLocation(ctx.env);
    if (error.error === 'consent_required' && location.hostname === 'localhost') ctx.env.warn(CONSENT_ON_LOCALHOST);
    ctx.transactionManager.clearTransaction(state as string);
    report({ error: error.error, error_description: error.error_description });
  };
  const windowOrigin = currentLocation(ctx.env).origin;
  const redirectOrigin = originOf(String(params.redirectUri));
  if (redirectOrigin && redirectOrigin !== windowOrigin) {
    // v10 left the just-stored transaction behind here; it can never be used (COMPATIBILITY D8).
    return fail({
      error: 'origin_mismatch',
      error_description: `The redirectUri's origin (${redirectOrigin}) should match the window's origin (${windowOrigin}).`,
    }, params.state);
  }
  const url = ctx.client.buildAuthorizeUrl(params);
  const expected = { origin: new URL(url).origin, type: 'authorization_response', state: params.state as string | undefined };
  hiddenFrameMessage(ctx.env, url, expected, Number(params.timeout) || CHECK_SESSION_TIMEOUT_MS, (data) => {
    const response = data?.response as Obj | undefined;
    if (!response) {
      const error = { error: 'timeout', error_description: 'Timeout during executing web_message communication' };
      return fail(error, params.state);
    }
    if (response.error) return fail(response, response.state);
    validateAuthenticationResponse(ctx, params, response, (err, result) => (err ? report({ ...err }) : report(null, result)));
  });
}
