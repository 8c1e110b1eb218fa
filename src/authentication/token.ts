/** Token endpoint calls: `oauthToken` and the grants built on it, plus legacy `/oauth/ro` and `/delegation`. */
import { checkOptions, checkValue, optional, required } from '../shared/assert.js';
import { checkCallback } from '../shared/callback.js';
import { toSnakeCase } from '../shared/casing.js';
import { mergeBase, pick } from '../shared/objects.js';
import { call, type ClientContext } from './client-context.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

/** The `/oauth/token` allow-list; the sent body follows this order. */
const TOKEN_PARAMS = [
  'realm',
  'audience',
  'otp',
  'organization',
  'client_id',
  'client_secret',
  'redirect_uri',
  'scope',
  'code',
  'grant_type',
  'username',
  'password',
  'refresh_token',
  'assertion',
  'client_assertion',
  'client_assertion_type',
  'code_verifier',
  'subject_token',
  'subject_token_type',
];
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const PASSWORD_REALM_GRANT = 'http://auth0.com/oauth/grant-type/password-realm';
const OPTIONS_MESSAGE = 'options parameter is not valid';
const scopeAndAudience = [
  optional('scope', 'string', 'scope option is required'),
  optional('audience', 'string', 'audience option is required'),
];

/** `POST /oauth/token` with any grant (documented private in v10, but public). */
export function oauthToken(ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) {
  checkValue(options, 'object', OPTIONS_MESSAGE);
  checkCallback(cb);
  const merged = mergeBase(ctx.baseOptions, ['clientID', 'scope', 'audience'], options);
  checkOptions(merged, OPTIONS_MESSAGE, [required('clientID'), required('grantType'), ...scopeAndAudience]);
  const snake = toSnakeCase(merged, ['auth0Client']) as AnyObject;
  // Token exchange sends every parameter; the other grants only the allow-listed, truthy ones.
  const body = snake.grant_type === TOKEN_EXCHANGE_GRANT ? snake : pick(snake, TOKEN_PARAMS);
  return call(ctx, 'POST', 'oauth/token', body, cb);
}

function grant(
  ctx: ClientContext,
  options: AnyObject,
  cb: NodeCallback<AnyObject> | undefined,
  grantType: string,
  keys: string[],
) {
  checkOptions(options, OPTIONS_MESSAGE, [...keys.map((k) => required(k)), ...scopeAndAudience]);
  options.grantType = grantType; // v10 sets it on the caller's object
  return oauthToken(ctx, options, cb);
}

/** Resource-owner password grant against a connection (`realm`). */
export const loginWithPasswordRealm = (ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) =>
  grant(ctx, options, cb, PASSWORD_REALM_GRANT, ['username', 'password', 'realm']);

/** Resource-owner password grant against the tenant's default directory. */
export const loginWithDefaultDirectory = (ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) =>
  grant(ctx, options, cb, 'password', ['username', 'password']);

/** Legacy `POST /oauth/ro`. */
export function loginWithResourceOwner(ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) {
  checkOptions(options, OPTIONS_MESSAGE, [
    required('username'),
    required('password'),
    required('connection'),
    optional('scope', 'string', 'scope option is required'),
  ]);
  const caller = pick(options, ['username', 'password', 'scope', 'connection', 'device']);
  const body = toSnakeCase(mergeBase(ctx.baseOptions, ['clientID', 'scope'], caller), ['auth0Client']) as AnyObject;
  body.grant_type = 'password';
  return call(ctx, 'POST', 'oauth/ro', body, cb);
}

/** RFC 8693 token exchange; the caller's object is not modified. */
export function customTokenExchange(ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) {
  checkOptions(options, OPTIONS_MESSAGE, [
    required('subjectToken'),
    required('subjectTokenType'),
    optional('audience', 'string', 'audience option is required'),
    optional('scope', 'string', 'scope option is required'),
    optional('organization', 'string', 'organization option is required'),
  ]);
  return oauthToken(ctx, { ...options, grantType: TOKEN_EXCHANGE_GRANT }, cb);
}

/** Legacy `POST /delegation` (no allow-list). */
export function delegation(ctx: ClientContext, options: AnyObject, cb?: NodeCallback<AnyObject>) {
  checkOptions(options, OPTIONS_MESSAGE, [required('grant_type')]);
  const body = toSnakeCase(mergeBase(ctx.baseOptions, ['clientID'], options), ['auth0Client']) as AnyObject;
  return call(ctx, 'POST', 'delegation', body, cb);
}
