/**
 * Origins read from URLs. Only `new URL(x).origin` is an origin: a string prefix is not
 * (`https://app.example:8443@evil.example/` starts like the app's origin and is evil.example's),
 * and a URL carrying credentials (`user:pass@`) names no origin the library trusts.
 */

/** The origin of `url` (relative to `base` when given), or undefined when it does not parse or carries credentials. */
export function urlOrigin(url: unknown, base?: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(String(url), base);
  } catch {
    return undefined;
  }
  return parsed.username || parsed.password ? undefined : parsed.origin;
}

/** The description of the `origin_mismatch` error for a redirect URI with `user:pass@` (not repeated: a secret). */
export const CREDENTIALS_IN_REDIRECT_URI = 'The redirectUri must not contain credentials (user:password@).';
