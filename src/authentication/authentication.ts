/** `Authentication`: the Authentication API client (`webAuth.client`). */
import { detachableMethods } from '../shared/detachable.js';
import { defaultEnv, onHostedLoginPage } from '../browser/env.js';
import type { HttpClientOptions } from '../http/request.js';
import { telemetryFor } from '../http/telemetry.js';
import { checkValue } from '../shared/assert.js';
import { has } from '../shared/objects.js';
import { callbackOrPromise } from '../shared/callback.js';
import { customEnvironment } from '../types/custom-environment.js';
import { transactionStore } from '../storage/failover-store.js';
import { SsoDataStorage } from '../storage/sso-data-storage.js';
import { call, challenge, type ClientContext, type ClientOptions } from './client-context.js';
import { boundTokenSigner } from '../http/bound-tokens.js';
import { DBConnection } from './db-connection.js';
import { rootUrlFor, validateAuthenticationOptions } from './options.js';
import { PasswordlessAuthentication } from './passwordless.js';
import * as token from './token.js';
import { buildAuthorizeUrl, buildLogoutUrl } from './urls.js';
import type { RequestError } from '../errors.js';
import type { AuthenticationClient } from './client-api.js';
import { clientSsoData, contextOf } from '../web-auth/silent-auth/client-sso-data.js';
import { pkceAuthorizeUrl } from '../pkce/start.js';
import { withPasskeys } from '../web-auth/passkeys/passkey.js';
import type {
  Auth0Callback,
  Auth0Challenge,
  Auth0DelegationToken,
  AuthorizeOptions,
  CustomTokenExchangeOptions,
  DefaultDirectoryLoginOptions,
  PasskeyChallenge,
  PasskeyLoginOptions,
  PasskeySignupOptions,
  PasskeyTokenOptions,
  AuthResult,
  DefaultLoginOptions,
  DelegationOptions,
  LogoutOptions,
  OAuthTokenOptions,
  ResourceOwnerLoginOptions,
  SsoDataResult,
  TokenResult,
  AuthenticationOptions,
  BrowserEnv,
  UserProfile,
  RequestHandle,
} from '../types.js';
import type { NodeCallback } from '../shared/types.js';

type Result<T> = RequestHandle | Promise<T>;
/**
 * Each client's SSO-data storage, made on first use, under a symbol: not among the property names
 * v10 gave an instance, and cheaper than a WeakMap entry on every `new WebAuth`.
 */
const SSO_STORAGE = Symbol();
type WithStorage = { [SSO_STORAGE]?: SsoDataStorage };

export type { TokenResult };

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
export class Authentication implements AuthenticationClient {
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

  /**
   * @throws {@link ArgumentError} when an option is missing or of the wrong type (v10's message,
   * for example `domain option is required`, `debug option is not valid`).
   */
  constructor(options: AuthenticationOptions);
  /** v10's form: the `WebAuth` instance first (kept as `auth0`), then the options. */
  constructor(auth0: unknown, options: AuthenticationOptions);
  constructor(first: unknown, second?: unknown) {
    const options = (arguments.length === 2 ? second : first) as AuthenticationOptions;
    if (arguments.length === 2) this.auth0 = first;
    validateAuthenticationOptions(options);
    options._sendTelemetry = options._sendTelemetry !== false;
    (options as ClientOptions).rootUrl = rootUrlFor(options.domain);
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

  /** Where the SSO hint (`auth0.ssodata`) is kept; created on first use. */
  get ssodataStorage(): SsoDataStorage {
    // Own property only: a client derived with Object.create makes its own, as with the WeakMap before.
    let storage = has(this, SSO_STORAGE) ? (this as WithStorage)[SSO_STORAGE] : undefined;
    if (!storage) {
      storage = new SsoDataStorage(
        transactionStore(this.http.env, this.baseOptions as Parameters<typeof transactionStore>[1]),
      );
      (this as WithStorage)[SSO_STORAGE] = storage;
    }
    return storage;
  }
  /** Replaces where the SSO hint is kept. */
  set ssodataStorage(storage: SsoDataStorage) {
    (this as WithStorage)[SSO_STORAGE] = storage;
  }

  /**
   * The `/authorize` URL for a new transaction (`state`, and `nonce` for ID tokens, must be given).
   * With `usePKCE: true` (and `responseType: 'code'`) it stores a transaction with a new code
   * verifier, as `authorize` does, and resolves with the URL carrying its S256 challenge.
   *
   * @example
   * ```ts
   * const url = auth.buildAuthorizeUrl({ responseType: 'code', redirectUri, state, scope: 'openid' });
   * ```
   */
  buildAuthorizeUrl(options: AuthorizeOptions & { usePKCE?: false | undefined }): string;
  buildAuthorizeUrl(options: AuthorizeOptions & { usePKCE: true }): Promise<string>;
  buildAuthorizeUrl(options: AuthorizeOptions): string | Promise<string> {
    // With usePKCE the URL carries a digest of a stored verifier: a transaction is kept, as `authorize` keeps one.
    if (options?.usePKCE) return pkceAuthorizeUrl(contextOf(this), options);
    return buildAuthorizeUrl({ ...this.ctx, telemetry: this.http.telemetry }, options);
  }

  /**
   * The `/v2/logout` URL (`returnTo`, `clientID`, `federated`).
   *
   * @example
   * ```ts
   * location.assign(auth.buildLogoutUrl({ returnTo: 'https://app.example.com/' }));
   * ```
   */
  buildLogoutUrl(options?: LogoutOptions): string {
    return buildLogoutUrl({ ...this.ctx, telemetry: this.http.telemetry }, options);
  }

  /** Password grant against the default directory (`POST /oauth/token`, `grant_type=password`). */
  loginWithDefaultDirectory(
    options: DefaultDirectoryLoginOptions,
    cb: Auth0Callback<TokenResult, RequestError>,
  ): RequestHandle;
  loginWithDefaultDirectory(options: DefaultDirectoryLoginOptions): Promise<TokenResult>;
  loginWithDefaultDirectory(options: DefaultDirectoryLoginOptions, cb?: NodeCallback<any>): Result<TokenResult> {
    return token.loginWithDefaultDirectory(this.ctx, options, cb);
  }

  /**
   * Password-realm grant: `username`, `password`, `realm` (a connection name).
   *
   * @example
   * ```ts
   * const { accessToken, idToken } = await auth.login({ username, password, realm: 'Username-Password-Authentication' });
   * ```
   */
  login(options: DefaultLoginOptions, cb: Auth0Callback<TokenResult, RequestError>): RequestHandle;
  login(options: DefaultLoginOptions): Promise<TokenResult>;
  login(options: DefaultLoginOptions, cb?: NodeCallback<any>): Result<TokenResult> {
    return token.loginWithPasswordRealm(this.ctx, options, cb);
  }

  /**
   * `POST /oauth/token` with the given `grantType` and allow-listed parameters.
   *
   * @example
   * ```ts
   * const tokens = await auth.oauthToken({ grantType: 'authorization_code', code, codeVerifier, redirectUri });
   * ```
   */
  oauthToken(options: OAuthTokenOptions, cb: Auth0Callback<TokenResult, RequestError>): RequestHandle;
  oauthToken(options: OAuthTokenOptions): Promise<TokenResult>;
  oauthToken(options: OAuthTokenOptions, cb?: NodeCallback<any>): Result<TokenResult> {
    return token.oauthToken(this.ctx, options, cb);
  }

  /**
   * Legacy resource-owner login (`POST /oauth/ro`).
   * @deprecated The endpoint is legacy; use `login` (password realm grant) or `WebAuth.login`.
   * @throws {@link ArgumentError} when a required option is missing (callback form: passed to `cb`).
   */
  loginWithResourceOwner(
    options: ResourceOwnerLoginOptions,
    cb: Auth0Callback<TokenResult, RequestError>,
  ): RequestHandle;
  loginWithResourceOwner(options: ResourceOwnerLoginOptions): Promise<TokenResult>;
  loginWithResourceOwner(options: ResourceOwnerLoginOptions, cb?: NodeCallback<any>): Result<TokenResult> {
    return token.loginWithResourceOwner(this.ctx, options, cb);
  }

  /**
   * The profile of the user the access token belongs to (`GET /userinfo`), as the server sends it.
   *
   * @example
   * ```ts
   * const profile = await auth.userInfo(accessToken);
   * console.log(profile.email);
   * ```
   */
  userInfo(accessToken: string, cb: Auth0Callback<UserProfile, RequestError>): RequestHandle;
  userInfo(accessToken: string): Promise<UserProfile>;
  userInfo(accessToken: string, cb?: NodeCallback<any>): Result<UserProfile> {
    checkValue(accessToken, 'string', 'accessToken parameter is not valid');
    const headers = { Authorization: `Bearer ${accessToken}` };
    // A token this page obtained with DPoP goes as `DPoP` with a proof (the signer replaces the header).
    const signer = boundTokenSigner(accessToken);
    return call(this.ctx, 'GET', 'userinfo', undefined, cb, { headers, signer, flags: { ignoreCasing: true } });
  }

  /** The captcha challenge for the hosted login page (needs `state` in the base options). */
  getChallenge(cb: Auth0Callback<Auth0Challenge | undefined, RequestError>): RequestHandle | undefined;
  getChallenge(): Promise<Auth0Challenge | undefined>;
  getChallenge(cb?: NodeCallback<any>) {
    return challenge(this.ctx, 'usernamepassword/challenge', cb);
  }

  /**
   * Whether the browser has a session at the tenant. On the hosted login page, the tenant's
   * `/user/ssodata` (with `withActiveDirectories`, also its AD/LDAP connections); elsewhere a silent
   * `checkSession` for the user and connection last signed in with, which gives `{ sso: false }`
   * without a session (also when the browser blocks third-party cookies).
   *
   * @example
   * ```ts
   * webAuth.client.getSSOData((err, data) => {
   *   if (data?.sso) console.log('signed in as', data.lastUsedUsername);
   * });
   * ```
   */
  getSSOData(cb: Auth0Callback<SsoDataResult | undefined, RequestError>): void;
  getSSOData(withActiveDirectories: boolean, cb: Auth0Callback<SsoDataResult | undefined, RequestError>): void;
  getSSOData(withActiveDirectories?: boolean): Promise<SsoDataResult>;
  getSSOData(
    withActiveDirectories?: boolean | NodeCallback<any>,
    cb?: NodeCallback<any>,
  ): void | Promise<SsoDataResult> {
    if (typeof withActiveDirectories === 'function') {
      cb = withActiveDirectories;
      withActiveDirectories = false;
    }
    // The argument checks v10 made happen before anything loads, so they still throw here.
    if (onHostedLoginPage(this.http.env, this.baseOptions.domain)) {
      checkValue(withActiveDirectories ?? false, 'boolean', 'withActiveDirectories parameter is not valid');
    }
    const withAD = !!withActiveDirectories;
    return callbackOrPromise(cb, (done) => clientSsoData(this, withAD, done));
  }

  /**
   * Legacy delegation (`POST /delegation`); `grant_type` is required.
   * @deprecated The endpoint is legacy; use the token endpoint's grants instead.
   * @throws {@link ArgumentError} when `grant_type` is missing (callback form: passed to `cb`).
   */
  delegation(options: DelegationOptions, cb: Auth0Callback<Auth0DelegationToken, RequestError>): RequestHandle;
  delegation(options: DelegationOptions): Promise<Auth0DelegationToken>;
  delegation(options: DelegationOptions, cb?: NodeCallback<any>): Result<Auth0DelegationToken> {
    return token.delegation(this.ctx, options, cb) as Result<Auth0DelegationToken>;
  }

  /** The country of the caller's IP address (`{ countryCode }`). */
  getUserCountry(
    cb: Auth0Callback<
      {
        /** ISO 3166-1 alpha-2 country code, for example `FR`. */
        countryCode: string;
      },
      RequestError
    >,
  ): RequestHandle;
  getUserCountry(): Promise<{
    /** ISO 3166-1 alpha-2 country code, for example `FR`. */
    countryCode: string;
  }>;
  getUserCountry(cb?: NodeCallback<any>): Result<{ countryCode: string }> {
    return call(this.ctx, 'GET', 'user/geoloc/country', undefined, cb);
  }

  /**
   * RFC 8693 token exchange: `subjectToken`, `subjectTokenType`, optional `audience`, `scope`, `organization`.
   *
   * @example
   * ```ts
   * const tokens = await auth.customTokenExchange({ subjectToken, subjectTokenType: 'urn:acme:legacy-token' });
   * ```
   */
  customTokenExchange(options: CustomTokenExchangeOptions, cb: Auth0Callback<TokenResult, RequestError>): RequestHandle;
  customTokenExchange(options: CustomTokenExchangeOptions): Promise<TokenResult>;
  customTokenExchange(options: CustomTokenExchangeOptions, cb?: NodeCallback<any>): Result<TokenResult> {
    return token.customTokenExchange(this.ctx, options, cb);
  }

  /**
   * The first step of a passkey sign-up run by the app itself: the tenant's challenge for a new
   * user (`/passkey/register`), with `publicKey` decoded for `navigator.credentials.create()`.
   * Then give the credential to {@link Authentication.getTokenWithPasskey}. (`webAuth.passkey.signup`
   * runs all three steps.)
   *
   * @example
   * ```ts
   * const { authSession, publicKey } = await webAuth.client.getSignupChallenge({ email: 'ana@example.com' });
   * const credential = await navigator.credentials.create({ publicKey });
   * const authResult = await webAuth.client.getTokenWithPasskey({ authSession, credential });
   * ```
   */
  getSignupChallenge(
    options: PasskeySignupOptions,
    cb: Auth0Callback<PasskeyChallenge<PublicKeyCredentialCreationOptions>>,
  ): void;
  getSignupChallenge(options: PasskeySignupOptions): Promise<PasskeyChallenge<PublicKeyCredentialCreationOptions>>;
  getSignupChallenge(options: PasskeySignupOptions, cb?: NodeCallback<any>) {
    return withPasskeys(cb, (chunk) => chunk.getSignupChallenge(contextOf(this), options));
  }

  /**
   * The first step of a passkey sign-in run by the app itself: the tenant's challenge
   * (`/passkey/challenge`), with `publicKey` decoded for `navigator.credentials.get()`.
   *
   * @example
   * ```ts
   * const { authSession, publicKey } = await webAuth.client.getLoginChallenge({});
   * const credential = await navigator.credentials.get({ publicKey, mediation: 'optional' });
   * const authResult = await webAuth.client.getTokenWithPasskey({ authSession, credential });
   * ```
   */
  getLoginChallenge(
    options: PasskeyLoginOptions | undefined,
    cb: Auth0Callback<PasskeyChallenge<PublicKeyCredentialRequestOptions>>,
  ): void;
  getLoginChallenge(options?: PasskeyLoginOptions): Promise<PasskeyChallenge<PublicKeyCredentialRequestOptions>>;
  getLoginChallenge(options?: PasskeyLoginOptions, cb?: NodeCallback<any>) {
    return withPasskeys(cb, (chunk) => chunk.getLoginChallenge(contextOf(this), options));
  }

  /**
   * The last step of a passkey sign-up or sign-in: the credential (a `PublicKeyCredential` from
   * `create()` or `get()`) and the challenge's `authSession` exchanged for tokens with the webauthn
   * grant. Calls back with the `authResult`, its ID token verified; with `useRefreshTokens` on the
   * `WebAuth`, its refresh token is kept as after a code exchange.
   *
   * @example
   * ```ts
   * const authResult = await webAuth.client.getTokenWithPasskey({ authSession, credential, scope: 'openid email' });
   * ```
   */
  getTokenWithPasskey(options: PasskeyTokenOptions, cb: Auth0Callback<AuthResult>): void;
  getTokenWithPasskey(options: PasskeyTokenOptions): Promise<AuthResult>;
  getTokenWithPasskey(options: PasskeyTokenOptions, cb?: NodeCallback<any>) {
    return withPasskeys(cb, (chunk) => chunk.getTokenWithPasskey(contextOf(this), options));
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(Authentication);
