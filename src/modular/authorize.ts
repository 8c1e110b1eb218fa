/** Redirect login, first half: store the transaction and go to the tenant's `/authorize`. */
import { authorize as redirectToAuthorize, prepareAuthorize } from '../flow/authorize.js';
import type { AuthorizeOptions } from '../types.js';
import { contextFor, type WebAuthConfig } from './config.js';

/**
 * Starts a login transaction as `webAuth.authorize` does (a random `state`, and a `nonce` when an
 * ID token is asked for, stored under `com.auth0.auth.<state>` in cookies or, with
 * `__tryLocalStorageFirst`, localStorage) and returns the `/authorize` URL without navigating.
 * `parseHash` on the callback page checks the response against that transaction.
 *
 * @throws {@link ArgumentError} for invalid `config` or `options` (v10's messages).
 * @example
 * ```ts
 * location.assign(authorizeUrl(config, { connection: 'github' }));
 * ```
 */
export function authorizeUrl(config: WebAuthConfig, options?: AuthorizeOptions): string {
  return prepareAuthorize(contextFor(config), options as Record<string, unknown> | undefined);
}

/**
 * Redirects the page to the tenant's `/authorize` (hosted login or a social connection) after
 * storing the transaction, exactly as `webAuth.authorize(options)` does.
 *
 * @throws {@link ArgumentError} for invalid `config` or `options` (v10's messages).
 * @example
 * ```ts
 * loginButton.onclick = () => authorize(config, { appState: { returnTo: location.pathname } });
 * ```
 */
export function authorize(config: WebAuthConfig, options?: AuthorizeOptions): void {
  redirectToAuthorize(contextFor(config), options as Record<string, unknown> | undefined);
}
