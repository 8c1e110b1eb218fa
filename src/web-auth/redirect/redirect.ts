/**
 * `webAuth.redirect`: v10's older names for embedded login with a redirect. Both end in
 * `/co/authenticate` and then `/authorize`; `cb` only ever sees errors.
 */
import type { RequestError } from '../../errors.js';
import type {
  Auth0Callback,
  CrossOriginLoginOptions,
  RedirectLoginOptions,
  RedirectSignupAndLoginOptions,
} from '../../types.js';
import { ArgumentError } from '../../errors.js';
import type { WebAuthContext } from '../../flow/context.js';
import { crossOriginAuthentication, crossOriginLogin } from '../cross-origin/cross-origin-login.js';
import type { CrossOriginAuthentication } from '../../types.js';
import type { HostedPages } from './hosted-pages.js';
import { signupThenLogin } from '../sign-up/signup-then-login.js';
import { login } from './login.js';
import type { AnyObject } from '../../shared/types.js';

/** `webAuth.redirect`'s methods. */
export interface RedirectLogin {
  /**
   * Cross-origin login with the options exactly as given (no base options merged, no transaction
   * before `/co/authenticate`); `connection` is accepted as the realm. Prefer `webAuth.login`.
   */
  loginWithCredentials(
    options: RedirectLoginOptions,
    cb?: Auth0Callback<undefined, RequestError>,
  ): void | Promise<never>;
  /** Signs up, then `webAuth.login`s; a login error carries `errorInfo` (the account exists). */
  signupAndLogin(options: RedirectSignupAndLoginOptions, cb: Auth0Callback<undefined, RequestError>): void;
  /** Its own `crossOriginAuthentication` object, as in v10. */
  crossOriginAuthentication: CrossOriginAuthentication;
}

/** Moves `connection` into `realm` in place, as v10 did. */
function connectionAsRealm(options: AnyObject): AnyObject {
  options.realm = options.realm || options.connection;
  delete options.connection;
  return options;
}

/**
 * Both end in an `/authorize` step that needs a response type. v10 found a missing one only there,
 * after the user was created or the credentials accepted, and threw where no caller could catch it.
 */
function checkResponseType(ctx: WebAuthContext, options: AnyObject): void {
  if (!options?.responseType && !ctx.baseOptions.responseType) throw new ArgumentError('responseType is required');
}

/** Builds `webAuth.redirect` for `webAuth`. */
export function redirectLogin(ctx: WebAuthContext, hostedPages: HostedPages): RedirectLogin {
  return {
    crossOriginAuthentication: crossOriginAuthentication(ctx),
    loginWithCredentials: (options, cb) => {
      checkResponseType(ctx, options);
      return crossOriginLogin(ctx, connectionAsRealm(options), cb);
    },
    signupAndLogin: (options, cb) => {
      checkResponseType(ctx, options);
      signupThenLogin(
        ctx,
        options,
        (done) => login(ctx, hostedPages, connectionAsRealm(options) as CrossOriginLoginOptions, done),
        cb,
      );
    },
  };
}
