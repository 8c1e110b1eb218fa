/** Constructor options of `Authentication`, `WebAuth` and `Management`. */
import type { DebugHook } from './debug.js';
import type { customEnvironment } from './custom-environment.js';
import type { BrowserEnv } from './browser.js';
import type { TelemetryInfo } from './telemetry.js';
import type { TokenProvider } from './results.js';

/** Options of `new Authentication(options)`; `WebAuth` takes these and more ({@link WebAuthOptions}). */
export interface AuthenticationOptions {
  /** The tenant's domain, for example `tenant.eu.auth0.com` or a custom domain. Required. */
  domain: string;
  /** The application's client ID. Required. */
  clientID: string;
  /** Default response types for the flows: `code`, `token`, `id_token`, space-separated. */
  responseType?: string | undefined;
  /** Default response mode: `query`, `fragment`, `form_post` or `web_message`. */
  responseMode?: string | undefined;
  /** Default callback URL (must be allowed for the application). */
  redirectUri?: string | undefined;
  /** Default scopes, space-separated. */
  scope?: string | undefined;
  /** Default API identifier for access tokens. */
  audience?: string | undefined;
  /** Silences the library's deprecation and unknown-parameter warnings (default `false`). */
  _disableDeprecationWarnings?: boolean | undefined;
  /** Sends the `Auth0-Client` telemetry header and `auth0Client` parameter (default `true`). */
  _sendTelemetry?: boolean | undefined;
  /** Replaces the telemetry payload, for SDKs built on this one: `{ name, version, env? }`. */
  _telemetryInfo?: TelemetryInfo | undefined;
  /** Retries for failed requests (default 0). */
  _timesToRetryFailedRequests?: number | undefined;
  /** Opt-in trace of each flow's decisions (never token, code, password, state or nonce values). */
  debug?: DebugHook | undefined;
  /** Advanced: a custom browser environment (`customEnvironment` from this package), for tests and non-browser hosts. */
  [customEnvironment]?: BrowserEnv | undefined;
}

/**
 * Options of `new WebAuth(options)` (`AuthOptions` in the community declarations). The object is
 * kept as `webAuth.baseOptions` and, as in v10, the derived fields are added to it in place.
 */
export interface WebAuthOptions extends AuthenticationOptions {
  /** The origin `popup.callback` expects its opener on (default: the callback page's own origin). */
  popupOrigin?: string | undefined;
  /** Clock skew tolerance in seconds for ID-token times: 0..300 (default 60; `0` means none, unlike v10: COMPATIBILITY S19). */
  leeway?: number | undefined;
  /**
   * Plugins (for example the Cordova plugin): objects with `version` (`10.2.1`), `supports`,
   * `init` and `setWebAuth`. Typed `any`, as in `@types/auth0-js`.
   */
  plugins?: any;
  /** Maximum seconds since the user last authenticated; sent as `max_age` and checked against `auth_time`. */
  maxAge?: number | undefined;
  /** Transaction lifetime in minutes (default 30). */
  stateExpiration?: number | undefined;
  /** Also writes the `_`-prefixed compatibility cookie for browsers without `SameSite=None` (default `true`). */
  legacySameSiteCookie?: boolean | undefined;
  /** The `domain` of the transaction cookies (for example `.example.com`); default: this host only. */
  cookieDomain?: string | undefined;
  /** Default organization (ID `org_…` or name) for `authorize`, `login` and `popup.authorize`. */
  organization?: string | undefined;
  /** Default organization invitation ID for the same flows. */
  invitation?: string | undefined;
  /** A fixed `state` for every flow (default: a random one per transaction). */
  state?: string | undefined;
  /** A fixed `nonce` for every flow (default: a random one per transaction). */
  nonce?: string | undefined;
  /** Transaction storage: key prefix (default `com.auth0.auth.`) and random value length (default 32). */
  transaction?:
    | {
        /** Prefix of the transaction storage keys (default `com.auth0.auth.`). */
        namespace?: string | undefined;
        /** Length of the generated `state` and `nonce` values, in characters (default 32, at least 16). */
        keyLength?: number | undefined;
      }
    | undefined;
  /**
   * Authorization-code flow with PKCE (RFC 7636, S256) inside the library: `authorize`,
   * `popup.authorize`, `checkSession` and `buildAuthorizeUrl` send a code challenge, and
   * `parseHash` (or `checkSession`'s answer) redeems the code with its verifier at `/oauth/token`.
   * Requires `responseType: 'code'`. Default `false`: a `code` is left to a backend, as in v10.
   *
   * @example
   * ```ts
   * new WebAuth({ domain, clientID, redirectUri, responseType: 'code', usePKCE: true });
   * ```
   */
  usePKCE?: boolean | undefined;
  /**
   * Keeps the refresh token the code exchange returns (`offline_access` is added to the scope) and
   * makes `checkSession` and `renewAuth` use the `refresh_token` grant (rotating) instead of the
   * hidden iframe, so sessions survive browsers that block third-party cookies. Requires `usePKCE`.
   * The token never appears in a result, an error, a URL or a debug event.
   */
  useRefreshTokens?: boolean | undefined;
  /**
   * With `useRefreshTokens`: when no refresh token is held or the tenant rejects it
   * (`invalid_grant`), run the hidden iframe instead of answering `login_required`. Default `false`.
   */
  useRefreshTokensFallback?: boolean | undefined;
  /**
   * Where refresh tokens are kept: `'memory'` (default; lost on reload) or `'localstorage'`
   * (survives reloads and is shared by tabs through localStorage and IndexedDB, but readable by any
   * script on the page: see SECURITY.md).
   */
  cacheLocation?: 'memory' | 'localstorage' | undefined;
  /**
   * DPoP (RFC 9449): binds the access and refresh tokens to a non-extractable ES256 key kept in
   * IndexedDB, so a copied token is refused without the key. Every `/oauth/token` and
   * `/oauth/revoke` request carries a proof; results say `tokenType: 'DPoP'`; `client.userInfo`
   * and `Management` present tokens this page obtained so as `DPoP` (other tokens stay `Bearer`).
   * `logout` and a rejected refresh token clear the key. Requires `usePKCE`. The app's own API
   * calls use `webAuth.dpop`.
   */
  useDpop?: boolean | undefined;
  /** Keeps transactions in `localStorage` instead of cookies (default `false`). */
  __tryLocalStorageFirst?: boolean | undefined;
  /** Returns "now" for ID-token time checks (default: the current time). */
  __clock?: (() => Date) | undefined;
  /** Overrides for non-standard tenants: tenant name, token issuer, JWKS URL. */
  overrides?:
    | {
        /** The tenant name, instead of the first label of `domain`. */
        __tenant?: string | undefined;
        /** The expected ID-token `iss` (default `https://<domain>/`). */
        __token_issuer?: string | undefined;
        /** The JWKS URL (default `https://<domain>/.well-known/jwks.json`). */
        __jwks_uri?: string | undefined;
      }
    | undefined;
  /** Ignored, as in v10: the constructor replaces it with `overrides.__jwks_uri`. */
  jwksURI?: string | undefined;
  /** Sent by `passwordless.buildVerifyUrl` (the verify redirect's `protocol`). */
  protocol?: string | undefined;
  /** Named in `@types/auth0-js`; not read (use `responseType`). */
  response_type?: string | undefined;
  /** The tenant name (default: the first label of `domain`); `overrides.__tenant` wins. */
  tenant?: string | undefined;
  /** Set to `true` by the constructor (it switches the hosted-page telemetry name). */
  universalLoginPage?: boolean | undefined;
  /** Hosted-login-page internal, sent as given. */
  _csrf?: string | undefined;
  /** Hosted-login-page internal, sent as given. */
  _intstate?: string | undefined;
  /** Default database connection for embedded login when the call gives none. */
  realm?: string | undefined;
  /** Default `credential_type` of embedded login. */
  credentialType?: string | undefined;
  /** Default milliseconds to wait for `popup.loginWithCredentials`' iframe (default 60 000). */
  timeout?: number | undefined;
}

/** The options after construction: v10 adds these derived fields to the caller's object. */
export interface WebAuthBaseOptions extends WebAuthOptions {
  /** The tenant name. */
  tenant: string;
  /** The expected ID-token issuer, `https://<domain>/`. */
  token_issuer: string;
  /** The JWKS URL override (`overrides.__jwks_uri`), else `undefined`. */
  jwksURI: string | undefined;
  /** The Authentication API root URL. */
  rootUrl: string;
}

/** Options of `new Management(options)`. */
export interface ManagementOptions {
  /** The tenant's domain. Required. */
  domain: string;
  /**
   * An access token for `https://<domain>/api/v2/` with current-user scopes (for example
   * `read:current_user`). Optional in the type, as in `@types/auth0-js`, but required at run time:
   * without it the constructor throws `token option is required`.
   */
  token?: string | undefined;
  /** Ignored (v10 has no client-credentials flow in the browser). */
  clientId?: string | undefined;
  /** Ignored; never put a client secret in browser code. */
  clientSecret?: string | undefined;
  /** Ignored. */
  audience?: string | undefined;
  /** Ignored. */
  scope?: string | undefined;
  /** Ignored. */
  tokenProvider?: TokenProvider | undefined;
  /** Ignored: use `_sendTelemetry`. */
  telemetry?: boolean | undefined;
  /** Sends the `Auth0-Client` telemetry header (default `true`). */
  _sendTelemetry?: boolean | undefined;
  /** Replaces the telemetry payload: `{ name, version, env? }`. */
  _telemetryInfo?: TelemetryInfo | undefined;
  /** Retries for failed requests (default 0). */
  _timesToRetryFailedRequests?: number | undefined;
  /** Opt-in trace of each flow's decisions (never token, code, password, state or nonce values). */
  debug?: DebugHook | undefined;
  /** Advanced: a custom browser environment (`customEnvironment` from this package). */
  [customEnvironment]?: BrowserEnv | undefined;
}
