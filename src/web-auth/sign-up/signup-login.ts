/** The login step after a sign-up (loaded on first use, issue 32): its error says the account exists. */
import type { NodeCallback } from '../../shared/types.js';

/** v10's `errorInfo` for "the account was created but the automatic login failed". */
export const SIGNUP_LOGIN_ERROR_INFO = {
  error_code: 'login_error',
  message:
    'Your account was created successfully, but we could not log you in automatically. Please try logging in with your new credentials.',
};

/**
 * Runs `login`; a login error gets v10's `errorInfo` saying the account was created, so the app can
 * ask the user to log in instead of signing up again.
 */
export function loginAfterSignup<T>(login: (cb: NodeCallback<T>) => void, cb: NodeCallback<T>): void {
  // The popup variant's login calls back with the authResult, which goes through.
  login((loginErr, result) => {
    if (loginErr) loginErr.errorInfo = SIGNUP_LOGIN_ERROR_INFO;
    cb(loginErr, result);
  });
}
