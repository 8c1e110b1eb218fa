/**
 * Options of the `/authorize` family: redirect login, the URL builders, logout and silent
 * authentication. Fields the caller leaves out are taken from the `WebAuth` options where v10 did.
 */

/** Authorize parameters several flows accept per call, over the constructor's options. */
export interface BaseAuthOptions {
  /** The application's client ID (default: the constructor's `clientID`). */
  clientID?: string | undefined;
  /** Space-separated response types: `code`, `token`, `id_token` (default: the constructor's). */
  responseType?: string | undefined;
  /** How the response comes back: `query`, `fragment`, `form_post` or `web_message`. */
  responseMode?: string | undefined;
  /** Where the tenant sends the response; must be an allowed callback URL of the application. */
  redirectUri?: string | undefined;
  /** Space-separated scopes, for example `openid profile email`. */
  scope?: string | undefined;
  /** The API (resource server) the access token is for. */
  audience?: string | undefined;
  /** Opaque value checked on return; generated per transaction when omitted. */
  state?: string | undefined;
  /** Replay protection for ID tokens; generated per transaction when omitted. */
  nonce?: string | undefined;
  /** Hosted-login-page internal, sent as given. */
  _csrf?: string | undefined;
  /** Hosted-login-page internal, sent as given. */
  _intstate?: string | undefined;
  /**
   * Named in `@types/auth0-js` (a misspelling of `_intstate`); not read by auth0-js 10, sent as an
   * unknown `/authorize` parameter if given.
   */
  __instate?: string | undefined;
}

/**
 * Parameters of an `/authorize` request (`authorize`, `buildAuthorizeUrl`, `checkSession`).
 * Parameters not listed here are sent as given, snake_cased (v10 warns about unknown ones).
 */
export interface AuthorizeOptions extends BaseAuthOptions {
  /** Ignored by `authorize` (the constructor's domain is used); read by `popup.authorize`. */
  domain?: string | undefined;
  /** The connection to log in with, skipping the login page (for example `github`). */
  connection?: string | undefined;
  /** `none`, `login`, `consent` or `select_account`. */
  prompt?: string | undefined;
  /** Seconds since the user last authenticated after which they must sign in again. */
  maxAge?: number | undefined;
  /** Prefills the identifier on the login page. */
  login_hint?: string | undefined;
  /** `signup` opens the hosted page on its signup screen. */
  screen_hint?: 'signup' | (string & {}) | undefined;
  /** The language of the hosted page (`ui_locales` style, for example `es`). */
  language?: string | undefined;
  /** Classic hosted page: open on the `login` or the `signUp` screen. */
  mode?: 'login' | 'signUp' | undefined;
  /** Sent as `access_type` (Google: `offline` for a refresh token). */
  accessType?: string | undefined;
  /** Sent as `approval_prompt` (Google). */
  approvalPrompt?: string | undefined;
  /** Extra scopes for the identity provider; an array is sent comma-joined. */
  connection_scope?: string | string[] | undefined;
  /** An organization ID (`org_…`) or name to log in to. */
  organization?: string | undefined;
  /** An organization invitation ID (from the invitation link). */
  invitation?: string | undefined;
  /**
   * Any value: stored with the transaction (not sent) and returned as `authResult.appState`.
   * When `state` is passed to `parseHash`, `appState` is that state string instead (as in v10).
   */
  appState?: any;
  /** PKCE code challenge, when the app runs the code flow itself. */
  codeChallenge?: string | undefined;
  /** PKCE method, `S256`. */
  codeChallengeMethod?: string | undefined;
  /** Other `/authorize` parameters (sent snake_cased, with a console warning for unknown names). */
  [param: string]: any;
}

/**
 * `buildAuthorizeUrl` options as the community declarations name them. `buildAuthorizeUrl` itself
 * accepts any {@link AuthorizeOptions} (missing values come from the constructor's options).
 */
export interface AuthorizeUrlOptions extends AuthorizeOptions {
  /** Where the tenant sends the response. */
  redirectUri: string;
  /** Space-separated response types: `code`, `token`, `id_token`. */
  responseType: string;
  /** `query`, `fragment` or `form_post` (`web_message` is also accepted by the tenant). */
  responseMode?: 'query' | 'fragment' | 'form_post' | 'web_message' | undefined;
}

/** `logout` / `buildLogoutUrl` options. */
export interface LogoutOptions {
  /** The application whose allowed logout URLs `returnTo` is checked against (default: none sent). */
  clientID?: string | undefined;
  /** Where the tenant sends the browser after logout (must be an allowed logout URL). */
  returnTo?: string | undefined;
  /** Also log the user out of the identity provider (`federated` query flag). */
  federated?: boolean | undefined;
}

/**
 * `checkSession`: silent authentication in a hidden iframe with `prompt=none` and
 * `response_mode=web_message` (both forced). Any `/authorize` parameter can be given.
 */
export interface CheckSessionOptions extends AuthorizeOptions {
  /**
   * Milliseconds to wait for the tenant's answer before a `timeout` error (default 60 000). With
   * `useRefreshTokens`, counted from the call (another tab's renewal included); the grant is then aborted.
   */
  timeout?: number | undefined;
  /** Ignored: removed in v10 (the answer always comes by `postMessage`). Accepted for older code. */
  usePostMessage?: boolean | undefined;
  /** Ignored: removed in v10. Accepted for older code. */
  postMessageDataType?: string | false | undefined;
}

/**
 * `renewAuth` (legacy silent authentication): a hidden iframe loads `/authorize` with `prompt=none`
 * and the app's callback page hands the response back.
 */
export interface RenewAuthOptions {
  /** Named in `@types/auth0-js`; the constructor's domain is used. */
  domain?: string | undefined;
  /** The application's client ID (default: the constructor's). */
  clientID?: string | undefined;
  /** The silent callback page (default: the constructor's `redirectUri`). */
  redirectUri?: string | undefined;
  /** Response types (default `token`). */
  responseType?: string | undefined;
  /** How the response is returned (default `fragment`). */
  responseMode?: string | undefined;
  /** Opaque value checked on return; generated when omitted. */
  state?: string | undefined;
  /** Replay protection for ID tokens; generated when omitted. */
  nonce?: string | undefined;
  /** Space-separated scopes. */
  scope?: string | undefined;
  /** The API the access token is for. */
  audience?: string | undefined;
  /**
   * With `usePostMessage`: the `type` the callback page's message must carry. Omitted (v10's
   * default, `false`), a message of any type is accepted.
   */
  postMessageDataType?: string | undefined;
  /** With `usePostMessage`: the origin the message must come from (default: this page's origin). */
  postMessageOrigin?: string | undefined;
  /** Milliseconds before a `timeout` error (default 60 000). */
  timeout?: number | undefined;
  /**
   * `true`: the callback page posts the hash (or `{ hash }`) to its parent; `false` (default): the
   * iframe's hash is read directly, which needs the callback page on this origin.
   */
  usePostMessage?: boolean | undefined;
  /** Other `/authorize` parameters, sent as given. */
  [param: string]: any;
}

/** The `authParams` of `passwordlessStart`: the authorize parameters of the emailed link. */
export interface PasswordlessStartAuthParams extends BaseAuthOptions {
  /** Other authorize parameters for the link's redirect, sent as given. */
  [param: string]: any;
}
