/**
 * The DPoP key pair (RFC 9449): ES256 from WebCrypto, its private half created non-extractable so
 * script can sign with it but never read it out, and the public half as the JWK a proof embeds.
 */
import { WebAuthError } from '../errors.js';
import { isPlainObject } from '../shared/objects.js';

/** The public key as a proof's header carries it: the EC members only (RFC 9449 §4.2). */
export interface DpopPublicJwk {
  /** Always `EC`. */
  kty: 'EC';
  /** Always `P-256`. */
  crv: 'P-256';
  /** The x coordinate, base64url. */
  x: string;
  /** The y coordinate, base64url. */
  y: string;
}

/** What is kept (in IndexedDB by structured clone, or in memory): the signing key and its public JWK. */
export interface DpopKeyPair {
  /** ECDSA P-256, `extractable: false`, usable only to `sign`. */
  privateKey: CryptoKey;
  /** The matching public key (RFC 7638 member order is applied where the thumbprint is computed). */
  jwk: DpopPublicJwk;
}

const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256' };

/** A new pair; throws a `WebAuthError` where WebCrypto is missing (an insecure context). */
export async function generateDpopKeyPair(subtle: () => SubtleCrypto): Promise<DpopKeyPair> {
  try {
    const crypto = subtle();
    const { privateKey, publicKey } = (await crypto.generateKey(EC_P256, false, ['sign', 'verify'])) as CryptoKeyPair;
    // The public half of a pair is always exportable; only its coordinates go into the JWK.
    const { x, y } = await crypto.exportKey('jwk', publicKey);
    return { privateKey, jwk: { kty: 'EC', crv: 'P-256', x: x!, y: y! } };
  } catch (cause) {
    throw new WebAuthError('DPoP needs WebCrypto ECDSA P-256 (a secure context)', { cause });
  }
}

/**
 * True for a stored value of the shape written here: the database may hold anything (another
 * version, another script). An extractable key is no DPoP key of ours.
 */
export function isDpopKeyPair(value: unknown): value is DpopKeyPair {
  const { privateKey: key, jwk } = (isPlainObject(value) && value) as { privateKey?: CryptoKey; jwk?: DpopPublicJwk };
  return (
    (key?.algorithm as EcKeyAlgorithm | undefined)?.namedCurve === 'P-256' &&
    key!.type === 'private' &&
    !key!.extractable &&
    typeof jwk?.x === 'string' &&
    typeof jwk.y === 'string'
  );
}
