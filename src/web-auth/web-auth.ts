/** `WebAuth`: the v10 entry point. A thin facade: each method normalises arguments and delegates. */
import { detachableMethods } from '../shared/detachable.js';
import { Authentication, type TokenResult } from '../authentication/authentication.js';
import type { AuthResponseError, RequestError } from '../errors.js';
import { telemetryFor } from '../http/telemetry.js';
import { callbackOrPromise } from '../shared/callback.js';
import { SsoDataStorage } from '../storage/sso-data-storage.js';
import { authorize } from '../flow/authorize.js';
import { expectsIdToken, prefetchKeySet } from '../flow/key-set-prefetch.js';
import { startCaptcha } from './captcha/captcha-start.js';
import type { Captcha, CaptchaConfiguration } from './captcha/types.js';
import type { CheckSessionOptions } from './silent-auth/check-session.js';
import { linkClientContext } from './silent-auth/client-sso-data.js';
import type { WebAuthContext } from '../flow/context.js';
import { login, signupAndAuthorize } from './redirect/login.js';
import { createWebAuthContext } from './create-context.js';
import { crossOriginAuthentication } from './cross-origin/cross-origin-login.js';
import type { AuthCallback, CrossOriginAuthentication, WebMessageHandler } from '../types.js';
import { HostedPages } from './redirect/hosted-pages.js';
import { deriveWebAuthOptions, validatePkceOptions, validateWebAuthOptions } from './options.js';
import { parseHashOrCode } from './redirect/parse-hash-or-code.js';
import { silentAuth } from './silent-auth/silent-auth.js';
import { pkceAuthorizeUrl, usesPkce } from '../pkce/start.js';
import { logoutThenLeave } from './redirect/logout.js';
import type { Dpop } from '../types/dpop.js';
import { lazyDpopWiring } from './code-flow/lazy-dpop.js';
import { lazyRefreshWorker } from './code-flow/lazy-refresh-worker.js';
import { passwordlessLogin, passwordlessStart, passwordlessVerify } from './passwordless/passwordless.js';
import { passkeys, type Passkeys } from './passkeys/passkey.js';
import { PluginHandler, type WebAuthPlugin } from './plugins.js';
import { Popup } from './popup/popup.js';
import { redirectLogin, type RedirectLogin } from './redirect/redirect.js';
import type { RenewAuthOptions } from './silent-auth/renew-auth.js';
import { webMessageHandler } from './silent-auth/web-message.js';
import { announced } from './session-events/announce.js';
import { onSessionEvent } from './session-events/on-session-event.js';
import { TransactionManager } from '../flow/transaction-manager.js';
import { validateAuthenticationResponse, validateToken, type ParsedResponse } from '../flow/validate-response.js';
import type {
  Auth0Callback,
  AuthorizeOptions,
  ChangePasswordOptions,
  CrossOriginLoginOptions,
  CustomTokenExchangeOptions,
  DbSignUpOptions,
  DbSignUpResults,
  IdTokenPayload,
  LogoutOptions,
  PasswordlessLoginOptions,
  PasswordlessStartOptions,
  PasswordlessStartResult,
  PasswordlessVerifyOptions,
  SignupAndAuthorizeOptions,
  WebAuthBaseOptions,
  WebAuthOptions,
  AuthResult,
  ValidateOptions,
  ParseHashOptions,
  RequestHandle,
  SessionEventListener,
} from '../types.js';
import type { NodeCallback } from '../shared/types.js';

/**
 * Browser authentication for one application of a tenant. Every method that takes a callback
 * returns a Promise when the callback is omitted.
 *
 * @example
 * ```ts
 * const webAuth = new WebAuth({
 *   domain: 'tenant.example.com',
 *   clientID: 'abc123',
 *   redirectUri: 'https://app.example.com/callback',
 *   responseType: 'token id_token',
 * });
 * webAuth.authorize();                       // on the login button
 * webAuth.parseHash((err, authResult) => {}); // on the callback page
 * ```
 */
export class WebAuth {
  /** The options object given to the constructor, with v10's derived fields added in place. */
  baseOptions: WebAuthBaseOptions;
  /** Stores transactions (`com.auth0.auth.<state>`). */
  transactionManager: TransactionManager;
  /** The Authentication API client. */
  client: Authentication;
  /** Hosted-login-page helpers (`login`, `signupAndLogin`). */
  _universalLogin: HostedPages;
  /** The SSO hint a login leaves (`auth0.ssodata`), which `client.getSSOData` reads. */
  ssodataStorage: SsoDataStorage;
  /**
   * Embedded login outside the hosted page, as v10 exposed it: `login(options, cb)` posts the
   * credentials to `/co/authenticate` (without `WebAuth.login`'s option merging and transaction
   * step); `callback()` is `crossOriginVerification()`.
   */
  crossOriginAuthentication: CrossOriginAuthentication;
  /** v10's web-message runner (`run(options, cb)`); `checkSession` is the way to use it. */
  webMessageHandler: WebMessageHandler;
  /** Embedded login with a redirect under v10's older names (`loginWithCredentials`, `signupAndLogin`). */
  redirect: RedirectLogin;
  /** Login in a popup window, and embedded logins that finish without a redirect. */
  popup: Popup;
  /** @internal What the capability modules receive. */
  readonly ctx: WebAuthContext;

  /**
   * @throws {@link ArgumentError} when an option is missing or of the wrong type (v10's message,
   * for example `clientID option is required`, `leeway is not valid`).
   */
  constructor(options: WebAuthOptions) {
    validateWebAuthOptions(options);
    validatePkceOptions(options);
    const baseOptions = deriveWebAuthOptions(options);
    baseOptions.plugins = new PluginHandler(this, options.plugins as WebAuthPlugin[] | undefined) as never;
    this.baseOptions = baseOptions;
    // v10's construction order matters: the client is created before `universalLoginPage` is set,
    // so it reports the plain telemetry name, and the hosted-page helper after it, with `-ulp`.
    this.client = new Authentication(baseOptions);
    // The client resolved the same environment from the same options: share it (one per instance).
    const env = this.client.http.env;
    this.ctx = {
      ...createWebAuthContext(baseOptions, env, this.client),
      dpop: lazyDpopWiring(baseOptions, env),
      refreshWorker: lazyRefreshWorker(baseOptions, env),
    };
    this.transactionManager = this.ctx.transactionManager;
    linkClientContext(this.client, this.ctx);
    // One storage chain per instance; v10's client had its own SSO-data object over it.
    this.ssodataStorage = new SsoDataStorage(this.ctx.ssodataStore);
    this.client.ssodataStorage = new SsoDataStorage(this.ctx.ssodataStore);
    baseOptions.universalLoginPage = true;
    const ulpHttp = { ...this.client.http, telemetry: telemetryFor(baseOptions) };
    this._universalLogin = new HostedPages(this.ctx, { ...this.client.ctx, http: ulpHttp });
    this.crossOriginAuthentication = crossOriginAuthentication(this.ctx);
    this.webMessageHandler = webMessageHandler(this.ctx);
    this.redirect = redirectLogin(this.ctx, this._universalLogin);
    // Late-bound on purpose: v10's popup.callback called webAuth.parseHash, so an app's own one applies.
    this.popup = new Popup(this.ctx, (options, cb) => this.parseHash(options, cb));
  }

  /**
   * Redirects to the tenant's `/authorize` (hosted login or a social connection). Stores a
   * transaction with `state` and, for ID tokens, `nonce`, which `parseHash` checks on return.
   *
   * @example
   * ```ts
   * webAuth.authorize({ connection: 'github', appState: { returnTo: '/settings' } });
   * ```
   */
  authorize(options?: AuthorizeOptions): void {
    if (!usesPkce(this.ctx, options)) {
      authorize(this.ctx, options);
      // The callback page verifies its ID token with the key set: loaded while this page leaves,
      // it is stored before that page needs it (COMPATIBILITY S2).
      if (expectsIdToken(options?.responseType || this.ctx.baseOptions.responseType)) prefetchKeySet(this.ctx);
      return;
    }
    // The challenge is a digest (asynchronous); every argument check above it still throws here.
    const url = pkceAuthorizeUrl(this.ctx, options);
    void url.then((u) => this.ctx.env.navigate(u));
  }

  /**
   * Reads the authentication response from the URL fragment, checks `state`, verifies the ID token
   * and calls back with the `authResult` (or `null` when the fragment has no response).
   *
   * @example
   * ```ts
   * webAuth.parseHash((err, authResult) => {
   *   if (err) return console.error(err.error, err.errorDescription);
   *   if (authResult) console.log(authResult.idTokenPayload?.sub, authResult.appState);
   * });
   * ```
   */
  parseHash(cb: AuthCallback): void;
  parseHash(options: ParseHashOptions | null | undefined, cb: AuthCallback): void;
  parseHash(options?: ParseHashOptions | null): Promise<AuthResult | null>;
  parseHash(
    options?: ParseHashOptions | null | AuthCallback,
    cb?: NodeCallback<any>,
  ): void | Promise<AuthResult | null | undefined> {
    if (typeof options === 'function') {
      cb = options;
      options = {};
    }
    const opts = options || {};
    return callbackOrPromise(cb, (done) =>
      parseHashOrCode(this.ctx, opts, announced(this.ctx, 'signed_in', done)),
    ) as void | Promise<AuthResult | null>;
  }

  /** Validates an already parsed response (snake_case keys) against the stored transaction. */
  validateAuthenticationResponse(options: ValidateOptions, parsedHash: ParsedResponse, cb: AuthCallback): void;
  validateAuthenticationResponse(options: ValidateOptions, parsedHash: ParsedResponse): Promise<AuthResult | null>;
  validateAuthenticationResponse(
    options: ValidateOptions,
    parsedHash: ParsedResponse,
    cb?: NodeCallback<any>,
  ): void | Promise<AuthResult | null | undefined> {
    return callbackOrPromise(cb, (done) => validateAuthenticationResponse(this.ctx, options, parsedHash, done));
  }

  /**
   * Verifies an ID token's signature and claims, optionally with an expected nonce.
   *
   * @example
   * ```ts
   * const claims = await webAuth.validateToken(idToken, expectedNonce);
   * ```
   */
  validateToken(token: string, nonce: string | null, cb: Auth0Callback<IdTokenPayload, AuthResponseError>): void;
  validateToken(token: string, nonce: string | null): Promise<IdTokenPayload>;
  validateToken(
    token: string,
    nonce: string | null,
    cb?: NodeCallback<any>,
  ): void | Promise<IdTokenPayload | undefined> {
    return callbackOrPromise(cb, (done) => validateToken(this.ctx, token, nonce, done));
  }

  /**
   * Silent authentication: runs `/authorize` with `prompt=none` and `response_mode=web_message` in
   * a hidden iframe and calls back with the validated `authResult` when the tenant has a session,
   * or with `login_required` (also what browsers that block third-party cookies cause),
   * `consent_required`, `interaction_required`, `timeout` or `origin_mismatch`. The answer is read
   * only from the tenant's origin and from that iframe.
   *
   * @example
   * ```ts
   * webAuth.checkSession({}, (err, authResult) => {
   *   if (err?.error === 'login_required') return showLoginButton();
   *   if (authResult) useTokens(authResult.accessToken);
   * });
   * ```
   */
  checkSession(options: CheckSessionOptions, cb: Auth0Callback<AuthResult>): void;
  checkSession(options?: CheckSessionOptions): Promise<AuthResult>;
  checkSession(options?: CheckSessionOptions, cb?: NodeCallback<any>): void | Promise<AuthResult | undefined> {
    return callbackOrPromise(cb, (done) => silentAuth(this.ctx, options ?? {}, announced(this.ctx, 'renewed', done)));
  }

  /**
   * Legacy silent authentication (prefer `checkSession`): loads `/authorize` with `prompt=none` in a
   * hidden iframe whose callback page is on this origin, and reads the answer from its URL fragment
   * (or, with `usePostMessage`, from a message that page posts to its parent).
   *
   * @example
   * ```ts
   * webAuth.renewAuth({ redirectUri: location.origin + '/silent-callback.html', usePostMessage: true }, (err, authResult) => {});
   * ```
   */
  renewAuth(options: RenewAuthOptions, cb: Auth0Callback<AuthResult | null>): void;
  renewAuth(options: RenewAuthOptions): Promise<AuthResult | null>;
  renewAuth(options: RenewAuthOptions, cb?: NodeCallback<any>): void | Promise<AuthResult | null | undefined> {
    return callbackOrPromise(cb, (done) => silentAuth(this.ctx, options, announced(this.ctx, 'renewed', done), true));
  }

  /**
   * Sends a password-reset email (`connection`, `email`).
   *
   * @example
   * ```ts
   * await webAuth.changePassword({ connection: 'Username-Password-Authentication', email: 'ana@example.com' });
   * ```
   */
  changePassword(options: ChangePasswordOptions, cb: Auth0Callback<string, RequestError>): RequestHandle;
  changePassword(options: ChangePasswordOptions): Promise<string>;
  changePassword(options: ChangePasswordOptions, cb?: NodeCallback<any>): RequestHandle | Promise<string> {
    return this.client.dbConnection.changePassword(options, cb);
  }

  /**
   * Starts a passwordless login: sends a code or a link (`connection`, `send`, `email` or `phoneNumber`).
   *
   * @example
   * ```ts
   * webAuth.passwordlessStart({ connection: 'email', send: 'code', email: 'ana@example.com' }, (err) => {
   *   if (!err) showCodeForm();
   * });
   * ```
   */
  passwordlessStart(
    options: PasswordlessStartOptions,
    cb: Auth0Callback<PasswordlessStartResult, RequestError>,
  ): RequestHandle;
  passwordlessStart(options: PasswordlessStartOptions): Promise<PasswordlessStartResult>;
  passwordlessStart(
    options: PasswordlessStartOptions,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<PasswordlessStartResult> {
    return passwordlessStart(this.ctx, options, cb);
  }

  /**
   * Creates a database user (`connection`, `email`, `password`, optional `username`, `user_metadata`).
   *
   * @example
   * ```ts
   * const user = await webAuth.signup({ connection: 'Username-Password-Authentication', email, password });
   * ```
   */
  signup(options: DbSignUpOptions, cb: Auth0Callback<DbSignUpResults, RequestError>): RequestHandle;
  signup(options: DbSignUpOptions): Promise<DbSignUpResults>;
  signup(options: DbSignUpOptions, cb?: NodeCallback<any>): RequestHandle | Promise<DbSignUpResults> {
    return this.client.dbConnection.signup(options, cb) as RequestHandle | Promise<DbSignUpResults>;
  }

  /**
   * Signs a user up, then logs them in with the password-realm grant; calls back with the tokens.
   *
   * @example
   * ```ts
   * const tokens = await webAuth.signupAndAuthorize({ connection: 'Username-Password-Authentication', email, password });
   * ```
   */
  signupAndAuthorize(options: SignupAndAuthorizeOptions, cb: Auth0Callback<TokenResult, RequestError>): RequestHandle;
  signupAndAuthorize(options: SignupAndAuthorizeOptions): Promise<TokenResult>;
  signupAndAuthorize(options: SignupAndAuthorizeOptions, cb?: NodeCallback<any>): RequestHandle | Promise<TokenResult> {
    return signupAndAuthorize(this.ctx, options, cb);
  }

  /**
   * Username/password login with a redirect: through the hosted page's `/usernamepassword/login`
   * on the hosted login page, elsewhere through `/co/authenticate`. `cb` is called for errors only.
   *
   * @example
   * ```ts
   * webAuth.login({ realm: 'Username-Password-Authentication', username, password }, (err) => {
   *   if (err) showError(err.description);
   * });
   * ```
   */
  login(options: CrossOriginLoginOptions, cb: Auth0Callback<undefined, RequestError>): void;
  login(options: CrossOriginLoginOptions): Promise<never>;
  login(options: CrossOriginLoginOptions, cb?: NodeCallback<any>): void | Promise<never> {
    return login(this.ctx, this._universalLogin, options, cb);
  }

  /**
   * Logs in with a passwordless code (`connection`, `verificationCode`, `email` or `phoneNumber`).
   *
   * @example
   * ```ts
   * webAuth.passwordlessLogin({ connection: 'email', email: 'ana@example.com', verificationCode: '123456' }, (err) => {
   *   if (err) showError(err.description);
   * });
   * ```
   */
  passwordlessLogin(options: PasswordlessLoginOptions, cb: Auth0Callback<undefined, RequestError>): void;
  passwordlessLogin(options: PasswordlessLoginOptions): Promise<never>;
  passwordlessLogin(options: PasswordlessLoginOptions, cb?: NodeCallback<any>): void | Promise<never> {
    return passwordlessLogin(this.ctx, options, cb);
  }

  /**
   * Verifies a passwordless code, then redirects to finish the login. `cb` is called for errors only.
   *
   * @example
   * ```ts
   * webAuth.passwordlessVerify({ connection: 'sms', phoneNumber: '+15550100', verificationCode: '123456' }, onError);
   * ```
   */
  passwordlessVerify(options: PasswordlessVerifyOptions, cb: Auth0Callback<undefined, RequestError>): RequestHandle;
  passwordlessVerify(options: PasswordlessVerifyOptions): Promise<never>;
  passwordlessVerify(options: PasswordlessVerifyOptions, cb?: NodeCallback<any>): RequestHandle | Promise<never> {
    return passwordlessVerify(this.ctx, options, cb);
  }

  /**
   * Runs the cross-origin verification page: call it on the app page registered for that purpose.
   * The tenant frames it when third-party cookies are blocked and gets the embedded login's verifier.
   */
  crossOriginVerification(): void {
    this.crossOriginAuthentication.callback();
  }

  /** @deprecated Old name of {@link WebAuth.crossOriginVerification}; call that instead. */
  crossOriginAuthenticationCallback(): void {
    this.crossOriginAuthentication.callback();
  }

  /**
   * Redirects to the tenant's logout endpoint (`returnTo`, `clientID`, `federated`). With
   * `useRefreshTokens` the held refresh token is forgotten and revoked first, and with `useDpop` the
   * key pair deleted (without DPoP's chunk when it cannot load); the page leaves within 3 s whatever
   * happens (4 s when that chunk is late: the key's deletion gets 1 s more).
   *
   * @example
   * ```ts
   * webAuth.logout({ returnTo: 'https://app.example.com/' });
   * ```
   */
  logout(options?: LogoutOptions): void {
    const url = this.client.buildLogoutUrl(options);
    this.ctx.sessionEvents?.('signed_out');
    logoutThenLeave(this.ctx, url);
  }

  /**
   * Listens for what the app's other tabs (same origin, `domain` and `clientID`) do: `signed_in`,
   * `renewed`, `signed_out` and `user_changed`, each with its `time` and the user's `sub` only.
   * While a listener is registered this instance tells the other tabs of its own `parseHash`,
   * popup logins, `checkSession`, `renewAuth` and `logout`. When another tab signs out (or signs in
   * someone else), the refresh token and DPoP-bound tokens this page holds in memory are forgotten
   * before the listener runs. Resolves once the page listens, with the function that removes the
   * listener; rejects with a {@link ChunkLoadError} when the CDN chunk cannot load. Opt-in: a page
   * that never calls it opens no channel; where `BroadcastChannel` is missing, nothing is heard.
   *
   * @throws {@link ArgumentError} `listener parameter is not valid` when `listener` is not a function.
   *
   * @example
   * ```ts
   * const stop = await webAuth.onSessionEvent((event) => {
   *   if (event.type === 'signed_out' || event.type === 'user_changed') location.reload();
   * });
   * // later: stop();
   * ```
   */
  onSessionEvent(listener: SessionEventListener): Promise<() => void> {
    return onSessionEvent(this.ctx, listener);
  }

  /**
   * With `useDpop`: the DPoP helper bound to this application's key, for the app's own API calls
   * with the access tokens this instance obtained (undefined without `useDpop`).
   *
   * @example
   * ```ts
   * const { accessToken } = authResult; // tokenType: 'DPoP'
   * const response = await webAuth.dpop!.fetchWithRetry('https://api.example.com/orders', {}, accessToken);
   * // or: const headers = await webAuth.dpop!.proofHeaders('GET', url, accessToken);
   * ```
   */
  get dpop(): Dpop | undefined {
    return this.ctx.dpop?.helper;
  }

  /**
   * Sign-up and sign-in with passkeys (WebAuthn) through the tenant's passkey API: `signup` and
   * `login`, each calling back with the `authResult` (see {@link Passkeys}). The code loads on
   * first use. For apps that run the browser's ceremony themselves, the steps are on `client`
   * (`getSignupChallenge`, `getLoginChallenge`, `getTokenWithPasskey`).
   *
   * @example
   * ```ts
   * const authResult = await webAuth.passkey.login();
   * ```
   */
  get passkey(): Passkeys {
    return passkeys(this.ctx);
  }

  /** RFC 8693 token exchange (see `client.customTokenExchange`). */
  customTokenExchange(options: CustomTokenExchangeOptions, cb: Auth0Callback<TokenResult, RequestError>): RequestHandle;
  customTokenExchange(options: CustomTokenExchangeOptions): Promise<TokenResult>;
  customTokenExchange(
    options: CustomTokenExchangeOptions,
    cb?: NodeCallback<any>,
  ): RequestHandle | Promise<TokenResult> {
    return this.client.customTokenExchange(options, cb as Auth0Callback<TokenResult, RequestError>);
  }

  /**
   * Renders the login captcha of the hosted login page into `element` (the tenant's image
   * challenge, or a third-party widget) and returns `{ reload, getValue }`. Send `getValue()` as
   * the `captcha` option of `login`, and `reload()` after a failed attempt. The element is hidden
   * when the tenant requires no captcha. `callback` runs once the captcha is ready, or with the error.
   *
   * @example
   * ```ts
   * const captcha = webAuth.renderCaptcha(document.getElementById('captcha')!, { lang: 'en' });
   * webAuth.login({ realm, username, password, captcha: captcha.getValue() }, (err) => {
   *   if (err) captcha.reload();
   * });
   * ```
   */
  renderCaptcha(element: HTMLElement, options?: CaptchaConfiguration, callback?: Auth0Callback<any>): Captcha {
    return startCaptcha(this.ctx.env, this.client, 'default', element, options, callback);
  }

  /** As `renderCaptcha`, for the sign-up flow (`signup`'s `captcha` option). */
  renderSignupCaptcha(element: HTMLElement, options?: CaptchaConfiguration, callback?: Auth0Callback<any>): Captcha {
    return startCaptcha(this.ctx.env, this.client, 'signup', element, options, callback);
  }

  /** As `renderCaptcha`, for the passwordless flow (`passwordlessStart`'s `captcha` option). */
  renderPasswordlessCaptcha(
    element: HTMLElement,
    options?: CaptchaConfiguration,
    callback?: Auth0Callback<any>,
  ): Captcha {
    return startCaptcha(this.ctx.env, this.client, 'passwordless', element, options, callback);
  }

  /** As `renderCaptcha`, for the password-reset flow (`changePassword`'s `captcha` option). */
  renderPasswordResetCaptcha(
    element: HTMLElement,
    options?: CaptchaConfiguration,
    callback?: Auth0Callback<any>,
  ): Captcha {
    return startCaptcha(this.ctx.env, this.client, 'password_reset', element, options, callback);
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(WebAuth);
