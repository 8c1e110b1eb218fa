/**
 * The servers' DPoP nonces (RFC 9449 §8, §9): the last `DPoP-Nonce` each origin sent, in any
 * response, to go into the next proof for that origin.
 */
import { ArgumentError } from '../errors.js';
import type { ResponseHeaders } from '../types/dpop.js';

// RFC 9449 §8.1: nonce = 1*NQCHAR (visible ASCII but `"` and `\`). Anything else is not a nonce, nor
// is one over 4 KiB: a hostile server's huge value would only make every later proof fail.
const NONCE = /^[\x21\x23-\x5b\x5d-\x7e]{1,4096}$/;

/** A header's value from either shape, by case-insensitive name. */
export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : record[key];
}

/** The origin of `url` as a parsed origin (never a string prefix); an `ArgumentError` when it does not parse. */
export function originOf(url: unknown): string {
  try {
    return new URL(url as string).origin;
  } catch {
    throw new ArgumentError('url is not valid');
  }
}

/** Per-origin nonce memory. */
export interface NonceMemory {
  /** The nonce last learned from `url`'s origin. */
  nonceFor(url: string): string | undefined;
  /** Remembers the `DPoP-Nonce` of a response from `url`, if it has a valid one; returns it. */
  learnNonce(url: string, headers: ResponseHeaders): string | undefined;
}

/** An empty nonce memory. */
export function createNonceMemory(): NonceMemory {
  const nonces = new Map<string, string>();
  return {
    nonceFor: (url) => nonces.get(originOf(url)),
    learnNonce(url, headers) {
      const origin = originOf(url);
      if (!headers || typeof headers !== 'object') throw new ArgumentError('headers is not valid');
      const nonce = headerValue(headers, 'dpop-nonce')?.trim();
      if (!nonce || !NONCE.test(nonce)) return undefined;
      nonces.set(origin, nonce);
      return nonce;
    },
  };
}
