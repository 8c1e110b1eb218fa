/**
 * Compact JWS serialization (RFC 7515 §7.1) of the tenant's own tokens and signed values.
 * Signing is done here rather than through jose's SignJWT because WebCrypto's per-call key and job
 * set-up was a load-test hot spot on the event loop: RS256 goes to node:crypto's asynchronous sign
 * (libuv thread pool) with a KeyObject made once per key, HS256 to a synchronous HMAC. Tokens that
 * clients present are verified with jose; only the tenant's own HS256 values are checked here.
 */
import { createHmac, sign, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface JwsHeader {
  readonly alg: 'RS256' | 'HS256';
  readonly typ: 'JWT';
  readonly kid?: string;
}

function signingInput(header: JwsHeader, payload: object): string {
  const h = Buffer.from(JSON.stringify(header), 'utf8').toString('base64url');
  return `${h}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
}

/** RS256 (RSASSA-PKCS1-v1_5 with SHA-256), off the event loop. */
export function signRs256(kid: string, payload: object, key: KeyObject): Promise<string> {
  const input = signingInput({ alg: 'RS256', typ: 'JWT', kid }, payload);
  return new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(input, 'utf8'), key, (err, signature) => {
      if (err) reject(err);
      else resolve(`${input}.${signature.toString('base64url')}`);
    });
  });
}

/** HS256 (HMAC SHA-256) with `secret`, without a `kid`. */
export function signHs256(payload: object, secret: Uint8Array | string): string {
  const input = signingInput({ alg: 'HS256', typ: 'JWT' }, payload);
  return `${input}.${createHmac('sha256', secret).update(input, 'utf8').digest('base64url')}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The payload of a compact JWS made by signHs256 with `secret` (MAC checked in constant time,
 * header exactly HS256/JWT), or undefined. No claim is checked: that is the caller's job.
 */
export function verifyHs256(token: string, secret: Uint8Array | string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header = '', payload = '', signature = ''] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`, 'utf8').digest();
  const given = Buffer.from(signature, 'base64url');
  // Re-encoding must give the same text: base64url decoding skips stray characters.
  if (
    given.length !== expected.length ||
    !timingSafeEqual(given, expected) ||
    given.toString('base64url') !== signature
  )
    return undefined;
  const h = decodeJson(header);
  if (!isObject(h) || h['alg'] !== 'HS256' || h['typ'] !== 'JWT' || Object.keys(h).length !== 2) return undefined;
  const claims = decodeJson(payload);
  return isObject(claims) ? claims : undefined;
}
