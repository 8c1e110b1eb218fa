/**
 * What callbacks and Promises deliver. Declared as `@types/auth0-js` declares them, so code
 * written against those declarations compiles; each field's TSDoc says what auth0-js 10 (and
 * webauth-js) really delivers where that differs.
 */

/**
 * The result of `parseHash`, `checkSession` and `validateAuthenticationResponse`.
 *
 * At run time every key is present: a token or value the response did not carry is `null`, not
 * `undefined` (declared optional so that `@types` code, and hand-built objects in tests, compile).
 * Compare with `== null`, or use `?? undefined`, to cover both.
 */
export interface Auth0DecodedHash {
  /** The access token; `null` when the response had none. */
  accessToken?: string | undefined;
  /** The raw ID token; `null` when the response had none. */
  idToken?: string | undefined;
  /**
   * The verified ID token's claims ({@link IdTokenPayload}), or `null` when the response had no ID
   * token. Typed `any`, as in `@types/auth0-js`, so existing code compiles; for checked access write
   * `const claims: IdTokenPayload | null = authResult.idTokenPayload`.
   */
  idTokenPayload?: any;
  /** The `appState` given to `authorize` (or the `state` string given to the validation); `null` if none. */
  appState?: any;
  /** The refresh token; `null` when the response had none. */
  refreshToken?: string | undefined;
  /** The response's `state`; `null` when absent (IdP-initiated login). */
  state?: string | undefined;
  /** Seconds until the access token expires (a number, parsed from the fragment); `null` when absent. */
  expiresIn?: number | undefined;
  /** Usually `Bearer`; `null` when absent. */
  tokenType?: string | undefined;
  /** The granted scopes, when the tenant reports them; `null` otherwise. */
  scope?: string | undefined;
}

/**
 * A token endpoint response, camelCased (`login`, `oauthToken`, `signupAndAuthorize`,
 * `customTokenExchange`, popup flows). Fields the server did not send are absent.
 */
export interface TokenResult {
  /** The access token. */
  accessToken?: string | undefined;
  /** The ID token (with the `openid` scope). */
  idToken?: string | undefined;
  /** The refresh token (with `offline_access`, when the API allows it). */
  refreshToken?: string | undefined;
  /** Seconds until the access token expires. */
  expiresIn?: number | undefined;
  /** Usually `Bearer`. */
  tokenType?: string | undefined;
  /** The granted scopes, when they differ from the requested ones. */
  scope?: string | undefined;
  /** Only in popup results: the `appState` given to `popup.authorize`. */
  appState?: any;
  /** Other fields of the response, camelCased. */
  [field: string]: any;
}

/** The community declarations' name of {@link TokenResult}. */
export type Auth0Result = TokenResult;

/** The result of a `delegation` call. */
export interface Auth0DelegationToken {
  /** The delegated token (a JWT). */
  idToken: string;
  /** Seconds until it expires. */
  expiresIn: number;
  /** Usually `Bearer`. */
  tokenType: string;
  /** Other fields of the response, camelCased. */
  [field: string]: any;
}

/** What `signup` resolves with (camelCased; the user's `_id` arrives as `Id`, as in v10). */
export interface DbSignUpResults {
  /** The new user's email. */
  email: string;
  /** Whether the email is verified (`false` for a new user). */
  emailVerified: boolean;
  /** The new user's ID without the `auth0|` prefix (the server's `_id`). */
  Id?: string | undefined;
  /** The username, for connections that require one. */
  username?: string | undefined;
  /** Other fields of the response, camelCased. */
  [field: string]: any;
}

/** What `passwordless.start` resolves with (camelCased; `_id` arrives as `Id`, as in v10). */
export interface PasswordlessStartResult {
  /** The ID of the passwordless user. */
  Id?: string | undefined;
  /** The email the code or link was sent to. */
  email?: string | undefined;
  /** The phone number the code was sent to. */
  phoneNumber?: string | undefined;
  /** Other fields of the response, camelCased. */
  [field: string]: any;
}

/**
 * The claims of a verified ID token (`validateToken`, and `authResult.idTokenPayload`). The
 * registered claims are always present after verification; profile claims depend on the scopes.
 */
export interface IdTokenPayload {
  /** The issuer, `https://<domain>/`. */
  iss: string;
  /** The user ID, for example `auth0|64f…`. */
  sub: string;
  /** The client ID, or a list containing it. */
  aud: string | string[];
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Issue time, in seconds since the epoch. */
  iat: number;
  /** The nonce of the transaction. */
  nonce?: string | undefined;
  /** The authorized party, with several audiences. */
  azp?: string | undefined;
  /** When the user last authenticated, in seconds since the epoch. */
  auth_time?: number | undefined;
  /** The access token's hash, when the response also carried an access token. */
  at_hash?: string | undefined;
  /** The organization ID, for organization logins. */
  org_id?: string | undefined;
  /** The organization name (lower case), for organization logins. */
  org_name?: string | undefined;
  /** Profile and custom (namespaced) claims, for example `email`, `name`, `https://example.com/roles`. */
  [claim: string]: any;
}

/** An identity linked to a user. */
export interface Auth0Identity {
  /** The connection of the identity. */
  connection: string;
  /** Whether the identity comes from a social provider. */
  isSocial: boolean;
  /** The identity provider, for example `auth0`, `github`, `google-oauth2`. */
  provider: string;
  /** The user's ID at the provider (a number for some providers, despite the type). */
  user_id: string;
  /** Other fields (`profileData`, `access_token` with the right scopes). */
  [field: string]: any;
}

/**
 * A user profile: what `userInfo` (`/userinfo`) returns, and the base of {@link ManagementUser}.
 *
 * Declared with the fields `@types/auth0-js` declares required. `/userinfo` returns OpenID Connect
 * claims only: `sub` always, the others as the scopes allow (`name`, `nickname`, `picture` with
 * `profile`), and never `user_id`, `clientID`, `identities` or `created_at`. Management API users
 * have no `sub` or `clientID`.
 */
export interface Auth0UserProfile {
  /** Full name (`profile` scope). */
  name: string;
  /** Nickname (`profile` scope). */
  nickname: string;
  /** Picture URL (`profile` scope). */
  picture: string;
  /** The user ID (Management API users; absent from `/userinfo`, which has `sub`). */
  user_id: string;
  /** The username, for connections that use one. */
  username?: string | undefined;
  /** Given name (`profile` scope). */
  given_name?: string | undefined;
  /** Family name (`profile` scope). */
  family_name?: string | undefined;
  /** Email (`email` scope). */
  email?: string | undefined;
  /** Whether the email is verified (`email` scope). */
  email_verified?: boolean | undefined;
  /** Not sent by the current APIs; kept for `@types` code. */
  clientID: string;
  /** Gender (`profile` scope), when known. */
  gender?: string | undefined;
  /** Locale (`profile` scope), when known. */
  locale?: string | undefined;
  /** Linked identities (Management API users; absent from `/userinfo`). */
  identities: Auth0Identity[];
  /** Creation time, ISO 8601 (Management API users; absent from `/userinfo`). */
  created_at: string;
  /** Last update, ISO 8601. */
  updated_at: string;
  /** The user ID as an OpenID Connect subject (`/userinfo`; absent from Management API users). */
  sub: string;
  /** The user's `user_metadata` (Management API users). */
  user_metadata?: any;
  /** The user's `app_metadata` (Management API users). */
  app_metadata?: any;
  /** Other claims or attributes, for example namespaced custom claims. */
  [claim: string]: any;
}

/** A Microsoft account profile (`emails` only with the matching permission). */
export interface MicrosoftUserProfile extends Auth0UserProfile {
  /** The account's email addresses. */
  emails?: string[] | undefined;
}

/** An Office 365 profile. */
export interface Office365UserProfile extends Auth0UserProfile {
  /** The Azure AD tenant ID. */
  tenantid: string;
  /** The user principal name. */
  upn: string;
}

/** An ADFS profile. */
export interface AdfsUserProfile extends Auth0UserProfile {
  /** The ADFS issuer. */
  issuer?: string | undefined;
}

/**
 * A user as the Management API returns it (`GET /api/v2/users/{id}`, and the patch calls).
 * It extends {@link Auth0UserProfile} because `@types/auth0-js` types these calls with it, but
 * at run time it has no `sub` and no `clientID`: use `user_id`.
 */
export interface ManagementUser extends Auth0UserProfile {
  /** Login count. */
  logins_count?: number | undefined;
  /** Last login time, ISO 8601. */
  last_login?: string | undefined;
  /** Last login IP address. */
  last_ip?: string | undefined;
  /** Whether the user is blocked. */
  blocked?: boolean | undefined;
}

/** The community declarations' `ManagementOptions.tokenProvider`; v10 and webauth-js ignore it. */
export interface TokenProvider {
  /** Ignored. */
  enableCache?: boolean | undefined;
  /** Ignored. */
  cacheTTLInSeconds?: number | undefined;
}

/** `getSSOData` with a session at the tenant. */
export interface SsoSessionFoundResult {
  /** There is a session. */
  sso: true;
  /** The application of that session (this application, off the hosted page). */
  lastUsedClientID: string;
  /** The connection last logged in with (`name`; `strategy` on the hosted page). */
  lastUsedConnection: {
    /** The connection name. */
    name: string;
    /** The connection's strategy, when the tenant reports it. */
    strategy?: string | undefined;
  };
  /** The user ID (`sub`) of the session. */
  lastUsedUserID: string;
  /** The email (or name) of the session's user. */
  lastUsedUsername: string;
  /** The applications sharing the session. */
  sessionClients: string[];
}

/** `getSSOData` without a session (also after `login_required`, and for another user than the last one). */
export interface SsoSessionNotFoundResult {
  /** There is no (usable) session. */
  sso: false;
}

/** What `getSSOData` reports. */
export type SsoDataResult = SsoSessionFoundResult | SsoSessionNotFoundResult;

/** The user profile `/userinfo` returns. */
export type UserProfile = Auth0UserProfile;

/** What an HTTP-issuing method returns, shaped like v10's request wrapper; its body has secrets masked. */
export interface RequestHandle {
  /** The HTTP method. */
  method: string;
  /** The request URL. */
  url: string;
  /** The JSON body sent, secrets masked. */
  body: Record<string, unknown> | undefined;
  /** The request headers. */
  headers: Record<string, string>;
  /** Cancels the request; its callback is then never called. */
  abort(): void;
  /** `method`, as v10's getter. */
  getMethod(): string;
  /** `url`, as v10's getter. */
  getUrl(): string;
  /** `body`, as v10's getter. */
  getBody(): Record<string, unknown> | undefined;
  /** `headers`, as v10's getter. */
  getHeaders(): Record<string, string>;
}
