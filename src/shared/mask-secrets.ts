/** Masking of secrets in request bodies that errors and request handles expose. */

/** What a masked value reads (the mask v10 used for `password`). */
export const MASK = '*****';

/**
 * Body fields that are credentials or one-time secrets: passwords and codes, PKCE verifiers,
 * refresh and subject tokens, client secrets, and the ID token `linkUser` sends. Also never sent in
 * an `/authorize` URL (COMPATIBILITY S14).
 */
export const SECRET_FIELDS = new Set([
  'password',
  'otp',
  'verification_code',
  'code',
  'code_verifier',
  'refresh_token',
  'subject_token',
  'client_secret',
  'link_with',
]);

/**
 * The refresh token a revocation sends (RFC 7009): masked too, but kept out of `SECRET_FIELDS`,
 * which `/authorize` URLs also drop, so that a `token` parameter there is sent as v10 sent it.
 */
const MASKED_ONLY = 'token';

/**
 * A copy of `body` with every secret field and `token`, at any depth, replaced by `*****`. Errors
 * and request handles show this copy, so logging them (or `JSON.stringify`) never leaks a credential.
 */
export function maskSecrets<T>(body: T): T {
  if (Array.isArray(body)) return body.map(maskSecrets) as T;
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    out[key] = SECRET_FIELDS.has(key) || key === MASKED_ONLY ? MASK : maskSecrets(value);
  return out as T;
}
