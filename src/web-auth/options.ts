/** `WebAuth` option validation (v10 messages, in v10's check order) and derived values. */
import { CLIENT_RULES, rootUrlFor, TELEMETRY_RULES, type AuthenticationOptions } from '../authentication/options.js';
import { checkOptions, optional, type Rule } from '../shared/assert.js';

/**
 * Options of `new WebAuth(options)` (`AuthOptions` in the community declarations). The object is
 * kept as `webAuth.baseOptions` and, as in v10, the derived fields are added to it in place.
 */
export interface WebAuthOptions extends AuthenticationOptions {
  /** The origin `popup.callback` expects its opener on (default: the callback page's own origin). */
  popupOrigin?: string | undefined;
  /** Clock skew tolerance in seconds for ID-token times: 0..300 (default 60; `0` also means 60, as in v10). */
  leeway?: number | undefined;
  /**
   * Plugins (for example the Cordova plugin): objects with `version` (`10.2.1`), `supports`,
   * `init` and `setWebAuth`. Typed `any`, as in `@types/auth0-js`.
   */
  plugins?: any;
  /** Maximum seconds since the user last authenticated; sent as `max_age` and checked against `auth_time`. */
  maxAge?: number | undefined;
  /** Transaction lifetime in minutes (default 30). */
  stateExpiration?: number | undefined;
  /** Also writes the `_`-prefixed compatibility cookie for browsers without `SameSite=None` (default `true`). */
  legacySameSiteCookie?: boolean | undefined;
  /** The `domain` of the transaction cookies (for example `.example.com`); default: this host only. */
  cookieDomain?: string | undefined;
  /** Default organization (ID `org_…` or name) for `authorize`, `login` and `popup.authorize`. */
  organization?: string | undefined;
  /** Default organization invitation ID for the same flows. */
  invitation?: string | undefined;
  /** A fixed `state` for every flow (default: a random one per transaction). */
  state?: string | undefined;
  /** A fixed `nonce` for every flow (default: a random one per transaction). */
  nonce?: string | undefined;
  /** Transaction storage: key prefix (default `com.auth0.auth.`) and random value length (default 32). */
  transaction?: { namespace?: string | undefined; keyLength?: number | undefined } | undefined;
  /** Keeps transactions in `localStorage` instead of cookies (default `false`). */
  __tryLocalStorageFirst?: boolean | undefined;
  /** Returns "now" for ID-token time checks (default: the current time). */
  __clock?: (() => Date) | undefined;
  /** Overrides for non-standard tenants: tenant name, token issuer, JWKS URL. */
  overrides?:
    { __tenant?: string | undefined; __token_issuer?: string | undefined; __jwks_uri?: string | undefined } | undefined;
  /** Ignored, as in v10: the constructor replaces it with `overrides.__jwks_uri`. */
  jwksURI?: string | undefined;
  /** Sent by `passwordless.buildVerifyUrl` (the verify redirect's `protocol`). */
  protocol?: string | undefined;
  /** Named in `@types/auth0-js`; not read (use `responseType`). */
  response_type?: string | undefined;
  /** The tenant name (default: the first label of `domain`); `overrides.__tenant` wins. */
  tenant?: string | undefined;
  /** Set to `true` by the constructor (it switches the hosted-page telemetry name). */
  universalLoginPage?: boolean | undefined;
  /** Hosted-login-page internal, sent as given. */
  _csrf?: string | undefined;
  /** Hosted-login-page internal, sent as given. */
  _intstate?: string | undefined;
  /** Default database connection for embedded login when the call gives none. */
  realm?: string | undefined;
  /** Default `credential_type` of embedded login. */
  credentialType?: string | undefined;
  /** Default milliseconds to wait for `popup.loginWithCredentials`' iframe (default 60 000). */
  timeout?: number | undefined;
}

/** The options after construction: v10 adds these derived fields to the caller's object. */
export interface WebAuthBaseOptions extends WebAuthOptions {
  /** The tenant name. */
  tenant: string;
  /** The expected ID-token issuer, `https://<domain>/`. */
  token_issuer: string;
  /** The JWKS URL override (`overrides.__jwks_uri`), else `undefined`. */
  jwksURI: string | undefined;
  /** The Authentication API root URL. */
  rootUrl: string;
}

const OPTION_RULES: Rule[] = [
  ...CLIENT_RULES,
  optional('popupOrigin', 'string', 'popupOrigin is not valid'),
  optional('leeway', 'number', 'leeway is not valid'),
  optional('plugins', 'array', 'plugins is not valid'),
  optional('maxAge', 'number', 'maxAge is not valid'),
  optional('stateExpiration', 'number', 'stateExpiration is not valid'),
  optional('legacySameSiteCookie', 'boolean', 'legacySameSiteCookie option is not valid'),
  ...TELEMETRY_RULES,
  optional('_timesToRetryFailedRequests', 'number', '_timesToRetryFailedRequests option is not valid'),
  optional('overrides', 'object', 'overrides option is not valid'),
];

const OVERRIDE_RULES: Rule[] = [
  optional('__tenant', 'string', '__tenant option is required'),
  optional('__token_issuer', 'string', '__token_issuer option is required'),
  optional('__jwks_uri', 'string', '__jwks_uri is required'),
];

/** Throws v10's message for the first invalid option. */
export function validateWebAuthOptions(options: unknown): asserts options is WebAuthOptions {
  checkOptions(options, 'options parameter is not valid', OPTION_RULES);
  const overrides = (options as WebAuthOptions).overrides;
  if (overrides) checkOptions(overrides, 'overrides option is not valid', OVERRIDE_RULES);
}

/** Adds v10's derived fields to `options` in place and returns it. */
export function deriveWebAuthOptions(options: WebAuthOptions): WebAuthBaseOptions {
  const derived = options as WebAuthBaseOptions;
  const overrides = options.overrides ?? {};
  derived._sendTelemetry = options._sendTelemetry !== false;
  derived._timesToRetryFailedRequests = options._timesToRetryFailedRequests
    ? parseInt(String(options._timesToRetryFailedRequests), 10)
    : 0;
  derived.tenant = overrides.__tenant || options.domain.split('.')[0]!;
  // A loopback http:// domain (local development) is its own issuer, as rootUrlFor takes it.
  derived.token_issuer = overrides.__token_issuer || rootUrlFor(options.domain).replace(/\/?$/, '/');
  derived.jwksURI = overrides.__jwks_uri;
  derived.legacySameSiteCookie = options.legacySameSiteCookie !== false;
  return derived;
}
