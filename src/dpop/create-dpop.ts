/**
 * The DPoP helper (RFC 9449) for one application (domain and client id): proofs signed with its
 * browser-bound key, the servers' nonces, a fetch that answers a nonce challenge, and `clear`.
 */
import { redirectEnv, type RedirectEnv } from '../browser/env.js';
import { checkOptions } from '../shared/assert.js';
import { sha256Base64url } from '../shared/base64url.js';
import { customEnvironment } from '../types/custom-environment.js';
import { CLIENT_RULES, DEBUG_RULE } from '../authentication/options.js';
import type { BrowserEnv } from '../types.js';
import type { DebugHook } from '../types/debug.js';
import type { Dpop } from '../types/dpop.js';
import { fetchWithNonceRetry } from './fetch-with-retry.js';
import { clearDpopKeyPair, dpopKeyId, dpopKeyPair } from './key-store.js';
import { createNonceMemory, type NonceMemory } from './nonce-memory.js';
import { createProof } from './proof.js';

/** The options of {@link createDpop}: the application, as `new WebAuth` takes it. */
export interface DpopOptions {
  /** The tenant's domain (part of the key's identity). */
  domain: string;
  /** The application's client id (part of the key's identity). */
  clientID: string;
  /** The `debug` hook: told when the key can only be kept in memory. Never given a key or proof. */
  debug?: DebugHook;
  /** A replacement for the page's fetch, crypto, clock and timers (tests). */
  [customEnvironment]?: Partial<BrowserEnv>;
}

/**
 * Creates the DPoP helper for the application's own API calls with DPoP-bound access tokens. The
 * ES256 key pair is made with WebCrypto, non-extractable, and kept in IndexedDB (in memory where
 * that is unavailable), one per domain and client id.
 *
 * @throws {@link ArgumentError} for a missing `domain` or `clientID` (v10's messages) or a bad `debug`.
 * @example
 * ```ts
 * import { createDpop } from 'webauth-js/modular';
 *
 * const dpop = createDpop({ domain: 'tenant.example.com', clientID: 'abc123' });
 * const response = await dpop.fetchWithRetry('https://api.example.com/orders', { method: 'GET' }, accessToken);
 * // or, with your own HTTP client:
 * const headers = await dpop.proofHeaders('POST', 'https://api.example.com/orders', accessToken);
 * const answer = await fetch('https://api.example.com/orders', { method: 'POST', headers, body });
 * dpop.learnNonce('https://api.example.com/orders', answer.headers);
 * ```
 */
export function createDpop(options: DpopOptions): Dpop {
  return dpopFor(options, createNonceMemory());
}

/** @internal {@link createDpop} with the nonce memory given (a `WebAuth`'s, kept in its main file). */
export function dpopFor(options: DpopOptions, nonces: NonceMemory): Dpop {
  checkOptions(options, 'options parameter is not valid', [...CLIENT_RULES.slice(0, 2), DEBUG_RULE]);
  const env: RedirectEnv = { ...redirectEnv(), ...options[customEnvironment] };
  const { debug } = options;
  const id = dpopKeyId(options.domain, options.clientID);
  const proofHeaders = async (method: string, url: string, accessToken?: string) => {
    const pair = await dpopKeyPair(id, env, debug);
    const proof = await createProof(pair, { method, url, accessToken, nonce: nonces.nonceFor(url) }, env);
    return accessToken ? { Authorization: `DPoP ${accessToken}`, DPoP: proof } : { DPoP: proof };
  };
  return {
    proofHeaders,
    learnNonce: nonces.learnNonce,
    fetchWithRetry: (url, init, accessToken) =>
      fetchWithNonceRetry({ fetch: env.fetch, proofHeaders, learnNonce: nonces.learnNonce }, url, init, accessToken),
    async thumbprint() {
      const { crv, kty, x, y } = (await dpopKeyPair(id, env, debug)).jwk;
      // RFC 7638: the required members only, in lexicographic order, no whitespace.
      return sha256Base64url(env.subtle(), JSON.stringify({ crv, kty, x, y }));
    },
    clear: () => clearDpopKeyPair(id, env),
  };
}
