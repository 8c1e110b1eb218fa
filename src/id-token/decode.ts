/** Decoding a compact JWT without verifying it (for the header's `alg`/`kid` and error messages). */
import { base64url } from 'jose';
import { isPlainObject } from '../shared/objects.js';

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

function decodeSegment(segment: string): Record<string, unknown> {
  // jose's decoder, the one its signature check uses: the same segment is read the same way twice.
  const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64url.decode(segment)));
  if (!isPlainObject(value)) throw new TypeError('not an object');
  return value;
}

/** Decodes `token`, or returns `undefined` when it is not three base64url JSON-object segments. */
export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    return { header: decodeSegment(parts[0]!), payload: decodeSegment(parts[1]!) };
  } catch {
    return undefined;
  }
}
