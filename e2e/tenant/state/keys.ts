/**
 * The tenant's signing keys: RSA 2048 pairs made at start (never persisted, so no test depends on
 * a key that outlives the tenant). Rotation adds a key with a new `kid`; tokens are signed with
 * the newest one and tokens of the previous keys keep verifying while those stay in the JWKS.
 */
import { KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { CryptoKey, JWK, JWTVerifyGetKey } from 'jose';

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
  /** The same private key for node:crypto, made once (protocol/jws.ts signs with it). */
  readonly signingKey: KeyObject;
  readonly publicKey: CryptoKey;
  readonly publicJwk: PublicRsaJwk;
}

/** Keys kept in the JWKS after rotations (the oldest are dropped first). */
export const MAX_KEYS = 5;

/** A private RSA JWK given by the user (`TenantOptions.signingKey`), as a key pair. */
async function importKeyPair(jwk: JWK): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e || !jwk.d) throw new Error('signing key: a private RSA JWK is required');
  const privateKey = await importJWK({ ...jwk, alg: 'RS256' }, 'RS256');
  const publicKey = await importJWK({ kty: 'RSA', n: jwk.n, e: jwk.e }, 'RS256');
  if (privateKey instanceof Uint8Array || publicKey instanceof Uint8Array)
    throw new Error('signing key: not an RSA key');
  return { privateKey, publicKey };
}

/** A new RSA 2048 key, or the given private JWK (its `kid` kept, else its thumbprint). */
export async function createSigningKey(jwk?: JWK): Promise<SigningKey> {
  const { privateKey, publicKey } = jwk
    ? await importKeyPair(jwk)
    : await generateKeyPair('RS256', { modulusLength: 2048 });
  const exported: JWK = await exportJWK(publicKey);
  if (exported.kty !== 'RSA' || !exported.n || !exported.e) throw new Error('unexpected RSA JWK export');
  const kid = jwk?.kid ?? (await calculateJwkThumbprint({ kty: 'RSA', n: exported.n, e: exported.e }));
  // Built member by member (not spread) so no private or extra member can slip into the JWKS.
  const publicJwk: PublicRsaJwk = { kty: 'RSA', n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, signingKey: KeyObject.from(privateKey), publicKey, publicJwk };
}

export class KeyRing {
  private keys: SigningKey[];
  private keySet: JWTVerifyGetKey;

  private constructor(keys: SigningKey[]) {
    this.keys = keys;
    this.keySet = createLocalJWKSet(this.jwks());
  }

  /**
   * `rotated` starts with a previous key already in the JWKS (what `--rotate-keys` asks for);
   * `jwk` is the current key instead of a new one.
   */
  static async create(rotated = false, jwk?: JWK): Promise<KeyRing> {
    const keys = await Promise.all(rotated ? [createSigningKey(), createSigningKey(jwk)] : [createSigningKey(jwk)]);
    return new KeyRing(keys);
  }

  /** The key new tokens are signed with (the newest). */
  get current(): SigningKey {
    const key = this.keys[this.keys.length - 1];
    if (!key) throw new Error('key ring is empty');
    return key;
  }

  all(): readonly SigningKey[] {
    return this.keys;
  }

  /** Adds a new signing key and returns it; older keys stay published (up to MAX_KEYS). */
  async rotate(): Promise<SigningKey> {
    const key = await createSigningKey();
    this.keys = [...this.keys, key].slice(-MAX_KEYS);
    this.keySet = createLocalJWKSet(this.jwks());
    return key;
  }

  /** Current key first, then the previous ones, newest first. */
  jwks(): { keys: PublicRsaJwk[] } {
    return { keys: [...this.keys].reverse().map((k) => k.publicJwk) };
  }

  /** For jose's jwtVerify: picks the key by `kid` among all published keys. */
  get verificationKeys(): JWTVerifyGetKey {
    return this.keySet;
  }
}
