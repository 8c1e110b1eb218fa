/**
 * DPoP proofs (RFC 9449 §4.2): a JWT signed with the pair's private key through WebCrypto
 * directly (ECDSA's raw r‖s signature is already JWS's ES256 format), binding one request's method
 * and URL, a time, a one-time id, the server's nonce when known and the access token's hash.
 */
import type { RedirectEnv } from '../browser/env.js';
import { ArgumentError } from '../errors.js';
import { encodeBase64url, sha256Base64url } from '../shared/base64url.js';
import { randomString } from '../flow/random.js';
import type { DpopKeyPair } from './key-pair.js';

/** One request a proof is for. */
export interface ProofRequest {
  /** The HTTP method (`htm`). */
  method: string;
  /** The request URL; its query and fragment are left out of `htu`. */
  url: string;
  /** The server's last `DPoP-Nonce` for this origin, when one is known. */
  nonce?: string | undefined;
  /** The access token the request presents, for `ath`. */
  accessToken?: string | undefined;
}

/** What a proof needs from the page. */
export type ProofEnv = Pick<RedirectEnv, 'subtle' | 'now' | 'getRandomValues'>;

// RFC 9110 §5.6.2's token characters.
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Fetch upper-cases these methods (and only these) before sending; `htm` must match what is sent.
const NORMALISED_METHODS = /^(delete|get|head|options|post|put)$/i;

/** `htm`: the method as fetch sends it; an `ArgumentError` for anything that is not a method. */
export function htmOf(method: unknown): string {
  if (typeof method !== 'string' || !METHOD.test(method)) throw new ArgumentError('method is not valid');
  return NORMALISED_METHODS.test(method) ? method.toUpperCase() : method;
}

/** `htu`: the http(s) URL without query, fragment or credentials; an `ArgumentError` otherwise. */
export function htuOf(url: unknown): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url as string);
  } catch {
    // reported below
  }
  if (typeof url !== 'string' || !parsed || !/^https?:$/.test(parsed.protocol))
    throw new ArgumentError('url is not valid');
  parsed.search = parsed.hash = parsed.username = parsed.password = '';
  return parsed.href;
}

const segment = (value: object) => encodeBase64url(new TextEncoder().encode(JSON.stringify(value)));

/** A signed proof for `request`. Throws an `ArgumentError` for a bad method, URL or token. */
export async function createProof(pair: DpopKeyPair, request: ProofRequest, env: ProofEnv): Promise<string> {
  const { accessToken, nonce } = request;
  const claims: Record<string, unknown> = {
    htm: htmOf(request.method),
    htu: htuOf(request.url),
    iat: Math.floor(env.now() / 1000),
    jti: randomString(env, 32),
  };
  if (accessToken !== undefined && (typeof accessToken !== 'string' || !accessToken))
    throw new ArgumentError('accessToken is not valid');
  if (nonce) claims.nonce = nonce;
  if (accessToken) claims.ath = await sha256Base64url(env.subtle(), accessToken);
  const input = `${segment({ typ: 'dpop+jwt', alg: 'ES256', jwk: pair.jwk })}.${segment(claims)}`;
  const signature = await env
    .subtle()
    .sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, new TextEncoder().encode(input));
  return `${input}.${encodeBase64url(new Uint8Array(signature))}`;
}
