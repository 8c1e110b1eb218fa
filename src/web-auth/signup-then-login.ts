/**
 * Sign up, then log in: the step `redirect.signupAndLogin`, `popup.signupAndLogin` and the hosted
 * page's `signupAndLogin` share. Only the login differs between them.
 */
import { omit } from '../shared/objects.js';
import type { DbSignUpOptions } from '../types.js';
import type { WebAuthContext } from '../flow/context.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

/** v10's `errorInfo` for "the account was created but the automatic login failed". */
export const SIGNUP_LOGIN_ERROR_INFO = {
  error_code: 'login_error',
  message:
    'Your account was created successfully, but we could not log you in automatically. Please try logging in with your new credentials.',
};

/**
 * Signs up with `options`, then runs `login`; a login error gets v10's `errorInfo` saying the
 * account was created, so the app can ask the user to log in instead of signing up again.
 */
export function signupThenLogin<T = never>(
  ctx: WebAuthContext,
  options: AnyObject,
  login: (cb: NodeCallback<T>) => void,
  cb: NodeCallback<T>,
): void {
  ctx.client.dbConnection.signup(omit(options, ['popupHandler']) as DbSignUpOptions, (err) => {
    if (err) return cb(err);
    // The popup variant's login calls back with the authResult, which goes through.
    login((loginErr, result) => {
      if (loginErr) loginErr.errorInfo = SIGNUP_LOGIN_ERROR_INFO;
      cb(loginErr, result);
    });
  });
}
