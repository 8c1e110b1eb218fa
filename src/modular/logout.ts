/** Logout: the tenant's `/v2/logout` URL, or a redirect to it. */
import { buildLogoutUrl } from '../authentication/urls.js';
import type { LogoutOptions } from '../types.js';
import { contextFor, type WebAuthConfig } from './config.js';

/**
 * The `/v2/logout` URL for `options` (`returnTo`, `clientID`, `federated`), as
 * `webAuth.client.buildLogoutUrl` builds it.
 *
 * @throws {@link ArgumentError} for invalid `config` or `options` (v10's messages).
 * @example
 * ```ts
 * const url = logoutUrl(config, { returnTo: 'https://app.example.com/' });
 * ```
 */
export function logoutUrl(config: WebAuthConfig, options?: LogoutOptions): string {
  return buildLogoutUrl(contextFor(config).urls, options);
}

/**
 * Redirects the page to the tenant's logout endpoint, as `webAuth.logout(options)` does.
 *
 * @throws {@link ArgumentError} for invalid `config` or `options` (v10's messages).
 * @example
 * ```ts
 * logoutButton.onclick = () => logout(config, { returnTo: location.origin });
 * ```
 */
export function logout(config: WebAuthConfig, options?: LogoutOptions): void {
  const ctx = contextFor(config);
  ctx.env.navigate(buildLogoutUrl(ctx.urls, options));
}
