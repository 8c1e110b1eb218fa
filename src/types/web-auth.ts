/** What `parseHash` and `validateAuthenticationResponse` take and give. */
import type { AuthResponseError, RequestError } from '../errors.js';
import type { Auth0Callback } from './callbacks.js';
import type { CrossOriginLoginOptions } from './credentials.js';
import type { Auth0DecodedHash } from './results.js';

/**
 * The result of a successful authentication response: {@link Auth0DecodedHash}, whose keys are all
 * present at run time (`null` when absent).
 */
export type AuthResult = Auth0DecodedHash;

/** Options of `validateAuthenticationResponse` (and the validation part of `parseHash`). */
export interface ValidateOptions {
  /** The expected `state` (default: the stored transaction's). Also becomes `authResult.appState`. */
  state?: string | undefined;
  /** The expected ID-token `nonce` (default: the stored transaction's). */
  nonce?: string | undefined;
  /** Accept a response without `state` when none is expected (IdP-initiated SAML login). */
  __enableIdPInitiatedLogin?: boolean | undefined;
  /** The older name of `__enableIdPInitiatedLogin`. */
  __enableImpersonation?: boolean | undefined;
}

/** Options of `parseHash`. */
export interface ParseHashOptions extends ValidateOptions {
  /** The fragment to parse, with or without `#` (default: the current page's). */
  hash?: string | undefined;
  /**
   * The response types to expect (`token` / `id_token` must then be present); the constructor's
   * `responseType` wins when set, as in v10.
   */
  responseType?: string | undefined;
  /** Not read by auth0-js 10: a present ID token is always verified. Accepted for older code. */
  _idTokenVerification?: boolean | undefined;
  /** Redeem a code response of a PKCE transaction, for an instance built without `usePKCE`. */
  usePKCE?: boolean | undefined;
}

/** The `parseHash` callback: `authResult` is `null` when the URL holds no authentication response. */
export type AuthCallback = Auth0Callback<AuthResult | null, AuthResponseError>;

/** v10's `webMessageHandler` object: `run(options, cb)` is the round trip above, nothing more. */
export interface WebMessageHandler {
  /**
   * Runs `/authorize` with `options` (prompt=none, web_message) in a hidden iframe and calls back
   * with the validated result or the raw `{ error, error_description }`. Prefer `checkSession`.
   */
  run(options: Record<string, any>, cb: (err: Record<string, any> | null, result?: AuthResult | null) => void): void;
}

/** v10's `crossOriginAuthentication` object: embedded login and the verification page. */
export interface CrossOriginAuthentication {
  /** Posts the credentials to `/co/authenticate` as given (no base options, no transaction step). */
  login(options: CrossOriginLoginOptions, cb?: Auth0Callback<undefined, RequestError>): void | Promise<never>;
  /** The same as `webAuth.crossOriginVerification()`. */
  callback(): void;
  /** The web-message runner popup-mode login uses (v10 exposed it here too). */
  webMessageHandler: WebMessageHandler;
}
