/**
 * The web-message run shared by `checkSession` and popup-mode cross-origin login: `/authorize`
 * with `response_mode=web_message` and `prompt=none` in a hidden iframe, the answer validated
 * against the transaction. Unlike v10, the answer is only read from the tenant's origin and from
 * that iframe's window (COMPATIBILITY S7).
 */
import { hiddenFrameMessage } from '../../browser/child-window.js';
import { currentLocation } from '../../browser/env.js';
import { CREDENTIALS_IN_REDIRECT_URI, urlOrigin } from '../../browser/url-origin.js';
import type { AuthDone, WebAuthContext } from '../../flow/context.js';
import { validateAuthenticationResponse } from '../../flow/validate-response.js';
import { expectsIdToken, prefetchKeySet } from '../../flow/key-set-prefetch.js';
import { SHOWN_PAGE_HINT, trace, traceIgnored } from '../../shared/debug.js';
import type { AnyObject } from '../../shared/types.js';
import type { AuthResult, WebMessageHandler } from '../../types.js';

/** v10's default wait for the iframe's answer. */
export const WEB_MESSAGE_TIMEOUT_MS = 60_000;
const CONSENT_ON_LOCALHOST =
  "Consent Required. Consent can't be skipped on localhost. Read more here: https://auth0.com/docs/api-auth/user-consent#skipping-consent-for-first-party-clients";

/** The redirect URIs whose origin v10 checked (other schemes, or a relative URI, are not checked). */
const ORIGIN_CHECKED = /^(https?|file|chrome-extension):/i;

/**
 * Runs `/authorize` for `params` (mutated: `responseMode`, `prompt`) in a hidden iframe and calls
 * `cb` once with the raw outcome: `{ error, error_description }`, a validation error's fields, or
 * the `authResult`. Callers wrap `cb` with the response handler flags of their v10 call site.
 * `validate` checks an accepted answer (default: v10's token validation; PKCE redeems a code).
 */
export function runWebMessage(
  ctx: WebAuthContext,
  params: AnyObject,
  cb: (err: AnyObject | null, result?: AuthResult | null) => void,
  validate: (
    ctx: WebAuthContext,
    params: AnyObject,
    response: AnyObject,
    cb: AuthDone,
  ) => void = validateAuthenticationResponse,
): void {
  params.responseMode = 'web_message';
  params.prompt = 'none';
  const fail = (error: AnyObject, state: unknown, shown?: boolean) => {
    const location = currentLocation(ctx.env);
    if (error.error === 'consent_required' && location.hostname === 'localhost') ctx.env.warn(CONSENT_ON_LOCALHOST);
    ctx.transactionManager.clearTransaction(state as string);
    const out = { error: error.error, error_description: error.error_description };
    // Not enumerable: the v10 fields (and `original`) stay as they were; `withHint` reads it.
    cb(shown ? Object.defineProperty(out, 'hint', { value: SHOWN_PAGE_HINT }) : out);
  };
  const windowOrigin = currentLocation(ctx.env).origin;
  const redirectUri = String(params.redirectUri);
  // As a parsed URL, not a string prefix as v10 did (COMPATIBILITY S21).
  const redirectOrigin = ORIGIN_CHECKED.test(redirectUri) ? urlOrigin(redirectUri) : windowOrigin;
  if (redirectOrigin !== windowOrigin) {
    // v10 left the just-stored transaction behind here; it can never be used (COMPATIBILITY D8).
    return fail(
      {
        error: 'origin_mismatch',
        error_description: redirectOrigin
          ? `The redirectUri's origin (${redirectOrigin}) should match the window's origin (${windowOrigin}).`
          : CREDENTIALS_IN_REDIRECT_URI,
      },
      params.state,
    );
  }
  const url = ctx.client.buildAuthorizeUrl(params);
  const expected = {
    origin: new URL(url).origin,
    type: 'authorization_response',
    state: params.state as string | undefined,
  };
  const debug = ctx.baseOptions.debug;
  const timeout = Number(params.timeout) || WEB_MESSAGE_TIMEOUT_MS;
  hiddenFrameMessage(
    ctx.env,
    url,
    expected,
    timeout,
    (data, shown) => {
      const response = data?.response as AnyObject | undefined;
      trace(debug, 'webMessage', response ? 'message-accepted' : 'timeout', {
        origin: expected.origin,
        error: response?.error ?? null,
      });
      if (!response) {
        const error = { error: 'timeout', error_description: 'Timeout during executing web_message communication' };
        return fail(error, params.state, shown);
      }
      if (response.error) return fail(response, response.state);
      // Checked: the iframe is detached a task later, after `cb` and what it starts.
      return new Promise<void>((checked) =>
        validate(ctx, params, response, (err, result) => (checked(), err ? cb({ ...err }) : cb(null, result))),
      );
    },
    traceIgnored(debug, 'webMessage'),
  );
  // After the iframe has its address: the key set loads while the tenant answers, not after.
  if (expectsIdToken(params.responseType)) prefetchKeySet(ctx);
}

export function webMessageHandler(ctx: WebAuthContext): WebMessageHandler {
  return { run: (options, cb) => runWebMessage(ctx, { ...options }, cb) };
}
