/** Opt-in tracing of flow decisions (`debug` option) and misconfiguration hints on errors. */

const THIRD_PARTY_COOKIES = 'third-party cookies may be blocked: serve the tenant from a custom domain of this site';

/** A troubleshooting hint for a common misconfiguration, or undefined. */
export function hintFor(code: unknown, description: unknown, silent: boolean): string | undefined {
  // Only silent (iframe) runs depend on the tenant's cookies being sent from a third-party frame.
  if (silent && (code === 'login_required' || code === 'timeout')) return THIRD_PARTY_COOKIES;
  if (code === 'origin_mismatch') return 'origin not in Allowed Web Origins';
  if (typeof description === 'string' && /redirect_uri|callback url/i.test(description)) {
    return 'redirectUri not in Allowed Callback URLs';
  }
  return undefined;
}

/** The hint for an ID token signed with an algorithm other than RS256. */
export const HS256_HINT = 'the application must sign ID tokens with RS256';

/** Adds `hint` to an error object when one applies; returns the error. */
export function withHint<E extends object>(err: E, silent = false): E {
  const record = err as { error?: unknown; code?: unknown; description?: unknown; errorDescription?: unknown };
  const hint = hintFor(record.error ?? record.code, record.errorDescription ?? record.description, silent);
  if (hint) (err as { hint?: string }).hint = hint;
  return err;
}

/** Whether a transaction's `state` and `nonce` exist; never their values. */
export const presence = (params: Record<string, unknown>) => ({ state: !!params.state, nonce: !!params.nonce });
