/**
 * A software WebAuthn authenticator for the tenant's passkey tests (issue 48): ES256 keys from
 * node:crypto, `none` attestation, and the browser's side (clientDataJSON) too, so a test builds
 * exactly the `authn_response` a browser would send, or a forged variant of it (another origin,
 * RP ID, challenge, counter, flags, user handle).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/** The small CBOR subset WebAuthn needs: unsigned/negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface SoftCredential {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly cosePublicKey: Buffer;
  readonly rpId: string;
  /** base64url, as the RP gave it at creation. */
  readonly userHandle: string;
  counter: number;
}

/** What a ceremony may change about the real thing, to forge a variant. */
export interface CeremonyOptions {
  /** The page's origin (clientDataJSON). */
  origin: string;
  /** The RP ID hashed into the authenticator data (default: the options' RP ID). */
  rpId?: string;
  /** Overrides the challenge echoed in clientDataJSON. */
  challenge?: string;
  /** Whether the user was verified (UV flag); default true. */
  userVerified?: boolean;
  /** The signature counter to report (default: the credential's, plus one). */
  counter?: number;
  /** clientDataJSON `type` (default webauthn.create / webauthn.get). */
  type?: string;
}

export interface CreationOptionsJson {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
}

export interface RequestOptionsJson {
  challenge: string;
  rpId: string;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: string, challenge: string, origin: string): string {
  return b64u(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A PublicKeyCredential as the browser library serialises it (binary fields base64url). */
function credentialJson(id: string, response: Record<string, unknown>): Record<string, unknown> {
  return {
    id,
    rawId: id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response,
  };
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `navigator.credentials.create()` with `none` attestation: the sign-up's `authn_response`. */
  create(options: CreationOptionsJson, ceremony: CeremonyOptions): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const rpId = ceremony.rpId ?? options.rp.id;
    const credential: SoftCredential = {
      id: b64u(id),
      privateKey,
      cosePublicKey,
      rpId: options.rp.id,
      userHandle: options.user.id,
      counter: ceremony.counter ?? 0,
    };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cosePublicKey]);
    const flags = FLAGS.UP | (ceremony.userVerified === false ? 0 : FLAGS.UV) | FLAGS.AT;
    const authData = authenticatorData(rpId, flags, credential.counter, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return credentialJson(credential.id, {
      clientDataJSON: clientData(
        ceremony.type ?? 'webauthn.create',
        ceremony.challenge ?? options.challenge,
        ceremony.origin,
      ),
      attestationObject: b64u(attestationObject),
      transports: ['internal'],
    });
  }

  /**
   * `navigator.credentials.get()` with a discoverable credential: the sign-in's `authn_response`.
   * `credential` defaults to the last one made for the RP ID; `userHandle` overrides its handle.
   */
  get(
    options: RequestOptionsJson,
    ceremony: CeremonyOptions & { credential?: SoftCredential; userHandle?: string },
  ): Record<string, unknown> {
    const credential = ceremony.credential ?? [...this.credentials].reverse().find((c) => c.rpId === options.rpId);
    if (!credential) throw new Error(`No credential for ${options.rpId}`);
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const flags = FLAGS.UP | (ceremony.userVerified === false ? 0 : FLAGS.UV);
    const authData = authenticatorData(ceremony.rpId ?? options.rpId, flags, credential.counter);
    const clientDataJSON = clientData(
      ceremony.type ?? 'webauthn.get',
      ceremony.challenge ?? options.challenge,
      ceremony.origin,
    );
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]);
    return credentialJson(credential.id, {
      clientDataJSON,
      authenticatorData: b64u(authData),
      signature: b64u(sign('sha256', signed, credential.privateKey)),
      userHandle: ceremony.userHandle ?? credential.userHandle,
    });
  }
}
