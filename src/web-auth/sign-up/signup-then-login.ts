/**
 * Sign up, then log in: the step `redirect.signupAndLogin`, `popup.signupAndLogin` and the hosted
 * page's `signupAndLogin` share. Only the login differs between them. The sign-up request is sent
 * together with the load of the chunk that runs the login after it (./signup-login.ts).
 */
import { omit } from '../../shared/objects.js';
import type { DbSignUpOptions } from '../../types.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';
import { preload, type Preloaded } from '../load-capability.js';

/**
 * Signs up with `options`, then runs `login`; a login error gets v10's `errorInfo` saying the
 * account was created. A chunk that fails to load reaches `cb` as a ChunkLoadError (the account
 * exists then, as after a failed login).
 */
export function signupThenLogin<T = never>(
  ctx: WebAuthContext,
  options: AnyObject,
  login: (cb: NodeCallback<T>) => void,
  cb: NodeCallback<T>,
): void {
  let chunk: Preloaded<'legacy'> | undefined;
  ctx.client.dbConnection.signup(omit(options, ['popupHandler']) as DbSignUpOptions, (err) => {
    if (err) return cb(err);
    (chunk ??= preload('legacy'))((c) => c.loginAfterSignup(login, cb), cb);
  });
  // After the sign-up's own argument checks, which throw: an invalid call loads nothing.
  chunk ??= preload('legacy');
}
