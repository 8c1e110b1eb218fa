/** Recognises a server asking for a (new) DPoP nonce (RFC 9449 §8 and §9). */
import { isPlainObject } from '../shared/objects.js';
import type { ResponseHeaders } from '../types/dpop.js';
import { headerValue } from './nonce-memory.js';

// A DPoP challenge (not a Bearer one) whose `error` is use_dpop_nonce.
const RESOURCE_CHALLENGE = /(^|,)\s*DPoP\s.*\berror\s*=\s*"?use_dpop_nonce\b/i;

/**
 * True when the answer asks for a nonce: the token endpoint's 400 with `error: use_dpop_nonce`
 * (§8), or a resource server's 401 with `WWW-Authenticate: DPoP error="use_dpop_nonce"` (§9).
 */
export function isNonceChallenge(status: number, headers: ResponseHeaders, body?: unknown): boolean {
  if (status === 400) return isPlainObject(body) && body.error === 'use_dpop_nonce';
  return status === 401 && RESOURCE_CHALLENGE.test(headerValue(headers, 'www-authenticate') ?? '');
}
