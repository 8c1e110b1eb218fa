/** base64url without padding (RFC 7515 §2), for digests, signatures and JWS segments. */

/** Encodes `bytes` as base64url without `=` padding. */
export function encodeBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** base64url of the SHA-256 digest of `text` (UTF-8). */
export async function sha256Base64url(subtle: SubtleCrypto, text: string): Promise<string> {
  return encodeBase64url(new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text))));
}
