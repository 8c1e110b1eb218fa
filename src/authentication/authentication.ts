/** `Authentication`: the Authentication API client (`webAuth.client`). */
import { defaultEnv, type BrowserEnv } from '../browser/env';
import type { HttpClientOptions, RequestHandle } from '../http/request';
import { telemetryFor } from '../http/telemetry';
import { checkValue } from '../shared/assert';
import type { NodeCallback } from '../shared/callback';
import { customEnvironment } from '../web-auth/injection';
import { call, challenge, type ClientContext, type ClientOptions } from './client-context';
import { DBConnection } from './db-connection';
import { rootUrlFor, validateAuthenticationOptions, type AuthenticationOptions } from './options';
import { PasswordlessAuthentication } from './passwordless';
import * as token from './token';
import { buildAuthorizeUrl, buildLogoutUrl } from './urls';

type Obj = Record<string, any>;
type Result<T> = RequestHandle | Promise<T>;

/** The user profile `/userinfo` returns. */
export interface UserProfile {
  sub: string;
  [claim: string]: unknown;
}

/** A token endpoint response, camelCased (`accessToken`, `idToken`, `expiresIn`, …). */
export type TokenResult = Obj;

/**
 * Client for the Authentication API. Usually reached as `webAuth.client`; can be built alone.
 * Every method that takes a callback returns a Promise when the callback is omitted.
 *
 * @example
 * ```ts
 * const auth = new Authentication({ domain: 'tenant.example.com', clientID: 'abc' });
 * auth.userInfo(accessToken, (err, profile) => console.log(profile?.email));
 * const tokens = await auth.login({ username, password, realm: 'Username-Password-Authentication' });
 * ```
 */
export class Authentication {
  /** The options object given to the constructor (normalised in place, as in v10). */
  baseOptions: ClientOptions;
  /** The WebAuth instance given as first argument, when constructed with two arguments. */
  auth0?: unknown;
  /** Passwordless calls: `start`, `verify`, `buildVerifyUrl`, `getChallenge`. */
  passwordless: PasswordlessAuthentication;
  /** Database-connection calls: `signup`, `changePassword` and their challenges. */
  dbConnection: DBConnection;
  /** @internal */
  readonly http: HttpClientOptions;
  /** @internal What the request modules share. */
  readonly ctx: ClientContext;

  constructor(options: AuthenticationOptions);
  constructor(auth0: unknown, options: AuthenticationOptions);
  constructor(first: unknown, second?: unknown) {
    const options = (arguments.length === 2 ? second : first) as AuthenticationOptions;
    if (arguments.length === 2) this.auth0 = first;
    validateAuthenticationOptions(options);
    options._sendTelemetry = options._sendTelemetry !== false;
    options.rootUrl = rootUrlFor(options.domain);
    this.baseOptions = options as ClientOptions;
    const env = (options as { [customEnvironment]?: BrowserEnv })[customEnvironment] ?? defaultEnv();
    this.http = { env, telemetry: telemetryFor(options), retries: Number(options._timesToRetryFailedRequests) || 0 };
    const warn = (message: string) => {
      if (!this.baseOptions._disableDeprecationWarnings) env.warn(message);
    };
    this.ctx = { baseOptions: this.baseOptions, http: this.http, warn };
    this.passwordless = new PasswordlessAuthentication(this.ctx);
    this.dbConnection = new DBConnection(this.ctx);
  }

  /** The `/authorize` URL for a new transaction (`state`, and `nonce` for ID tokens, must be given). */
  buildAuthorizeUrl(options: Obj): string {
    return buildAuthorizeUrl({ ...this.ctx, telemetry: this.http.telemetry }, options);
  }

  /** The `/v2/logout` URL (`returnTo`, `clientID`, `federated`). */
  buildLogoutUrl(options?: Obj): string {
    return buildLogoutUrl({ ...this.ctx, telemetry: this.http.telemetry }, options);
  }

  /** Password grant against the default directory (`POST /oauth/token`, `grant_type=password`). */
  loginWithDefaultDirectory(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  loginWithDefaultDirectory(options: Obj): Promise<TokenResult>;
  loginWithDefaultDirectory(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.loginWithDefaultDirectory(this.ctx, options, cb);
  }

  /** Password-realm grant: `username`, `password`, `realm` (a connection name). */
  login(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  login(options: Obj): Promise<TokenResult>;
  login(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.loginWithPasswordRealm(this.ctx, options, cb);
  }

  /** `POST /oauth/token` with the given `grantType` and allow-listed parameters. */
  oauthToken(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  oauthToken(options: Obj): Promise<TokenResult>;
  oauthToken(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.oauthToken(this.ctx, options, cb);
  }

  /** Legacy resource-owner login (`POST /oauth/ro`). */
  loginWithResourceOwner(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  loginWithResourceOwner(options: Obj): Promise<TokenResult>;
  loginWithResourceOwner(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.loginWithResourceOwner(this.ctx, options, cb);
  }

  /** The profile of the user the access token belongs to (`GET /userinfo`), as the server sends it. */
  userInfo(accessToken: string, cb: NodeCallback<UserProfile>): RequestHandle;
  userInfo(accessToken: string): Promise<UserProfile>;
  userInfo(accessToken: string, cb?: NodeCallback<UserProfile>): Result<UserProfile> {
    checkValue(accessToken, 'string', 'accessToken parameter is not valid');
    const headers = { Authorization: `Bearer ${accessToken}` };
    return call(this.ctx, 'GET', 'userinfo', undefined, cb, { headers, flags: { ignoreCasing: true } });
  }

  /** The captcha challenge for the hosted login page (needs `state` in the base options). */
  getChallenge(cb?: NodeCallback<Obj>) {
    return challenge(this.ctx, 'usernamepassword/challenge', cb);
  }

  /** Legacy delegation (`POST /delegation`); `grant_type` is required. */
  delegation(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  delegation(options: Obj): Promise<TokenResult>;
  delegation(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.delegation(this.ctx, options, cb);
  }

  /** The country of the caller's IP address (`{ countryCode }`). */
  getUserCountry(cb: NodeCallback<{ countryCode: string }>): RequestHandle;
  getUserCountry(): Promise<{ countryCode: string }>;
  getUserCountry(cb?: NodeCallback<{ countryCode: string }>): Result<{ countryCode: string }> {
    return call(this.ctx, 'GET', 'user/geoloc/country', undefined, cb);
  }

  /** RFC 8693 token exchange: `subjectToken`, `subjectTokenType`, optional `audience`, `scope`, `organization`. */
  customTokenExchange(options: Obj, cb: NodeCallback<TokenResult>): RequestHandle;
  customTokenExchange(options: Obj): Promise<TokenResult>;
  customTokenExchange(options: Obj, cb?: NodeCallback<TokenResult>): Result<TokenResult> {
    return token.customTokenExchange(this.ctx, options, cb);
  }
}
