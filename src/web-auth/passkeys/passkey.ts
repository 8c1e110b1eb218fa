/**
 * The main file's part of passkeys (issue 48): `webAuth.passkey` and the way into the passkey
 * chunk, which holds the challenge, the ceremony, the grant and the serialization. Only argument
 * checks run before it loads.
 */
import { ArgumentError } from '../../errors.js';
import { callbackOrPromise } from '../../shared/callback.js';
import type { NodeCallback } from '../../shared/types.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { Auth0Callback, AuthResult } from '../../types.js';
import type { PasskeyLoginOptions, PasskeySignupOptions } from '../../types/passkeys.js';
import { loadCapability, type Capability } from '../load-capability.js';
import { announced } from '../session-events/announce.js';

/**
 * Runs `step` with the passkey chunk, loaded on first use; `cb` (or the returned Promise) gets its
 * result or error (a `ChunkLoadError` when the chunk cannot load), out of the chunk's promise job so
 * that a throw from the app's callback is reported, not lost.
 */
export function withPasskeys<T>(
  cb: NodeCallback<T> | undefined,
  step: (chunk: Capability<'passkeys'>) => Promise<T>,
  ctx?: WebAuthContext,
): void | Promise<T> {
  return callbackOrPromise(cb, (reply) => {
    // A sign-in: the app's other tabs hear of it when the instance has a session-event listener.
    const done = announced(ctx, 'signed_in', reply);
    loadCapability('passkeys')
      .then(step)
      .then(
        (result) => queueMicrotask(() => done(null, result)),
        (err: unknown) => queueMicrotask(() => done(err)),
      );
  });
}

/**
 * Sign-up and sign-in with passkeys (`webAuth.passkey`). Each call asks the tenant for a
 * challenge, runs the browser's passkey prompt and exchanges the credential for tokens; the
 * callback (or the Promise) gets the same `authResult` as `parseHash`, its ID token verified.
 */
export interface Passkeys {
  /**
   * Creates a user and a passkey for them (`/passkey/register`, `navigator.credentials.create()`),
   * then signs them in. Needs `email`, `phone_number` or `username`; other profile fields,
   * `user_metadata`, `realm` and `organization` are optional.
   *
   * @throws {@link ArgumentError} synchronously when none of `email`, `phone_number`, `username` is a string.
   * @example
   * ```ts
   * webAuth.passkey.signup({ email: 'ana@example.com', name: 'Ana' }, (err, authResult) => {
   *   if (err) return showError(err.code, err.description);
   *   console.log(authResult.idTokenPayload.sub);
   * });
   * ```
   */
  signup(options: PasskeySignupOptions, cb: Auth0Callback<AuthResult>): void;
  /** As above, without a callback: resolves with the `authResult`, or rejects with the error. */
  signup(options: PasskeySignupOptions): Promise<AuthResult>;
  /**
   * Signs in with a passkey the user already has (`/passkey/challenge`,
   * `navigator.credentials.get()`): the browser lists the passkeys it holds for this site.
   *
   * @example
   * ```ts
   * try {
   *   const authResult = await webAuth.passkey.login({ audience: 'https://api.example.com/' });
   * } catch (err) {
   *   if (err.code !== 'passkey_cancelled') showError(err.description);
   * }
   * ```
   */
  login(options: PasskeyLoginOptions | undefined, cb: Auth0Callback<AuthResult>): void;
  /** As above, without a callback: resolves with the `authResult`, or rejects with the error. */
  login(options?: PasskeyLoginOptions): Promise<AuthResult>;
}

/** The `webAuth.passkey` of the instance whose context is `ctx`: its methods work detached. */
export function passkeys(ctx: WebAuthContext): Passkeys {
  return {
    signup: (options: PasskeySignupOptions, cb?: NodeCallback<any>) => {
      // Before anything loads, so that it throws here (null or a non-object has none of them either).
      const o = options || {};
      if (![o.email, o.phone_number, o.username].some((v) => typeof v == 'string' && v)) {
        throw new ArgumentError('email, phone_number or username option is required');
      }
      return withPasskeys(cb, (chunk) => chunk.signup(ctx, o), ctx);
    },
    login: (options?: PasskeyLoginOptions, cb?: NodeCallback<any>) =>
      withPasskeys(cb, (chunk) => chunk.login(ctx, options), ctx),
  } as Passkeys;
}
