/**
 * Callbacks and the error shape they receive. The declared field types are those of the community
 * declarations (`@types/auth0-js`), so code written against them compiles; where auth0-js 10
 * delivers something else at run time, the TSDoc says what really arrives.
 */

/**
 * The error every callback can receive. Which fields are set depends on the call: HTTP calls give
 * `code`, `description`, `statusCode` and `original`; `parseHash` gives `error` and
 * `errorDescription`; silent authentication gives both spellings.
 */
export interface Auth0Error {
  /**
   * The error code (`login_required`, `invalid_token`, …). Declared `string` as in `@types/auth0-js`.
   * At run time it is absent on most HTTP errors (read `code` there) and can be the HTTP status
   * number for some server answers: `String(err.error ?? err.code)` covers every case.
   */
  error: LibErrorCodes | SpecErrorCodes | (string & {});
  /** Human-readable text of `error` (from `parseHash`, `validateToken` and silent authentication). */
  errorDescription?: string | undefined;
  /**
   * The server's `error_description`. Declared `string`; for password-policy errors it is an object
   * (`{ rules, verified }`), as `description`.
   */
  error_description?: string | undefined;
  /**
   * The error code of an HTTP error (the server's `code` or `error`, or `request_error` /
   * `too_many_attempts` and similar). Declared `string`; it is `null` when a popup or window closed
   * without an answer, and may be a number for non-JSON answers.
   */
  code?: string | undefined;
  /**
   * Text describing an HTTP error. Declared `string`; it is an object for password-strength errors
   * (`{ rules: [...], verified }`) and `null` for non-JSON answers, so `String(err.description)`
   * is the safe way to show it.
   */
  description?: string | undefined;
  /** The server's `name` (for example `PasswordStrengthError`), or the JavaScript error's name. */
  name?: string | undefined;
  /** The password policy that rejected a signup or password change (the server's `policy`). */
  policy?: string | undefined;
  /** What the failed request produced: the transport error, the response, or the raw payload. */
  original?: any;
  /** The HTTP status of a failed request (absent for network errors and local checks). */
  statusCode?: number | undefined;
  /** The HTTP status text of a failed request. */
  statusText?: string | undefined;
  /** The `state` of a response that carried an error in the URL fragment. */
  state?: string | undefined;
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
export type Auth0ParseHashError = Auth0Error & {
  /** The `state` of the fragment that carried the error. */
  state?: string | undefined;
};

/**
 * A v10 callback. `result` is only meaningful when `error` is `null`.
 *
 * Parameters are compared both ways (as the community declarations' `Auth0Callback<any>` allowed),
 * so a callback whose parameters are annotated with an app's own compatible types is accepted.
 *
 * @example
 * ```ts
 * const done: Auth0Callback<TokenResult> = (err, tokens) => {
 *   if (err) return console.error(err.description);
 *   console.log(tokens.accessToken);
 * };
 * ```
 */
export type Auth0Callback<T, E = Auth0Error> = {
  // A method signature: its parameters are checked bivariantly even under strictFunctionTypes.
  /** Called once: `error` is `null` on success, else the failure (and `result` is then undefined). */
  callback(error: E | null, result: T): void;
}['callback'];
