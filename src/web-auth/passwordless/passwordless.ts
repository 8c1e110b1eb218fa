/** WebAuth's passwordless flows: start (with a stored transaction), verify-and-redirect, login. */
import { checkOptions, required } from '../../shared/assert.js';
import { callbackOrPromise } from '../../shared/callback.js';
import { checkVerifyOptions } from '../../authentication/passwordless.js';
import { mergeBase } from '../../shared/objects.js';
import type { WebAuthContext } from '../../flow/context.js';
import { onHostedLoginPage } from '../../flow/context.js';
import { crossOriginLogin } from '../cross-origin/cross-origin-login.js';
import { whenRedirecting } from '../redirect/on-redirecting.js';
import type { PasswordlessStartOptions, PasswordlessVerifyOptions, RequestHandle } from '../../types.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

const AUTH_PARAM_KEYS = [
  'responseType',
  'responseMode',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
];
const VERIFY_KEYS = ['clientID', ...AUTH_PARAM_KEYS, 'onRedirecting'];
const LOGIN_KEYS = [
  'clientID',
  'responseType',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
  'onRedirecting',
];

/** Sends the code or link; `options.authParams` is replaced by the processed ones (v10 mutates it). */
export function passwordlessStart(ctx: WebAuthContext, options: AnyObject, cb?: NodeCallback<AnyObject>) {
  const authParams = mergeBase(ctx.baseOptions, AUTH_PARAM_KEYS, options.authParams);
  options.authParams = ctx.transactionManager.process(authParams);
  return ctx.client.passwordless.start(options as PasswordlessStartOptions, cb);
}

/** Verifies the code, then navigates to `/passwordless/verify_redirect`; `cb` only sees errors. */
export function passwordlessVerify(
  ctx: WebAuthContext,
  options: AnyObject,
  cb?: NodeCallback<never>,
): RequestHandle | Promise<never> {
  const params = mergeBase(ctx.baseOptions, VERIFY_KEYS, options) as AnyObject & PasswordlessVerifyOptions;
  checkOptions(params, 'options parameter is not valid', [
    { ...required('responseType'), message: 'responseType option is required' },
  ]);
  ctx.transactionManager.process(params);
  checkVerifyOptions(params); // before the callback check, as in v10 (which stored the transaction first)
  // With a callback, the verify request's handle, as v10 returned it.
  return callbackOrPromise<never, RequestHandle>(
    cb,
    (done) =>
      ctx.client.passwordless.verify(params, (err) => {
        if (err) return done(err);
        whenRedirecting(params, () => ctx.env.navigate(ctx.client.passwordless.buildVerifyUrl(params)));
      }) as RequestHandle,
  );
}

/**
 * Logs in with a passwordless code: on the hosted page through verify-and-redirect, elsewhere
 * through cross-origin authentication (`crossOriginLogin`).
 */
export function passwordlessLogin(
  ctx: WebAuthContext,
  options: AnyObject,
  cb?: NodeCallback<never>,
): void | Promise<never> {
  const params = mergeBase(ctx.baseOptions, LOGIN_KEYS, options);
  ctx.transactionManager.process(params);
  if (onHostedLoginPage(ctx.env, ctx.baseOptions.domain)) {
    const started = passwordlessVerify(ctx, params, cb);
    return cb ? undefined : (started as Promise<never>); // v10 returned nothing here
  }
  const { connection, email, phoneNumber, verificationCode, ...rest } = params;
  const credentials = {
    credentialType: 'http://auth0.com/oauth/grant-type/passwordless/otp',
    realm: connection,
    username: email || phoneNumber,
    otp: verificationCode,
  };
  return crossOriginLogin(ctx, { ...credentials, ...rest }, cb);
}
