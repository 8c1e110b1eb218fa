/** `client.passwordless`: start, verify, the verify-redirect URL and the challenge. */
import { detachableMethods } from '../shared/detachable.js';
import { checkOptions, optional, required, type Rule } from '../shared/assert.js';
import { checkCallback } from '../shared/callback.js';
import { toSnakeCase } from '../shared/casing.js';
import { mergeBase, omit, pick } from '../shared/objects.js';
import { joinUrl, stringifyQuery } from '../shared/query.js';
import { call, challenge, type ClientContext } from './client-context.js';
import type { RequestError } from '../errors.js';
import type {
  Auth0Callback,
  Auth0Challenge,
  PasswordlessStartOptions,
  PasswordlessStartResult,
  PasswordlessVerifyOptions,
  RequestHandle,
} from '../types.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

const OPTIONS_MESSAGE = 'options parameter is not valid';

const VERIFY_RULES: Rule[] = [
  required('connection'),
  required('verificationCode'),
  { ...required('phoneNumber'), when: (o) => !o.email },
  { ...required('email'), when: (o) => !o.phoneNumber },
];

/** The option checks of `verify` and `buildVerifyUrl`, with v10's messages. */
export const checkVerifyOptions = (options: unknown) => checkOptions(options, OPTIONS_MESSAGE, VERIFY_RULES);

const VERIFY_URL_BASE_KEYS = [
  'clientID',
  'responseType',
  'responseMode',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'protocol',
  'nonce',
];

/** Passwordless Authentication API calls (`webAuth.client.passwordless`). */
export class PasswordlessAuthentication {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * Sends a code or a link by email or SMS (`POST /passwordless/start`).
   *
   * @example
   * ```ts
   * await webAuth.client.passwordless.start({ connection: 'sms', send: 'code', phoneNumber: '+15550100' });
   * ```
   */
  start(options: PasswordlessStartOptions, cb: Auth0Callback<PasswordlessStartResult, RequestError>): RequestHandle;
  start(options: PasswordlessStartOptions): Promise<PasswordlessStartResult>;
  /** For callers that forward an optional callback. */
  start(
    options: PasswordlessStartOptions,
    cb?: Auth0Callback<PasswordlessStartResult, RequestError>,
  ): RequestHandle | Promise<PasswordlessStartResult>;
  start(options: PasswordlessStartOptions, cb?: NodeCallback<any>): RequestHandle | Promise<PasswordlessStartResult> {
    checkOptions(options, OPTIONS_MESSAGE, [
      required('connection'),
      { ...required('send'), values: ['link', 'code'], valuesMessage: 'send is not valid ([link, code])' },
      {
        ...optional('phoneNumber', 'string', 'phoneNumber option is required'),
        when: (o) => o.send === 'code' || !o.email,
      },
      { ...optional('email', 'string', 'email option is required'), when: (o) => o.send === 'link' || !o.phoneNumber },
      optional('authParams', 'object', 'authParams option is required'),
    ]);
    checkCallback(cb);
    const language = options.xRequestLanguage;
    delete options.xRequestLanguage; // v10 removes it from the caller's object
    const body = mergeBase(this.ctx.baseOptions, ['clientID', 'responseType', 'redirectUri', 'scope'], options);
    const authParams: AnyObject = { ...(body.authParams as AnyObject | undefined) };
    if (body.scope) authParams.scope = authParams.scope || body.scope;
    if (body.redirectUri) authParams.redirect_uri = authParams.redirectUri || body.redirectUri;
    if (body.responseType) authParams.response_type = authParams.responseType || body.responseType;
    if (body.authParams || body.scope || body.redirectUri || body.responseType) body.authParams = authParams;
    const snake = toSnakeCase(omit(body, ['redirectUri', 'responseType', 'scope']), [
      'auth0Client',
      'authParams',
    ]) as AnyObject;
    const headers = language ? { 'X-Request-Language': String(language) } : undefined;
    return call<PasswordlessStartResult>(this.ctx, 'POST', 'passwordless/start', snake, cb, { headers });
  }

  /**
   * Checks a code (`POST /passwordless/verify`); base options are not merged.
   *
   * @example
   * ```ts
   * await webAuth.client.passwordless.verify({ connection: 'sms', phoneNumber: '+15550100', verificationCode: '123456' });
   * ```
   */
  verify(options: PasswordlessVerifyOptions, cb: Auth0Callback<string, RequestError>): RequestHandle;
  verify(options: PasswordlessVerifyOptions): Promise<string>;
  verify(options: PasswordlessVerifyOptions, cb?: NodeCallback<any>): RequestHandle | Promise<string> {
    checkVerifyOptions(options);
    checkCallback(cb);
    const body = toSnakeCase(
      pick(options, ['connection', 'verificationCode', 'phoneNumber', 'email', 'auth0Client', 'clientID']),
      ['auth0Client'],
    ) as AnyObject;
    return call(this.ctx, 'POST', 'passwordless/verify', body, cb);
  }

  /** The `/passwordless/verify_redirect` URL that finishes a passwordless login in the browser. */
  buildVerifyUrl(options: PasswordlessVerifyOptions): string {
    checkVerifyOptions(options);
    const params = mergeBase(this.ctx.baseOptions, VERIFY_URL_BASE_KEYS, options);
    if (this.ctx.http.telemetry) params.auth0Client = this.ctx.http.telemetry;
    const query = stringifyQuery(toSnakeCase(params, ['auth0Client']) as AnyObject);
    return joinUrl(this.ctx.baseOptions.rootUrl, 'passwordless', 'verify_redirect') + '?' + query;
  }

  /** The captcha challenge for passwordless (needs `state` in the base options). */
  getChallenge(cb: Auth0Callback<Auth0Challenge | undefined, RequestError>): RequestHandle | undefined;
  getChallenge(): Promise<Auth0Challenge | undefined>;
  getChallenge(cb?: NodeCallback<any>) {
    return challenge(this.ctx, 'passwordless/challenge', cb);
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(PasswordlessAuthentication);
