/** base64url without padding (RFC 7515 §2), for digests, signatures and JWS segments. */

/** Encodes `bytes` as base64url without `=` padding. */
export function encodeBase64url(bytes: Uint8Array): string {
  // Not jose's `base64url.encode`: it brings its chunked encoder along (+130 B gzip); ours are short.
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * base64url of the first `bytes` bytes of SHA-256 over `text` (UTF-8): the PKCE S256 challenge,
 * DPoP's `ath` and key thumbprint (all 32 bytes) and `at_hash` (16).
 */
export async function sha256Base64url(subtle: SubtleCrypto, text: string, bytes = 32): Promise<string> {
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return encodeBase64url(digest.subarray(0, bytes));
}
