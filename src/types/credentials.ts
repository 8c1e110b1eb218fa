/** Options of the credential flows: token grants, embedded (cross-origin) login and its redirect helpers. */
import type { BaseAuthOptions } from './authorize.js';
import type { Captcha } from './captcha.js';

/** Fields common to the password-based token grants. */
export interface LoginOptions {
  /** The user's username or email. */
  username: string;
  /** The user's password. */
  password: string;
  /** Space-separated scopes (default: the constructor's `scope`). */
  scope?: string | undefined;
  /** The API the access token is for (default: the constructor's `audience`). */
  audience?: string | undefined;
}

/** `client.login`: the password-realm grant (`POST /oauth/token`). */
export interface DefaultLoginOptions extends LoginOptions {
  /** The connection (realm) that holds the user, for example `Username-Password-Authentication`. */
  realm: string;
}

/** `client.loginWithDefaultDirectory`: the password grant against the tenant's default directory. */
export type DefaultDirectoryLoginOptions = LoginOptions;

/** `client.loginWithResourceOwner`: the legacy `POST /oauth/ro` login. */
export interface ResourceOwnerLoginOptions extends LoginOptions {
  /** The connection that holds the user. */
  connection: string;
  /** A device name, for refresh tokens issued by `/oauth/ro`. */
  device?: string | undefined;
}

/**
 * `client.oauthToken`: any grant on `POST /oauth/token`; camelCase names are sent snake_cased.
 * Only the parameters `/oauth/token` knows are sent (except for the token-exchange grant).
 */
export interface OAuthTokenOptions {
  /** The grant, for example `authorization_code`, `refresh_token` or `password`. */
  grantType: string;
  /** The application's client ID (default: the constructor's). */
  clientID?: string | undefined;
  /** The authorization code (`authorization_code` grant). */
  code?: string | undefined;
  /** The PKCE verifier of that code. */
  codeVerifier?: string | undefined;
  /** The redirect URI the code was issued for. */
  redirectUri?: string | undefined;
  /** The refresh token (`refresh_token` grant). */
  refreshToken?: string | undefined;
  /** The user's username (password grants). */
  username?: string | undefined;
  /** The user's password (password grants). */
  password?: string | undefined;
  /** The connection (password-realm grant). */
  realm?: string | undefined;
  /** Space-separated scopes. */
  scope?: string | undefined;
  /** The API the access token is for. */
  audience?: string | undefined;
  /** Other grant parameters (sent snake_cased when `/oauth/token` accepts them). */
  [param: string]: any;
}

/** `customTokenExchange` (RFC 8693 token exchange with a tenant-defined profile). */
export interface CustomTokenExchangeOptions {
  /** The token to exchange. */
  subjectToken: string;
  /** A URI naming the subject token's type, as configured on the tenant (for example `urn:acme:legacy`). */
  subjectTokenType: string;
  /** The API the access token is for. */
  audience?: string | undefined;
  /** Space-separated scopes (default: the constructor's `scope`). */
  scope?: string | undefined;
  /** The organization to log in to. */
  organization?: string | undefined;
  /** Other parameters for the tenant's exchange action, sent snake_cased. */
  [param: string]: any;
}

/** `client.delegation` (legacy `POST /delegation`). Names are sent as given. */
export interface DelegationOptions {
  /** Usually `urn:ietf:params:oauth:grant-type:jwt-bearer`. */
  grant_type: string;
  /** The application's client ID (default: the constructor's). */
  client_id?: string | undefined;
  /** The ID token to exchange. */
  id_token?: string | undefined;
  /** A refresh token to exchange instead of an ID token. */
  refresh_token?: string | undefined;
  /** The client ID of the target application. */
  target?: string | undefined;
  /** Space-separated scopes. */
  scope?: string | undefined;
  /** The target API type (for example `app` or an add-on name). */
  api_type?: string | undefined;
  /** Other delegation parameters, sent as given. */
  [param: string]: any;
}

/**
 * `WebAuth.login` and `crossOriginAuthentication.login`: username/password login that ends with a
 * redirect. The credentials go to `/co/authenticate` (or `/usernamepassword/login` on the hosted
 * page); every other field goes on to `/authorize`.
 */
export interface CrossOriginLoginOptions extends BaseAuthOptions {
  /** The user's username; takes precedence over `email`. */
  username?: string | undefined;
  /** The user's email, used when `username` is absent. */
  email?: string | undefined;
  /** The user's password. */
  password: string;
  /** The database connection; without it `/co/authenticate` uses the tenant's default directory. */
  realm?: string | undefined;
  /** Named in `@types/auth0-js`; the constructor's domain is used. */
  domain?: string | undefined;
  /**
   * The answer to the bot-detection challenge, when one is required: pass `captcha.getValue()`,
   * the string the tenant checks. The `Captcha` object is admitted because `@types/auth0-js`
   * declared it here.
   */
  captcha?: string | Captcha | undefined;
  /**
   * Called after the credentials were accepted, before the browser leaves the page; the login
   * continues when `done` is called.
   */
  onRedirecting?: (done: () => void) => void;
  /** An organization ID or name to log in to (default: the constructor's). */
  organization?: string | undefined;
  /** An organization invitation ID (default: the constructor's). */
  invitation?: string | undefined;
  /** Other `/authorize` parameters for the redirect after the credential step. */
  [param: string]: any;
}

/**
 * `redirect.loginWithCredentials` (v10's older name for embedded login): the options go to
 * `/co/authenticate` as given, without the constructor's options or a transaction.
 *
 * The credentials are optional in the type, as in `@types/auth0-js`, but the tenant needs them:
 * `username` or `email`, `password`, and `realm` or `connection` (moved into `realm`).
 */
export interface RedirectLoginOptions extends Omit<CrossOriginLoginOptions, 'password'> {
  /** The user's password (required by the tenant; optional in the type for `@types` code). */
  password?: string | undefined;
  /** The database connection; sent as `realm` (v10 moves it there in the caller's object). */
  connection?: string | undefined;
  /** How the response comes back after the redirect: `query` or `fragment`. */
  responseMode?: string | undefined;
}

/** `redirect.signupAndLogin`: sign up, then `webAuth.login` with the same options. */
export interface RedirectSignupAndLoginOptions extends CrossOriginLoginOptions {
  /** The new user's email. */
  email: string;
  /** The new user's password. */
  password: string;
  /** The database connection to create the user in (also the login realm). */
  connection: string;
  /** Custom attributes, stored as `user_metadata`. */
  userMetadata?: unknown;
}
