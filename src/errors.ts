/**
 * Error classes. Every error the library reports is a real `Error` that also carries the fields
 * auth0-js 10 produced at that call site, as own enumerable properties, so code reading `err.error`
 * or `err.code` and `JSON.stringify(err)` keep working. Class names live on the prototype (they
 * survive minification and stay out of JSON).
 */

// Not the types.ts barrel: types/web-auth.ts declares callbacks in terms of these classes.
import type { Auth0Error } from './types/callbacks.js';

const BRAND = Symbol.for('webauth-js.error');

/** Base class of every error created by webauth-js. */
export class WebAuthError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message);
    if (options && 'cause' in options) {
      Object.defineProperty(this, 'cause', { value: options.cause, configurable: true, writable: true });
    }
  }
  /** A troubleshooting hint for a likely misconfiguration (not in v10; COMPATIBILITY addition). */
  declare hint?: string;
}
Object.defineProperty(WebAuthError.prototype, BRAND, { value: true });
WebAuthError.prototype.name = 'WebAuthError';

/**
 * A bad argument or option, thrown synchronously with the exact auth0-js 10 message
 * (for example `domain option is required`).
 */
export class ArgumentError extends WebAuthError {}
ArgumentError.prototype.name = 'ArgumentError';

/**
 * Invalid verifier configuration, thrown synchronously (auth0-js 10 names it `ConfigurationError`).
 * Example: a `leeway` outside 0..300 seconds.
 */
export class ConfigurationError extends WebAuthError {}
ConfigurationError.prototype.name = 'ConfigurationError';

/** Fields of an authentication-response error, as auth0-js 10 delivers them from `parseHash`. */
export interface AuthResponseErrorFields {
  /** The OAuth error code, for example `invalid_token` or `login_required`. */
  error: string;
  /** The human-readable description (text from the server or the URL: untrusted, never render as HTML). */
  errorDescription?: string;
  /** The `state` of the answer that carried the error, when it had one. */
  state?: string;
}

/**
 * An error delivered by `parseHash`, `validateAuthenticationResponse` and `validateToken`:
 * `{ error, errorDescription }` (plus `state` for an error returned in the URL fragment).
 *
 * @example
 * ```ts
 * webAuth.parseHash((err, result) => {
 *   if (err && err.error === 'invalid_token') console.warn(err.errorDescription);
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares Auth0Error's fields (interface below)
export class AuthResponseError extends WebAuthError {
  /**
   * The error code. For an error read from the URL fragment this is the fragment's text as given:
   * untrusted input (anyone can link to the callback page with any fragment).
   */
  error!: string;
  /**
   * A human-readable description. **Untrusted text**: it may come from the URL fragment
   * (`error_description`) or quote values of a token that failed verification (its `iss`, `alg`,
   * `kid`, `nonce`, …), so an attacker can choose it. Show it as text (`textContent`), never as
   * HTML, and do not use it to decide anything.
   */
  errorDescription?: string;
  /** The `state` of the response (untrusted until matched against a stored transaction). */
  state?: string;
  constructor(fields: AuthResponseErrorFields, options?: { cause?: unknown }) {
    super(fields.errorDescription ?? fields.error, options);
    Object.assign(this, fields);
  }
}
AuthResponseError.prototype.name = 'AuthResponseError';
/**
 * The other {@link Auth0Error} fields, declared so code written for `Auth0Error` callbacks reads
 * them; they are absent from this error at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- type-only merge, see above
export interface AuthResponseError extends Omit<Auth0Error, 'name'> {}

/**
 * An error from an HTTP call, with the v10 fields `original`, `statusCode`, `statusText`, `code`,
 * `description` (and `error` / `error_description`, `errorDetails`, `name`, `policy` where v10 set
 * them). Assigned in v10's key order by the response handler.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares Auth0Error's fields (interface below)
export class RequestError extends WebAuthError {
  /** What failed: the transport error's details, the response, or the raw payload. */
  original?: any;
  /** The HTTP status (absent for network errors and popup or iframe errors). */
  statusCode?: number | undefined;
  /** The HTTP status text. */
  statusText?: string | undefined;
  /**
   * The error code (the server's `code` or `error`, or `request_error`). Declared `string`, as
   * `@types/auth0-js` declares it; it is `null` when a popup closed without an answer.
   */
  code?: string | undefined;
  /**
   * The error text. Declared `string`; it is an object for password-strength errors
   * (`{ rules, verified }`) and `null` for non-JSON answers: show it with `String(err.description)`.
   */
  description?: string | undefined;
  /**
   * Set where v10 set it: for silent authentication and embedded login (a copy of `code`) and some
   * server errors; absent on plain HTTP errors, where `String(err.error ?? err.code)` finds the code.
   * Declared `string`, as `@types/auth0-js` declares it; some server answers put a number here.
   */
  declare error: string;
  /** The server's `error_description` where v10 kept it (an object for password-strength errors). */
  error_description?: string | undefined;
  /** The server's `errorDetails` (`codes`, `details`), for some password and policy errors. */
  errorDetails?: {
    /** The server's error codes. */
    codes: unknown;
    /** The server's details for each code (untrusted text). */
    details: unknown;
  };
  /** The password policy that rejected the password. */
  policy?: string | undefined;
  /** On `signupAndLogin`, when the account was created but the login failed. */
  errorInfo?: {
    /** The login error's code. */
    error_code: string;
    /** The login error's message (server text: untrusted). */
    message: string;
  };
  /** On a 429: the `X-RateLimit-Limit`, `-Remaining` and `-Reset` (epoch seconds) headers. */
  rateLimit?: {
    /** Requests allowed per window (`X-RateLimit-Limit`). */
    limit?: number;
    /** Requests left in this window (`X-RateLimit-Remaining`). */
    remaining?: number;
    /** When the window resets, in epoch seconds (`X-RateLimit-Reset`). */
    reset?: number;
  };
}
RequestError.prototype.name = 'RequestError';
/** The other {@link Auth0Error} fields (`errorDescription`, `state`), absent from HTTP errors. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- type-only merge, see above
export interface RequestError extends Omit<Auth0Error, 'name'> {}

/** True for any error created by webauth-js, also across realms and across two loaded copies. */
export function isWebAuthError(value: unknown): value is WebAuthError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
