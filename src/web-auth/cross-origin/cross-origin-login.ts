/**
 * Cross-origin (embedded) login outside the hosted page: credentials to `POST /co/authenticate`
 * (cookies included), the verifier kept for the verification page, then `/authorize` with the
 * login ticket. Also v10's `crossOriginAuthentication` object around it. The main file's part:
 * the request, sent together with the load of the chunk that handles its answer (issue 32).
 */
import { call } from '../../authentication/client-context.js';
import { callbackOrPromise } from '../../shared/callback.js';
import { trace } from '../../shared/debug.js';
import type { WebAuthContext } from '../../flow/context.js';
import { loadCapability, preload } from '../load-capability.js';
import { webMessageHandler } from '../silent-auth/web-message.js';
import type { CrossOriginAuthentication } from '../../types.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

const PASSWORD_REALM = 'http://auth0.com/oauth/grant-type/password-realm';

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
 * Cross-origin login. Redirect mode: `cb` is only called for errors. Popup mode (`options.popup`
 * is `true`, from `popup.loginWithCredentials`): no navigation; `/authorize` runs in a hidden
 * iframe (`runWebMessage`) and `cb` gets the validated `authResult` or the error. A chunk that
 * fails to load reaches `cb` as a ChunkLoadError, and nothing is stored.
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
    const chunk = preload('legacy');
    call<AnyObject>(
      ctx.client.ctx,
      'POST',
      'co/authenticate',
      body,
      (err, result) => chunk((c) => c.afterCoAuthenticate(ctx, params, err, result, done), done),
      { withCredentials: true },
    );
  });
}

/**
 * Runs the verification page once its chunk is there. Nobody waits on it but the framing tenant:
 * a chunk that fails leaves the tenant unanswered, and the `debug` hook hears why.
 */
function verify(ctx: WebAuthContext): void {
  void loadCapability('legacy').then(
    (c) => c.crossOriginVerification(ctx),
    (err: Error) => void trace(ctx.baseOptions.debug, 'coVerification', 'chunk-load-failed', { message: err.message }),
  );
}

/** A `crossOriginAuthentication` object for `ctx` (v10 had one per WebAuth and one per Redirect). */
export function crossOriginAuthentication(ctx: WebAuthContext): CrossOriginAuthentication {
  return {
    login: (options, cb) => crossOriginLogin(ctx, options, cb),
    callback: () => verify(ctx),
    webMessageHandler: webMessageHandler(ctx),
  };
}
