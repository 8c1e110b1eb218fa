/**
 * The error of a passkey call. Its own module (the passkey chunk, and the ESM barrel), not
 * errors.ts: the class's prototype write is a side effect, and pages without passkeys should not
 * pay for it.
 */
import { WebAuthError } from '../errors.js';
import type { TransportError } from '../http/transport-error.js';
import type { AnyObject } from '../shared/types.js';

/** What a {@link PasskeyError} is made of. */
export interface PasskeyErrorFields {
  /** The HTTP status of the tenant's answer. */
  statusCode?: number | undefined;
  /** The browser's error, or the failed request. */
  cause?: unknown;
}

/**
 * A passkey sign-up or sign-in failed. `code` (and `error`, the same value) says why: in the
 * browser `passkey_not_supported` (no WebAuthn, or not a secure context), `passkey_cancelled` (the
 * user dismissed the prompt, no passkey matched, or it timed out; the browser's `NotAllowedError`
 * is the `cause`), `passkey_invalid_credential` (the authenticator's answer is unusable); from the
 * tenant its own code (`invalid_request` for a user that exists, `invalid_grant` for a spent or
 * expired `auth_session`, `mfa_required`, …) with `statusCode`. `description` and
 * `errorDescription` carry the text (the tenant's text is untrusted: show it as text).
 *
 * With `mfa_required`, `mfa_token` (not enumerable: never in `JSON.stringify` or the message)
 * continues the sign-in with a second factor.
 *
 * @example
 * ```ts
 * webAuth.passkey.login({}, (err, authResult) => {
 *   if (err?.code === 'passkey_cancelled') return; // the user closed the prompt
 *   if (err?.code === 'mfa_required') return askSecondFactor(err.mfa_token);
 *   if (err) return showError(err.description);
 *   useTokens(authResult);
 * });
 * ```
 */
export class PasskeyError extends WebAuthError {
  /** The error code (see above). */
  code: string;
  /** The same code, where v10-style callers read `err.error`. */
  error: string;
  /** What went wrong (the tenant's text when it answered: untrusted). */
  description: string;
  /** The same text, where v10-style callers read `err.errorDescription`. */
  errorDescription: string;
  /** The HTTP status, when the tenant answered. */
  statusCode?: number;
  /** With `mfa_required`: the tenant's `mfa_requirements`. */
  mfa_requirements?: unknown;
  /** With `mfa_required`: the token for the MFA API (not enumerable, never logged by the library). */
  declare readonly mfa_token?: string;

  constructor(code: string, description: string, fields: PasskeyErrorFields = {}) {
    super(description, 'cause' in fields ? { cause: fields.cause } : undefined);
    this.code = this.error = code;
    this.description = this.errorDescription = description;
    if (fields.statusCode !== undefined) this.statusCode = fields.statusCode;
  }
}
PasskeyError.prototype.name = 'PasskeyError';

/** The tenant's error answer (or a network failure) as a {@link PasskeyError}. */
export function tenantError(err: TransportError): PasskeyError {
  const answer = (err.response?.body ?? {}) as AnyObject;
  const code = typeof answer.error === 'string' && answer.error ? answer.error : 'request_error';
  const text = answer.error_description ?? answer.message ?? err.message;
  const out = new PasskeyError(code, String(text), { statusCode: err.status, cause: err });
  if (code === 'mfa_required') {
    Object.defineProperty(out, 'mfa_token', { value: answer.mfa_token, configurable: true });
    if (answer.mfa_requirements !== undefined) out.mfa_requirements = answer.mfa_requirements;
  }
  return out;
}

/** The browser's names for a dismissed, timed-out or unmatched ceremony. */
const CANCELLED = new Set(['NotAllowedError', 'AbortError']);
/** The page cannot run this ceremony (its RP ID, an algorithm). */
const UNSUPPORTED = new Set(['SecurityError', 'NotSupportedError']);

/** What `navigator.credentials` threw, as a {@link PasskeyError} with it as the cause. */
export function ceremonyError(cause: unknown): PasskeyError {
  const name = (cause as { name?: unknown } | null)?.name;
  const text = cause instanceof Error ? cause.message : String(cause);
  if (typeof name === 'string' && CANCELLED.has(name)) {
    return new PasskeyError('passkey_cancelled', `The passkey prompt was dismissed or timed out: ${text}`, { cause });
  }
  if (typeof name === 'string' && UNSUPPORTED.has(name)) {
    return new PasskeyError('passkey_not_supported', `This page cannot use the passkey: ${text}`, { cause });
  }
  return new PasskeyError('passkey_invalid_credential', `The authenticator gave no usable passkey: ${text}`, { cause });
}
