/**
 * The options every modular function takes, and the per-call context built from them over the same
 * modules `WebAuth` uses (storage chain, transaction manager, URL builder), without the class.
 */
import { rootUrlFor } from '../authentication/options.js';
import { buildAuthorizeUrl, type UrlContext } from '../authentication/urls.js';
import { redirectEnv, type RedirectEnv } from '../browser/env.js';
import { telemetryFor } from '../http/telemetry.js';
import type { RedirectContext } from '../flow/context.js';
import { createWebAuthContext } from '../web-auth/create-context.js';
import { customEnvironment } from '../types/custom-environment.js';
import { deriveWebAuthOptions, validateWebAuthOptions } from '../web-auth/options.js';
import type { WebAuthOptions } from '../types.js';

/**
 * The application's settings, the same as `new WebAuth(options)` takes: `domain` and `clientID`
 * (required), `redirectUri`, `responseType`, `scope`, `audience`, `leeway`, storage options, …
 * `plugins` and the popup options do not apply. The object is read, never changed.
 *
 * @example
 * ```ts
 * const config: WebAuthConfig = {
 *   domain: 'tenant.example.com',
 *   clientID: 'abc123',
 *   redirectUri: 'https://app.example.com/callback',
 *   responseType: 'token id_token',
 * };
 * ```
 */
export type WebAuthConfig = Omit<WebAuthOptions, 'plugins' | 'popupOrigin' | 'timeout'>;

/** @internal The context of one call, and the URL context its builders share. */
export interface ModularContext extends RedirectContext {
  urls: UrlContext;
}

/**
 * Validates `config` with `WebAuth`'s checks (throwing its `ArgumentError`s synchronously) and
 * builds the context for one call on a copy of it.
 */
export function contextFor(config: WebAuthConfig): ModularContext {
  validateWebAuthOptions(config);
  // A copy: `WebAuth` adds derived fields to the caller's object (v10), these functions do not.
  const baseOptions = deriveWebAuthOptions({ ...config });
  baseOptions.rootUrl = rootUrlFor(baseOptions.domain);
  const env = (config as { [customEnvironment]?: RedirectEnv })[customEnvironment] ?? redirectEnv();
  const urls: UrlContext = {
    baseOptions,
    telemetry: telemetryFor(baseOptions),
    warn: (message) => {
      if (!baseOptions._disableDeprecationWarnings) env.warn(message);
    },
  };
  const ctx = createWebAuthContext(baseOptions, env, {
    buildAuthorizeUrl: (options) => buildAuthorizeUrl(urls, options),
  });
  return { ...ctx, urls };
}
