/** Validation and normalisation of `Authentication` options (v10 messages, in v10's order). */
import { checkOptions, optional, required, type Rule } from '../shared/assert.js';
import { joinUrl } from '../shared/query.js';

/** Options of `new Authentication(options)`; `WebAuth` takes these and more. */
export interface AuthenticationOptions {
  domain: string;
  clientID: string;
  responseType?: string;
  responseMode?: string;
  redirectUri?: string;
  scope?: string;
  audience?: string;
  _disableDeprecationWarnings?: boolean;
  _sendTelemetry?: boolean;
  _telemetryInfo?: Record<string, unknown>;
  _timesToRetryFailedRequests?: number;
  [key: string]: unknown;
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

/** The API root: a domain starting with `http` is used as given (local development). */
export function rootUrlFor(domain: string): string {
  return domain.toLowerCase().startsWith('http') ? domain : joinUrl('https://' + domain);
}
