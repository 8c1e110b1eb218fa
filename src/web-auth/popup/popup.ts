/**
 * `webAuth.popup`: login in a popup window (`authorize`, answered by `callback` on the
 * `redirectUri` page with v10's message protocol) and v10's embedded logins that finish without a
 * redirect (`loginWithCredentials`, `passwordlessVerify`, `signupAndLogin`).
 */
import { detachableMethods } from '../../shared/detachable.js';
import { checkSignupOptions } from '../../authentication/db-connection.js';
import { extractOrigin, type PopupChannel } from '../../browser/popup-window.js';
import { CREDENTIALS_IN_REDIRECT_URI } from '../../browser/url-origin.js';
import { ArgumentError } from '../../errors.js';
import { wrapCallback } from '../../http/response-handler.js';
import { checkOptions, checkOptionsObject, checkValue, required } from '../../shared/assert.js';
import { afterResponse, callbackOrPromise, tapError } from '../../shared/callback.js';
import { mergeBase, omit, pick } from '../../shared/objects.js';
import { joinUrl } from '../../shared/query.js';
import { withHint } from '../../shared/debug.js';
import type { WebAuthContext } from '../../flow/context.js';
import { crossOriginAuthentication, crossOriginLogin } from '../cross-origin/cross-origin-login.js';
import type { CrossOriginAuthentication } from '../../types.js';
import type { TransactionManager } from '../../flow/transaction-manager.js';
import { signupThenLogin } from '../sign-up/signup-then-login.js';
import { startPkce, usesPkce } from '../../pkce/start.js';
import type { PluginHandler } from '../plugins.js';
import { ChunkLoadError } from '../chunk-load-error.js';
import { loadCapability } from '../load-capability.js';
import { PopupHandler } from './popup-handler.js';
import { announced } from '../session-events/announce.js';
import { startPopupCallback, type PopupCallbackOptions } from './popup-callback-start.js';
import { expectsIdToken, prefetchKeySet } from '../../flow/key-set-prefetch.js';
import type { RequestError } from '../../errors.js';
import type {
  Auth0Callback,
  PopupAuthorizeOptions,
  PopupLoginOptions,
  PopupPasswordlessVerifyOptions,
  PopupPreloadOptions,
  PopupSignupOptions,
  TokenResult,
  AuthResult,
  RequestHandle,
} from '../../types.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

export type { PopupAuthorizeOptions, PopupPreloadOptions };

const AUTHORIZE_KEYS = [
  'clientID',
  'scope',
  'domain',
  'audience',
  'tenant',
  'responseType',
  'redirectUri',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
  'organization',
  'invitation',
];
const CREDENTIALS_KEYS = ['redirectUri', 'responseType', 'state', 'nonce', 'timeout'];
const OPTIONS_MESSAGE = 'options parameter is not valid';

/** What `preload` and `authorize` use: ours, or a plugin's object with the same two methods. */
export interface PopupLoader {
  preload(options: AnyObject): unknown;
  load(url: string, relayUrl: string | undefined, options: AnyObject, cb: NodeCallback<any>): PopupChannel;
}

/** `webAuth.popup`. */
export class Popup {
  /** The instance's transaction store (v10 exposed it here too). */
  transactionManager: TransactionManager;
  /** Its own `crossOriginAuthentication` object, as in v10. */
  crossOriginAuthentication: CrossOriginAuthentication;

  constructor(
    private readonly ctx: WebAuthContext,
    private readonly parseHash: (options: AnyObject, cb: NodeCallback<any>) => void,
  ) {
    // v10's Popup constructor writes the key, undefined unless given.
    // eslint-disable-next-line no-self-assign -- creates the own key, as v10 does
    ctx.baseOptions.popupOrigin = ctx.baseOptions.popupOrigin;
    this.transactionManager = ctx.transactionManager;
    this.crossOriginAuthentication = crossOriginAuthentication(ctx);
  }

  private plugin<T>(point: string): T | null {
    return (this.ctx.baseOptions.plugins as unknown as PluginHandler).get(point) as T | null;
  }

  /** A new popup handler (a plugin's, when one supports `popup.getPopupHandler`). */
  buildPopupHandler(): PopupLoader {
    const plugin = this.plugin<{ getPopupHandler(): PopupLoader }>('popup.getPopupHandler');
    return plugin ? plugin.getPopupHandler() : new PopupHandler(this.ctx.env, this.ctx.baseOptions.debug);
  }

  /**
   * Opens the popup window now (call it in the click handler, so it is not blocked) and returns
   * the handler to pass to `authorize` as `popupHandler`.
   *
   * @example
   * ```ts
   * button.onclick = () => {
   *   const popupHandler = webAuth.popup.preload({ popupOptions: { width: 400 } });
   *   fetchSomething().then(() => webAuth.popup.authorize({ popupHandler }, onResult));
   * };
   * ```
   */
  preload(options?: PopupPreloadOptions): PopupLoader {
    const handler = this.buildPopupHandler();
    handler.preload(options || {});
    return handler;
  }

  /** `options.popupHandler`, else a preloaded handler when `preload` is truthy, else a new one. */
  getPopupHandler(options: AnyObject, preload?: boolean): PopupLoader {
    if (options.popupHandler) return options.popupHandler;
    return preload ? this.preload(options) : this.buildPopupHandler();
  }

  /**
   * On the popup's `redirectUri` page: validates the response in the URL fragment and sends the
   * result to the opener (whose origin must be `popupOrigin`, by default this page's).
   *
   * @example
   * ```ts
   * new WebAuth({ domain, clientID }).popup.callback();
   * ```
   */
  callback(options?: PopupCallbackOptions): void {
    startPopupCallback(this.ctx, this.parseHash, options);
  }

  /**
   * Logs in in a popup window: `/authorize` there, the response validated by `popup.callback` on
   * the `redirectUri` page (or, with `owp`, relayed by the tenant). `cb` gets the `authResult`.
   * Returns the window handle (`{ originalPopup, close(), focus() }`); a Promise without `cb`.
   *
   * @example
   * ```ts
   * webAuth.popup.authorize({ connection: 'github', redirectUri: 'https://app.example.com/popup-callback' }, (err, authResult) => {
   *   if (err) return showError(err.code, err.description); // e.g. popup_blocked
   *   useTokens(authResult);
   * });
   * ```
   */
  authorize(options: PopupAuthorizeOptions, cb: Auth0Callback<AuthResult, RequestError>): PopupChannel;
  authorize(options: PopupAuthorizeOptions): Promise<AuthResult>;
  authorize(options: PopupAuthorizeOptions, cb?: NodeCallback<any>): PopupChannel | Promise<AuthResult> {
    checkOptionsObject(options);
    const plugin = this.plugin<{ processParams(params: AnyObject): AnyObject }>('popup.authorize');
    let params = mergeBase(this.ctx.baseOptions, AUTHORIZE_KEYS, omit(options, ['popupHandler']));
    checkOptions(params, OPTIONS_MESSAGE, [required('responseType', 'responseType option is required')]);
    let relayUrl: string | undefined = joinUrl(this.ctx.baseOptions.rootUrl, 'relay.html');
    const loadOptions: AnyObject = {};
    if (options.owp) {
      // "One window popup": the tenant's relay page answers, from the tenant's origin.
      params.owp = true;
    } else {
      loadOptions.origin = extractOrigin(this.ctx.env, params.redirectUri);
      relayUrl = params.redirectUri as string | undefined;
    }
    if (options.popupOptions) loadOptions.popupOptions = pick(options.popupOptions, ['width', 'height', 'top', 'left']);
    // The popup's answer loses its hint on the way (JSON, then v10's error shape): added again.
    const answer = (done: NodeCallback<any>) => {
      const wrapped = wrapCallback(
        tapError(done, (err) => withHint(err)),
        { keepOriginalCasing: true },
      );
      // A popup chunk that did not load: its own error, as every capability reports it.
      return (err: unknown, data?: unknown) => (err instanceof ChunkLoadError ? done(err) : wrapped(err, data));
    };
    if (!options.owp && !loadOptions.origin) {
      // Before any transaction or window: nothing is left behind.
      const error = { error: 'origin_mismatch', error_description: CREDENTIALS_IN_REDIRECT_URI };
      return callbackOrPromise(cb, (done) => answer(done)(error)) as never;
    }
    if (plugin) params = plugin.processParams(params);
    delete params.domain;
    const load = (handler: PopupLoader, url: string, done: NodeCallback<any>) =>
      handler.load(url, relayUrl, loadOptions, answer(announced(this.ctx, 'signed_in', done)));
    if (usesPkce(this.ctx, params)) {
      // The window opens now, in the click; the challenge (a digest) arrives a moment later.
      const handler = this.getPopupHandler(options, true);
      const opened = (handler as PopupHandler)._current_popup ?? null;
      // The popup chunk starts loading with the window, not after the digest (load() takes it then).
      if (handler instanceof PopupHandler) void loadCapability('popup').catch(() => undefined);
      const ready = startPkce(this.ctx, params, true);
      let channel: PopupChannel | undefined;
      // Until the window is loaded, the handle closes and focuses the window itself.
      const handle: PopupChannel = {
        originalPopup: opened,
        close: () => (channel ? channel.close() : opened?.close()),
        focus: () => (channel ?? opened)?.focus(),
      };
      return callbackOrPromise(cb, (done) => {
        void ready.then((p) => (channel = load(handler, this.ctx.client.buildAuthorizeUrl(p), done)));
        return handle;
      });
    }
    params = this.ctx.transactionManager.process(params);
    params.scope = params.scope || 'openid profile email';
    const url = this.ctx.client.buildAuthorizeUrl(params);
    const handler = this.getPopupHandler(options);
    // The callback page verifies on this origin: the login in the popup gives the key set time to
    // reach IndexedDB, where that page finds it instead of requesting it after the redirect.
    if (expectsIdToken(params.responseType)) prefetchKeySet(this.ctx);
    return callbackOrPromise(cb, (done) => load(handler, url, done));
  }

  /**
   * Username/password (database or passwordless realm) login without leaving the page:
   * `/co/authenticate`, then `/authorize` in a hidden iframe. `cb` gets the `authResult`.
   *
   * @example
   * ```ts
   * webAuth.popup.loginWithCredentials({ connection: 'Username-Password-Authentication', username, password }, (err, authResult) => {});
   * ```
   */
  loginWithCredentials(options: PopupLoginOptions, cb: Auth0Callback<AuthResult, RequestError>): void;
  loginWithCredentials(options: PopupLoginOptions): Promise<AuthResult>;
  loginWithCredentials(options: AnyObject, cb?: NodeCallback<any>): void | Promise<AuthResult> {
    checkOptionsObject(options);
    options.realm = options.realm || options.connection;
    options.popup = true;
    const params = mergeBase(this.ctx.baseOptions, CREDENTIALS_KEYS, omit(options, ['popupHandler', 'connection']));
    return crossOriginLogin(
      this.ctx,
      this.ctx.transactionManager.process(params),
      cb as NodeCallback<never>,
    ) as void | Promise<AuthResult>;
  }

  /**
   * Verifies a passwordless code, then logs in with it through the legacy `/oauth/ro` endpoint;
   * `cb` gets its tokens. `options` is changed in place as in v10 (`username`, `password`).
   */
  passwordlessVerify(
    options: PopupPasswordlessVerifyOptions,
    cb: Auth0Callback<TokenResult, RequestError>,
  ): RequestHandle;
  passwordlessVerify(options: PopupPasswordlessVerifyOptions): Promise<TokenResult>;
  passwordlessVerify(options: AnyObject, cb?: NodeCallback<any>): RequestHandle | Promise<TokenResult> {
    checkOptionsObject(options);
    // What /oauth/ro needs beyond what verify checks, before the first request.
    checkValue(options.scope, 'string', 'scope option is required', true);
    return callbackOrPromise(cb, (done) =>
      this.ctx.client.passwordless.verify(omit(options, ['popupHandler']) as never, (err: unknown) => {
        if (err) return done(err);
        afterResponse(done, (report) => {
          options.username = options.phoneNumber || options.email;
          options.password = options.verificationCode;
          for (const key of ['email', 'phoneNumber', 'verificationCode', 'type']) delete options[key];
          this.ctx.client.loginWithResourceOwner(options as never, report);
        });
      }),
    );
  }

  /**
   * Signs a database user up, then logs them in as `loginWithCredentials` does; a login error
   * carries `errorInfo` (the account exists).
   */
  signupAndLogin(options: PopupSignupOptions, cb: Auth0Callback<AuthResult, RequestError>): void;
  signupAndLogin(options: PopupSignupOptions): Promise<AuthResult>;
  signupAndLogin(options: AnyObject, cb?: NodeCallback<any>): void | Promise<AuthResult> {
    checkOptionsObject(options);
    checkSignupOptions(omit(options, ['popupHandler']) as never);
    // The login step's own check, before the sign-up request rather than after it.
    if (!mergeBase(this.ctx.baseOptions, ['responseType'], options).responseType)
      throw new ArgumentError('responseType is required');
    return callbackOrPromise(cb, (done) =>
      signupThenLogin(
        this.ctx,
        options,
        (loginDone) =>
          afterResponse(loginDone, (report) => this.loginWithCredentials(options as never, report as never)),
        done as NodeCallback<never>,
      ),
    );
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(Popup);
