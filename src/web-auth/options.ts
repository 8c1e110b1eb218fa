/** `WebAuth` option validation (v10 messages, in v10's check order) and derived values. */
import { CLIENT_RULES, DEBUG_RULE, rootUrlFor, TELEMETRY_RULES } from '../authentication/options.js';
import { ArgumentError } from '../errors.js';
import { checkPkceCall } from '../flow/authorize.js';
import { checkOptions, optional, type Rule } from '../shared/assert.js';
import type { WebAuthBaseOptions, WebAuthOptions } from '../types.js';

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
  DEBUG_RULE,
];

/** The code-flow options of `WebAuth` only (the modular entry has none, so does not bundle these). */
const PKCE_RULES: Rule[] = [
  optional('usePKCE', 'boolean', 'usePKCE option is not valid'),
  optional('useRefreshTokens', 'boolean', 'useRefreshTokens option is not valid'),
  optional('useRefreshTokensFallback', 'boolean', 'useRefreshTokensFallback option is not valid'),
  optional('useDpop', 'boolean', 'useDpop option is not valid'),
  {
    key: 'cacheLocation',
    type: 'string',
    optional: true,
    values: ['memory', 'localstorage'],
    message: "cacheLocation must be 'memory' or 'localstorage'",
  },
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

/** Throws an `ArgumentError` for an invalid or inconsistent code-flow option (`usePKCE`, ...). */
export function validatePkceOptions(o: WebAuthOptions): void {
  checkOptions(o, 'options parameter is not valid', PKCE_RULES);
  // The constructor may leave responseType to each call; a call then needs 'code' (checkPkceCall).
  if (o.responseType) checkPkceCall(o);
  if (o.useRefreshTokens && !o.usePKCE) throw new ArgumentError('useRefreshTokens requires usePKCE');
  if (o.useDpop && !o.usePKCE) throw new ArgumentError('useDpop requires usePKCE');
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
