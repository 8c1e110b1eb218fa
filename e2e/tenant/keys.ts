/**
 * The tenant's signing key: one RSA 2048 key pair per process start, so tests never depend on a
 * key that outlives the tenant.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWK } from 'jose';

/** The public members a JWKS may expose; anything else (d, p, q, …) must never leave the tenant. */
export interface PublicRsaJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  readonly publicJwk: PublicRsaJwk;
}

export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const exported: JWK = await exportJWK(publicKey);
  if (exported.kty !== 'RSA' || !exported.n || !exported.e) throw new Error('unexpected RSA JWK export');
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: exported.n, e: exported.e });
  // Built member by member (not spread) so no private or extra member can slip into the JWKS.
  const publicJwk: PublicRsaJwk = { kty: 'RSA', n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, publicJwk };
}

export function jwks(key: SigningKey): { keys: PublicRsaJwk[] } {
  return { keys: [key.publicJwk] };
}
