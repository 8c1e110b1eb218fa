// PKCE (RFC 7636) with the browser's own crypto: a random verifier kept in the tab, and its S256
// challenge sent to /authorize. Only the holder of the verifier can redeem the code.

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** `size` random bytes as base64url: 32 bytes give a 43-character verifier. */
export function randomString(size = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(size)));
}

/** The S256 code challenge of `verifier`. */
export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
