/** ID-token verification alone, for tokens obtained some other way. */
import { callbackOrPromise } from '../shared/callback.js';
import type { NodeCallback } from '../shared/types.js';
import type { AuthResponseError } from '../errors.js';
import type { Auth0Callback, IdTokenPayload } from '../types.js';
import { validateToken as verify } from '../flow/validate-response.js';
import { contextFor, type WebAuthConfig } from './config.js';

/**
 * Verifies an ID token as `webAuth.validateToken` does: RS256 signature against the tenant's key
 * set (cached), issuer, audience, times with `leeway`, `max_age`, and `nonce` when one is given.
 * Resolves with the claims; rejects with an {@link AuthResponseError} (`invalid_token`).
 *
 * @throws {@link ArgumentError} for invalid `config` (v10's messages).
 * @example
 * ```ts
 * const claims = await validateToken(config, idToken, expectedNonce);
 * ```
 */
export function validateToken(config: WebAuthConfig, token: string, nonce: string | null): Promise<IdTokenPayload>;
export function validateToken(
  config: WebAuthConfig,
  token: string,
  nonce: string | null,
  cb: Auth0Callback<IdTokenPayload, AuthResponseError>,
): void;
export function validateToken(
  config: WebAuthConfig,
  token: string,
  nonce: string | null,
  cb?: NodeCallback<any>,
): void | Promise<IdTokenPayload> {
  const ctx = contextFor(config);
  return callbackOrPromise(cb, (done) => verify(ctx, token, nonce, done));
}
