/** Options of the `webAuth.popup` helpers (login in a popup window, answered by `postMessage`). */
import type { AuthorizeOptions } from './authorize.js';
import type { CrossOriginLoginOptions } from './credentials.js';

/** Size and position of the popup window (`window.open` features). */
export interface PopupWindowOptions {
  /** Width in pixels (default 500). */
  width?: number | undefined;
  /** Height in pixels (default 600). */
  height?: number | undefined;
  /** Left edge in pixels (default: centred over the opener). */
  left?: number | undefined;
  /** Top edge in pixels (default: centred over the opener). */
  top?: number | undefined;
  /** `popup.preload` passes any other `window.open` feature as given (for example `scrollbars`). */
  [feature: string]: any;
}

/**
 * `popup.preload`: opens the window at once, inside the click handler, so the browser does not
 * block it; pass the returned handler as `popupHandler` to a later popup call.
 */
export interface PopupPreloadOptions {
  /** The page to open first (default `about:blank`). */
  url?: string | undefined;
  /** Size and position of the window. */
  popupOptions?: PopupWindowOptions | undefined;
  /** Older code passed the size directly; only `popupOptions` is read. */
  [option: string]: any;
}

/** Fields every popup flow accepts. */
export interface PopupCommonOptions {
  /** A handler from `popup.preload`, whose already-open window is used. */
  popupHandler?: unknown;
  /** Size and position of the window (`width`, `height`, `left`, `top`). */
  popupOptions?: PopupWindowOptions | undefined;
}

/**
 * `popup.authorize`: the `/authorize` flow in a popup. The popup's callback page calls
 * `popup.callback()`, which validates the response and posts it back.
 */
export interface PopupAuthorizeOptions extends AuthorizeOptions, PopupCommonOptions {
  /** Named in `@types/auth0-js` as required; the constructor's domain is used when omitted. */
  domain?: string | undefined;
  /** Named in `@types/auth0-js` (sic); the constructor's `clientID` is what is sent. */
  clientId?: string | undefined;
  /**
   * "One window popup": the tenant's relay page answers instead of the app's callback page, so
   * `redirectUri` may be omitted.
   */
  owp?: boolean | undefined;
}

/** `popup.callback`, on the popup's callback page. */
export interface PopupCallbackOptions {
  /** The fragment to read (default: this page's). */
  hash?: string | undefined;
  /** The expected `state` (default: the one the opener stored). */
  state?: string | undefined;
  /** The expected `nonce` (default: the one the opener stored). */
  nonce?: string | undefined;
  /** The opener's origin (default: the constructor's `popupOrigin`, else this page's origin). */
  popupOrigin?: string | undefined;
  /** Not read by auth0-js 10: a present ID token is always verified. */
  _idTokenVerification?: boolean | string | undefined;
}

/**
 * `popup.loginWithCredentials`: embedded login without leaving the page. The credentials go to
 * `/co/authenticate`, then a hidden iframe gets the tokens (`prompt=none`, `web_message`); no
 * window opens.
 */
export interface PopupLoginOptions extends Omit<CrossOriginLoginOptions, 'password'>, PopupCommonOptions {
  /** The user's password (required by the tenant; optional in the type for `@types` code). */
  password?: string | undefined;
  /** The database connection; used as `realm` when `realm` is absent. */
  connection?: string | undefined;
  /** Milliseconds to wait for the iframe's answer (default: the constructor's, else 60 000). */
  timeout?: number | undefined;
}

/** `popup.passwordlessVerify`: verify a code, then log in with it through `/oauth/ro`. */
export interface PopupPasswordlessVerifyOptions extends PopupCommonOptions {
  /** `email` or `sms` (removed before the login request). */
  type?: 'sms' | 'email' | undefined;
  /** The phone number the code was sent to (`sms`). */
  phoneNumber?: string | undefined;
  /** The email the code was sent to (`email`). */
  email?: string | undefined;
  /** The passwordless connection. */
  connection: string;
  /** The code the user received. */
  verificationCode: string;
  /** Space-separated scopes for the login. */
  scope?: string | undefined;
  /** Other login parameters, sent as given. */
  [param: string]: any;
}

/** `popup.signupAndLogin`: sign up, then `popup.loginWithCredentials`. */
export interface PopupSignupOptions extends PopupLoginOptions {
  /** The new user's email. */
  email: string;
  /** The new user's password. */
  password: string;
  /** The database connection to create the user in. */
  connection: string;
  /** Custom attributes, stored as `user_metadata`. */
  userMetadata?: unknown;
}
