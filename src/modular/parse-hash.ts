/** Redirect login, second half: read the response from the fragment and verify it. */
import { callbackOrPromise } from '../shared/callback.js';
import type { NodeCallback } from '../shared/types.js';
import { parseHash as parseResponse } from '../flow/parse-hash.js';
import type { AuthCallback } from '../types.js';
import type { AuthResult, ParseHashOptions } from '../types.js';
import { contextFor, type WebAuthConfig } from './config.js';

/**
 * Reads the authentication response from the URL fragment (or `options.hash`) and validates it as
 * `webAuth.parseHash` does: `state` against the transaction `authorize` stored (used up once
 * read), the ID token's RS256 signature with the tenant's key set, its claims with `leeway`, its
 * `nonce` and `at_hash`. Resolves with the `authResult`, or `null` when the fragment holds no
 * response; rejects with an {@link AuthResponseError} (`invalid_token`, `invalid_hash`, or the
 * error the tenant returned). With `cb`, calls it instead of returning a Promise.
 *
 * @throws {@link ArgumentError} for invalid `config` (v10's messages).
 * @example
 * ```ts
 * const authResult = await parseHash(config);
 * if (authResult) {
 *   history.replaceState(null, '', location.pathname);
 *   console.log(authResult.idTokenPayload?.sub, authResult.appState);
 * }
 * ```
 */
export function parseHash(config: WebAuthConfig, options?: ParseHashOptions | null): Promise<AuthResult | null>;
export function parseHash(config: WebAuthConfig, options: ParseHashOptions | null | undefined, cb: AuthCallback): void;
export function parseHash(
  config: WebAuthConfig,
  options?: ParseHashOptions | null,
  cb?: AuthCallback,
): void | Promise<AuthResult | null> {
  const ctx = contextFor(config);
  return callbackOrPromise(cb as NodeCallback<AuthResult | null> | undefined, (done) =>
    parseResponse(ctx, { ...options }, done),
  ) as void | Promise<AuthResult | null>;
}
