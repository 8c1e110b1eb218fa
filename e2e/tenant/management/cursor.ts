/**
 * Checkpoint cursors for `from`: `<payload>.<tag>`, both base64url. The payload names the last
 * profile id already returned; the tag is an HMAC-SHA256 over a context label and the payload with
 * a key made at tenant start. So an edited, truncated or foreign (another tenant run) cursor is
 * recognised as unknown rather than silently starting somewhere else.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const CONTEXT = 'user-attribute-profiles.v1';
/** Longer input is refused before any decoding or hashing. */
export const MAX_CURSOR_LENGTH = 256;
/** Payload, then the 32-byte tag as 43 unpadded base64url characters. */
const SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{43}$/;

/** A fresh key (tests); the tenant uses its per-start secret. */
export function newCursorKey(): Buffer {
  return randomBytes(32);
}

function tag(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`${CONTEXT}.${payload}`).digest();
}

export function encodeCursor(key: Buffer, lastId: string): string {
  const payload = Buffer.from(lastId, 'utf8').toString('base64url');
  return `${payload}.${tag(key, payload).toString('base64url')}`;
}

/** The last id carried by a genuine cursor, or undefined for anything this tenant did not issue. */
export function decodeCursor(key: Buffer, cursor: string): string | undefined {
  if (cursor.length > MAX_CURSOR_LENGTH || !SHAPE.test(cursor)) return undefined;
  const dot = cursor.indexOf('.');
  const payload = cursor.slice(0, dot);
  const given = Buffer.from(cursor.slice(dot + 1), 'base64url');
  const expected = tag(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  // base64url decoding ignores trailing bits; re-encoding must give back the very same text.
  const id = Buffer.from(payload, 'base64url').toString('utf8');
  return Buffer.from(id, 'utf8').toString('base64url') === payload ? id : undefined;
}
