/** `buildAuthorizeUrl` and `buildLogoutUrl`: pure functions of the base options and call options. */
import { checkOptions, checkValue, optional, required } from '../shared/assert.js';
import { toSnakeCase } from '../shared/casing.js';
import { SECRET_FIELDS } from '../shared/mask-secrets.js';
import { mergeBase, omit } from '../shared/objects.js';
import { joinUrl, stringifyQuery } from '../shared/query.js';
import { unknownAuthorizeParams, unknownParamsWarning } from './authorize-params.js';
import type { AnyObject } from '../shared/types.js';

export interface UrlContext {
  baseOptions: Record<string, any> & { rootUrl: string };
  telemetry: string | undefined;
  warn(message: string): void;
}

const AUTHORIZE_BASE_KEYS = ['clientID', 'responseType', 'responseMode', 'redirectUri', 'scope', 'audience'];
const NOT_SENT = ['username', 'popupOptions', 'domain', 'tenant', 'timeout', 'appState'];

const containsWord = (list: unknown, word: string) => String(list).indexOf(word) !== -1;

// Built once: this check runs on every authorize, and rebuilding the rules was a measurable share of it.
const AUTHORIZE_RULES = [
  required('clientID'),
  optional('redirectUri', 'string', 'redirectUri option is required'),
  required('responseType'),
  {
    ...required('nonce'),
    when: (p: AnyObject) => !containsWord(p.responseType, 'code') && containsWord(p.responseType, 'id_token'),
  },
  optional('scope', 'string', 'scope option is required'),
  optional('audience', 'string', 'audience option is required'),
];

/** The `/authorize` URL for `options` merged over the base options. */
export function buildAuthorizeUrl(ctx: UrlContext, options: unknown): string {
  checkValue(options, 'object', 'options parameter is not valid');
  let params = mergeBase(ctx.baseOptions, AUTHORIZE_BASE_KEYS, options as AnyObject);
  checkOptions(params, 'options parameter is not valid', AUTHORIZE_RULES);
  if (ctx.telemetry) params.auth0Client = ctx.telemetry;
  if (Array.isArray(params.connection_scope)) params.connection_scope = params.connection_scope.join(',');
  params = toSnakeCase(omit(params, NOT_SENT), ['auth0Client']) as AnyObject;
  // Keys are snake_case here, so `verificationCode` is caught as `verification_code`. A URL ends up
  // in history, logs and Referer headers.
  const secrets = Object.keys(params).filter((key) => SECRET_FIELDS.has(key));
  if (secrets.length) {
    ctx.warn(`Secrets are never sent in the /authorize URL; dropped: [${secrets.join(',')}]`);
    params = omit(params, secrets);
  }
  const unknown = unknownAuthorizeParams(params);
  if (unknown.length) ctx.warn(unknownParamsWarning(unknown));
  return joinUrl(ctx.baseOptions.rootUrl, 'authorize') + '?' + stringifyQuery(params);
}

/** The `/v2/logout` URL; `returnTo` keeps its casing and `federated` becomes a bare flag. */
export function buildLogoutUrl(ctx: UrlContext, options?: unknown): string {
  checkValue(options, 'object', 'options parameter is not valid', true);
  const caller = (options || {}) as AnyObject;
  const params = mergeBase(ctx.baseOptions, ['clientID'], caller);
  if (ctx.telemetry) params.auth0Client = ctx.telemetry;
  const query = omit(toSnakeCase(params, ['auth0Client', 'returnTo']) as AnyObject, ['federated']);
  const federated = caller.federated;
  const flag = federated !== undefined && federated !== false && federated !== 'false' ? '&federated' : '';
  return joinUrl(ctx.baseOptions.rootUrl, 'v2', 'logout') + '?' + stringifyQuery(query) + flag;
}
