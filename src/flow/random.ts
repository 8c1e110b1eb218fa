/** Random state and nonce values in auth0-js 10's format. */
import type { RedirectEnv } from '../browser/env.js';
import { WebAuthError } from '../errors.js';

// 65 characters; the missing `W` is faithful to v10, so values look the same on the wire.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvwxyz-._~';
// Bytes at or above this would make `byte % 65` biased.
const LIMIT = 256 - (256 % ALPHABET.length);

/**
 * A uniformly random string of `length` characters from `crypto.getRandomValues`, by rejection
 * sampling. Unlike v10, a missing crypto source throws a WebAuthError instead of yielding a `null`
 * state (before anything is stored or navigated to).
 */
export function randomString(env: Pick<RedirectEnv, 'getRandomValues'>, length: number): string {
  if (!(length > 0)) return '';
  let out = '';
  while (out.length < length) {
    const bytes = secureRandomBytes(env, Math.max(16, (length - out.length) * 2));
    for (const byte of bytes) {
      if (byte < LIMIT && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

function secureRandomBytes(env: Pick<RedirectEnv, 'getRandomValues'>, count: number): Uint8Array {
  try {
    return env.getRandomValues(new Uint8Array(count));
  } catch (cause) {
    throw new WebAuthError('crypto.getRandomValues is not available: cannot generate a random state or nonce', {
      cause,
    });
  }
}
