/** Validation and normalisation of `Authentication` options (v10 messages, in v10's order). */
import { ArgumentError } from '../errors.js';
import { checkOptions, optional, required, type Rule } from '../shared/assert.js';
import { joinUrl } from '../shared/query.js';
import type { AuthenticationOptions } from '../types.js';

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

/** The `debug` hook (not in v10): a function when given. */
export const DEBUG_RULE = optional('debug', 'function', 'debug option is not valid');

/** Throws v10's message for the first invalid option. */
export function validateAuthenticationOptions(options: unknown): asserts options is AuthenticationOptions {
  checkOptions(options, 'options parameter is not valid', [...CLIENT_RULES, ...TELEMETRY_RULES, DEBUG_RULE]);
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
