/**
 * Cross-origin (embedded) login outside the hosted page: credentials to `POST /co/authenticate`
 * (cookies included), the verifier kept for the verification page, then `/authorize` with the
 * login ticket. Also v10's `crossOriginAuthentication` object around it.
 */
import { call } from '../authentication/client-context.js';
import { toRequestError, wrapCallback } from '../http/response-handler.js';
import { TransportError } from '../http/transport-error.js';
import { afterResponse, callbackOrPromise, tapError } from '../shared/callback.js';
import { withHint } from '../shared/debug.js';
import { omit } from '../shared/objects.js';
import { authorize } from '../flow/authorize.js';
import type { WebAuthContext } from '../flow/context.js';
import { crossOriginVerification, verifierKey } from './cross-origin-verification.js';
import { whenRedirecting } from './on-redirecting.js';
import { runWebMessage, webMessageHandler } from './web-message.js';
import type { CrossOriginAuthentication } from '../types.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';
/** The verifier lives 15 minutes (v10). */
const VERIFIER_DAYS = 1 / 96;

function credentialsBody(ctx: WebAuthContext, options: AnyObject): AnyObject {
  const base = ctx.baseOptions as AnyObject;
  const body: AnyObject = { client_id: options.clientID || base.clientID, username: options.username };
  if (options.password) body.password = options.password;
  if (options.otp) body.otp = options.otp;
  const realm = options.realm || base.realm;
  if (realm) {
    body.realm = realm;
    body.credential_type = options.credentialType || base.credentialType || PASSWORD_REALM;
  } else {
    body.credential_type = 'password';
  }
  return body;
}

/**
 * The error v10 reports for `/co/authenticate`: the JSON body, or `request_error` for anything else.
 * Unlike v10, the description never contains the request (and so never the password).
 */
function credentialError(err: unknown): unknown {
  const response = err instanceof TransportError ? err.response : undefined;
  if (response && response.body) return response.body;
  const detail = response
    ? { status: response.status, statusText: response.statusText, text: response.text }
    : { message: 'Request has been terminated' };
  return { error: 'request_error', error_description: JSON.stringify(detail) };
}

/**
 * Cross-origin login. Redirect mode: `cb` is only called for errors. Popup mode (`options.popup`
 * is `true`, from `popup.loginWithCredentials`): no navigation; `/authorize` runs in a hidden
 * iframe (`runWebMessage`) and `cb` gets the validated `authResult` or the error.
 */
export function crossOriginLogin(
  ctx: WebAuthContext,
  options: AnyObject,
  cb?: NodeCallback<never>,
): void | Promise<never> {
  const params: AnyObject = { ...options, username: options.username || options.email };
  delete params.email;
  const body = credentialsBody(ctx, params);
  return callbackOrPromise<never, void>(cb, (done) => {
    call<AnyObject>(
      ctx.client.ctx,
      'POST',
      'co/authenticate',
      body,
      (err, result) => {
        // A 429's rateLimit (COMPATIBILITY A5) comes from the transport error, not from the body.
        if (err)
          return done(
            withHint(
              Object.assign(
                toRequestError(credentialError(err.original), { forceLegacyError: true }),
                err.rateLimit && { rateLimit: err.rateLimit },
              ),
            ),
          );
        whenRedirecting(params, () =>
          afterResponse(done, (report) => {
            ctx.transactionManager.storage.set(
              verifierKey(ctx.baseOptions.rootUrl, result!.coId),
              result!.coVerifier,
              VERIFIER_DAYS,
            );
            const authorizeOptions = {
              ...omit(params, ['password', 'credentialType', 'otp', 'popup', 'onRedirecting']),
              loginTicket: result!.loginTicket,
            };
            if (params.popup === true)
              runWebMessage(
                ctx,
                authorizeOptions,
                // The iframe gets the session cookie set by /co/authenticate only as a third party.
                wrapCallback(
                  tapError(report, (e) => withHint(e, true)),
                  { forceLegacyError: true },
                ),
              );
            else authorize(ctx, authorizeOptions);
          }),
        );
      },
      { withCredentials: true },
    );
  });
}

/** A `crossOriginAuthentication` object for `ctx` (v10 had one per WebAuth and one per Redirect). */
export function crossOriginAuthentication(ctx: WebAuthContext): CrossOriginAuthentication {
  return {
    login: (options, cb) => crossOriginLogin(ctx, options, cb),
    callback: () => crossOriginVerification(ctx),
    webMessageHandler: webMessageHandler(ctx),
  };
}
