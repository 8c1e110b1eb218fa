/**
 * Public option and result shapes. The names follow the ones auth0-js 10 apps already use (through
 * the community declarations), so existing annotations keep compiling after the switch.
 */

/**
 * The error every callback can receive. Which fields are set depends on the call: HTTP calls give
 * `code`, `description`, `statusCode` and `original`; `parseHash` gives `error` and
 * `errorDescription`; silent authentication gives both spellings.
 */
export interface Auth0Error {
  error?: string | number | null;
  errorDescription?: string;
  /** A string from the server, or an object for some policy errors (as `description`). */
  error_description?: unknown;
  code?: string | number | null;
  description?: unknown;
  name?: string;
  policy?: unknown;
  original?: unknown;
  statusCode?: number;
  statusText?: string;
  state?: string;
}

/** Error codes the library itself produces (in `error` or `code`), beside the server's. */
export type LibErrorCodes =
  | 'timeout'
  | 'request_error'
  | 'invalid_token'
  | 'invalid_hash'
  | 'origin_mismatch'
  | 'generic_error'
  | 'error'
  | 'window_error'
  | 'window_closed';

/** Silent authentication: the user has no session at the tenant. */
export type LoginRequiredErrorCode = 'login_required';
/** Silent authentication: the tenant needs the user on a page first (a redirect rule, for example). */
export type InteractionRequiredErrorCode = 'interaction_required';
/** Silent authentication: the user has not consented to the requested scopes yet. */
export type ConsentRequiredErrorCode = 'consent_required';
/** Error codes of the OpenID Connect specification. */
export type SpecErrorCodes =
  | LoginRequiredErrorCode
  | InteractionRequiredErrorCode
  | ConsentRequiredErrorCode
  | 'account_selection_required'
  | 'invalid_request_uri'
  | 'invalid_request_object'
  | 'request_not_supported'
  | 'request_uri_not_supported'
  | 'registration_not_supported';

/** An error from `parseHash`: an error in the URL fragment also carries its `state`. */
export type Auth0ParseHashError = Auth0Error & { state?: string };

/**
 * A v10 callback. `result` is only meaningful when `error` is `null`.
 *
 * @example
 * ```ts
 * const done: Auth0Callback<TokenResult> = (err, tokens) => {
 *   if (err) return console.error(err.description);
 *   console.log(tokens.accessToken);
 * };
 * ```
 */
export type Auth0Callback<T, E = Auth0Error> = (error: E | null, result: T) => void;

/** Parameters of an `/authorize` request (camelCase, or the wire's snake_case for the rest). */
export interface AuthorizeOptions {
  domain?: string;
  clientID?: string;
  redirectUri?: string;
  /** Space-separated: `code`, `token`, `id_token`. */
  responseType?: string;
  /** `query`, `fragment`, `form_post` or `web_message`. */
  responseMode?: string;
  state?: string;
  nonce?: string;
  scope?: string;
  audience?: string;
  connection?: string;
  /** `none`, `login`, `consent` or `select_account`. */
  prompt?: string;
  /** Seconds since the last active authentication after which the user must sign in again. */
  maxAge?: number;
  login_hint?: string;
  screen_hint?: string;
  language?: string;
  mode?: string;
  accessType?: string;
  approvalPrompt?: string;
  connection_scope?: string | string[];
  organization?: string;
  invitation?: string;
  /** Any value: stored with the transaction and given back as `authResult.appState`. */
  appState?: unknown;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** Other `/authorize` parameters are sent as given (v10 warns about unknown ones). */
  [param: string]: unknown;
}

/** `logout` / `buildLogoutUrl` options. */
export interface LogoutOptions {
  clientID?: string;
  /** Where the tenant sends the browser after logout (must be allowed for the application). */
  returnTo?: string;
  /** Also log out of the identity provider. */
  federated?: boolean;
}

/** Fields common to the password-based token grants. */
export interface LoginOptions {
  username: string;
  password: string;
  scope?: string;
  audience?: string;
}

/** `client.login`: the password-realm grant. */
export interface DefaultLoginOptions extends LoginOptions {
  /** The connection (realm) that holds the user. */
  realm: string;
}

/** `client.loginWithDefaultDirectory`: the password grant against the tenant's default directory. */
export type DefaultDirectoryLoginOptions = LoginOptions;

/** `client.loginWithResourceOwner`: the legacy `/oauth/ro` login. */
export interface ResourceOwnerLoginOptions extends LoginOptions {
  connection: string;
  device?: string;
}

/** `client.oauthToken`: any grant; camelCase names are converted to the wire's snake_case. */
export interface OAuthTokenOptions {
  grantType: string;
  clientID?: string;
  code?: string;
  codeVerifier?: string;
  redirectUri?: string;
  refreshToken?: string;
  username?: string;
  password?: string;
  realm?: string;
  scope?: string;
  audience?: string;
  [param: string]: unknown;
}

/** `customTokenExchange` (RFC 8693). */
export interface CustomTokenExchangeOptions {
  subjectToken: string;
  /** A URI naming the subject token's type, as configured on the tenant. */
  subjectTokenType: string;
  audience?: string;
  scope?: string;
  organization?: string;
  /** Other parameters are sent too (snake_cased), for the tenant's exchange profile. */
  [param: string]: unknown;
}

/** `client.delegation` (legacy `/delegation`). Names are sent as given. */
export interface DelegationOptions {
  grant_type: string;
  client_id?: string;
  id_token?: string;
  refresh_token?: string;
  target?: string;
  scope?: string;
  api_type?: string;
  [param: string]: unknown;
}

/** Base options a flow may override per call. */
export interface BaseAuthOptions {
  clientID?: string;
  responseType?: string;
  responseMode?: string;
  redirectUri?: string;
  scope?: string;
  audience?: string;
  state?: string;
  nonce?: string;
  _csrf?: string;
  _intstate?: string;
}

/** The `authParams` of `passwordlessStart`: the authorize parameters of the link's redirect. */
export interface PasswordlessStartAuthParams extends BaseAuthOptions {
  [param: string]: unknown;
}

/** The fields of a passwordless login (kept for code that names this type). */
export interface PasswordlessAuthOptions {
  connection: string;
  verificationCode: string;
  phoneNumber: string;
  email: string;
}

/** `passwordless.start` / `passwordlessStart`: send a code or a link. */
export interface PasswordlessStartOptions {
  connection: string;
  send: 'link' | 'code';
  email?: string;
  phoneNumber?: string;
  /** Authorize parameters for the link's redirect. */
  authParams?: PasswordlessStartAuthParams;
  /** Sent as the `X-Request-Language` header (the language of the email or text). */
  xRequestLanguage?: string;
  captcha?: string;
}

/** `passwordless.verify` / `passwordlessVerify`: check the code the user received. */
export interface PasswordlessVerifyOptions extends BaseAuthOptions {
  connection: string;
  verificationCode: string;
  email?: string;
  phoneNumber?: string;
  send?: 'link' | 'code';
}

/** `passwordlessLogin`: log in with the received code (embedded login). */
export interface PasswordlessLoginOptions extends BaseAuthOptions {
  connection: string;
  verificationCode: string;
  email?: string;
  phoneNumber?: string;
  onRedirecting?: (done: () => void) => void;
}

/** `signup` / `dbConnection.signup`. */
export interface DbSignUpOptions {
  connection: string;
  email: string;
  password: string;
  /** Required when the connection requires usernames. */
  username?: string;
  scope?: string;
  /** Custom attributes, stored as `user_metadata` with their keys as given. */
  userMetadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  given_name?: string;
  family_name?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  captcha?: string;
  [attribute: string]: unknown;
}

/** `signupAndAuthorize`: a signup followed by the password-realm grant. */
export type SignupAndAuthorizeOptions = DbSignUpOptions & { audience?: string };

/** `changePassword` / `dbConnection.changePassword`: send a reset email. */
export interface ChangePasswordOptions {
  connection: string;
  email: string;
  captcha?: string;
}

/** `WebAuth.login`: username/password login that ends with a redirect. */
export interface CrossOriginLoginOptions extends BaseAuthOptions {
  username?: string;
  email?: string;
  password: string;
  /** The database connection; the default directory is used when omitted. */
  realm?: string;
  /** The answer to the captcha challenge, when one is required. */
  captcha?: string;
  /** Runs before the browser leaves the page; call `done` to continue. */
  onRedirecting?: (done: () => void) => void;
  organization?: string;
  invitation?: string;
  [param: string]: unknown;
}

/** A token endpoint response, camelCased. */
export interface TokenResult {
  accessToken?: string;
  idToken?: string;
  refreshToken?: string;
  expiresIn?: number;
  tokenType?: string;
  scope?: string;
  [field: string]: unknown;
}

/** The result of a `delegation` call. */
export interface Auth0DelegationToken {
  idToken: string;
  expiresIn: number;
  tokenType: string;
  [field: string]: unknown;
}

/** What `signup` resolves with (camelCased; `_id` arrives as `Id`, as in v10). */
export interface DbSignUpResults {
  email: string;
  emailVerified?: boolean;
  Id?: string;
  username?: string;
  [field: string]: unknown;
}

/** What `passwordless.start` resolves with (camelCased; `_id` arrives as `Id`, as in v10). */
export interface PasswordlessStartResult {
  Id?: string;
  email?: string;
  phoneNumber?: string;
  [field: string]: unknown;
}

/** A captcha challenge as the tenant returns it. */
export interface Auth0Challenge {
  required: boolean;
  /** `auth0`, `recaptcha_v2`, `recaptcha_enterprise`, `hcaptcha`, `friendly_captcha`, `arkose`, `auth0_v2`. */
  provider?: string;
  image?: string;
  type?: string;
  siteKey?: string;
  clientSubdomain?: string;
  [field: string]: unknown;
}

/** The claims of a verified ID token. */
export interface IdTokenPayload {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  nonce?: string;
  azp?: string;
  auth_time?: number;
  org_id?: string;
  org_name?: string;
  [claim: string]: unknown;
}

/** An identity linked to a user. */
export interface Auth0Identity {
  connection: string;
  isSocial: boolean;
  provider: string;
  user_id: string;
  [field: string]: unknown;
}

/** The profile `/userinfo` returns (OIDC claims, as the server sends them). */
export interface Auth0UserProfile {
  sub: string;
  name?: string;
  nickname?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
  updated_at?: string;
  [claim: string]: unknown;
}

/** A Microsoft account profile (`emails` only with the matching permission). */
export interface MicrosoftUserProfile extends Auth0UserProfile {
  emails?: string[];
}

/** An Office 365 profile. */
export interface Office365UserProfile extends Auth0UserProfile {
  tenantid: string;
  upn: string;
}

/** An ADFS profile. */
export interface AdfsUserProfile extends Auth0UserProfile {
  issuer?: string;
}

/** A user as the Management API returns it (`GET /api/v2/users/{id}`). */
export interface ManagementUser {
  user_id: string;
  email?: string;
  email_verified?: boolean;
  username?: string;
  name?: string;
  nickname?: string;
  picture?: string;
  given_name?: string;
  family_name?: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  identities?: Auth0Identity[];
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

/** The community declarations' `ManagementOptions.tokenProvider`; v10 and webauth-js ignore it. */
export interface TokenProvider {
  enableCache?: boolean;
  cacheTTLInSeconds?: number;
}
