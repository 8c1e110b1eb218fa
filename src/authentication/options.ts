/** Validation and normalisation of `Authentication` options (v10 messages, in v10's order). */
import { ArgumentError } from '../errors.js';
import { checkOptions, optional, required, type Rule } from '../shared/assert.js';
import { joinUrl } from '../shared/query.js';
import type { BrowserEnv } from '../browser/env.js';
import type { TelemetryInfo } from '../types.js';
import type { customEnvironment } from '../shared/custom-environment.js';

/** Options of `new Authentication(options)`; `WebAuth` takes these and more ({@link WebAuthOptions}). */
export interface AuthenticationOptions {
  /** The tenant's domain, for example `tenant.eu.auth0.com` or a custom domain. Required. */
  domain: string;
  /** The application's client ID. Required. */
  clientID: string;
  /** Default response types for the flows: `code`, `token`, `id_token`, space-separated. */
  responseType?: string | undefined;
  /** Default response mode: `query`, `fragment`, `form_post` or `web_message`. */
  responseMode?: string | undefined;
  /** Default callback URL (must be allowed for the application). */
  redirectUri?: string | undefined;
  /** Default scopes, space-separated. */
  scope?: string | undefined;
  /** Default API identifier for access tokens. */
  audience?: string | undefined;
  /** Silences the library's deprecation and unknown-parameter warnings (default `false`). */
  _disableDeprecationWarnings?: boolean | undefined;
  /** Sends the `Auth0-Client` telemetry header and `auth0Client` parameter (default `true`). */
  _sendTelemetry?: boolean | undefined;
  /** Replaces the telemetry payload, for SDKs built on this one: `{ name, version, env? }`. */
  _telemetryInfo?: TelemetryInfo | undefined;
  /** Retries for failed requests (default 0). */
  _timesToRetryFailedRequests?: number | undefined;
  /** Advanced: a custom browser environment (`customEnvironment` from this package), for tests and non-browser hosts. */
  [customEnvironment]?: BrowserEnv | undefined;
}

/** The checks both clients start with, in v10's order. */
export const CLIENT_RULES: Rule[] = [
  required('domain'),
  required('clientID'),
  optional('responseType', 'string', 'responseType is not valid'),
  optional('responseMode', 'string', 'responseMode is not valid'),
  optional('redirectUri', 'string', 'redirectUri is not valid'),
  optional('scope', 'string', 'scope is not valid'),
  optional('audience', 'string', 'audience is not valid'),
];

/** The telemetry checks, which follow each client's own options. */
export const TELEMETRY_RULES: Rule[] = [
  optional('_disableDeprecationWarnings', 'boolean', '_disableDeprecationWarnings option is not valid'),
  optional('_sendTelemetry', 'boolean', '_sendTelemetry option is not valid'),
  optional('_telemetryInfo', 'object', '_telemetryInfo option is not valid'),
];

/** Throws v10's message for the first invalid option. */
export function validateAuthenticationOptions(options: unknown): asserts options is AuthenticationOptions {
  checkOptions(options, 'options parameter is not valid', [...CLIENT_RULES, ...TELEMETRY_RULES]);
}

/** localhost, 127.0.0.0/8 and [::1], as `URL` spells host names. */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * The API root. A domain with an `http://` or `https://` scheme is used as given (local
 * development), but plain `http` only for a loopback host: tokens and credentials never travel
 * unencrypted. Anything else (including a host like `httpcats.example.com`) is a host name.
 */
export function rootUrlFor(domain: string): string {
  if (!/^https?:\/\//i.test(domain)) return joinUrl('https://' + domain);
  let url: URL;
  try {
    url = new URL(domain);
  } catch {
    throw new ArgumentError('domain option is not valid');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ArgumentError('domain option is not valid: http is only allowed for loopback hosts');
  }
  return domain;
}
