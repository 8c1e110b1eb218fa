/**
 * PATCH /api/v2/users/{id} bodies: which attributes may be changed, their types, and how
 * `user_metadata` merges (top-level keys overwrite or add; a null value removes the key; nested
 * objects are replaced whole, as the service documents).
 */
import { badBody } from './errors.js';
import { depthExceeds, isPlainObject } from './request-body.js';

/** Metadata as stored and as parsed from JSON: a plain object of JSON values. */
export type Metadata = Readonly<Record<string, unknown>>;

export const PATCHABLE = ['user_metadata', 'app_metadata', 'name', 'nickname', 'email', 'email_verified'] as const;
export type PatchableAttribute = (typeof PATCHABLE)[number];

/** Serialised size limit of each metadata object after the merge (this tenant's choice). */
export const METADATA_MAX_BYTES = 16 * 1024;
const METADATA_MAX_DEPTH = 10;
const TEXT_MAX = 300;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export interface UserPatch {
  readonly attributes: readonly PatchableAttribute[];
  readonly userMetadata?: Metadata;
  readonly appMetadata?: Metadata;
  readonly name?: string;
  readonly nickname?: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
}

function isPatchable(key: string): key is PatchableAttribute {
  return (PATCHABLE as readonly string[]).includes(key);
}

function metadata(key: string, value: unknown): Metadata {
  if (!isPlainObject(value)) throw badBody(`Payload validation error: "${key}" must be an object.`);
  if (depthExceeds(value, METADATA_MAX_DEPTH))
    throw badBody(`Payload validation error: "${key}" is nested deeper than ${METADATA_MAX_DEPTH} levels.`);
  return value;
}

function text(key: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > TEXT_MAX) {
    throw badBody(`Payload validation error: "${key}" must be a string of 1 to ${TEXT_MAX} characters.`);
  }
  return value;
}

export function parseUserPatch(body: Record<string, unknown>): UserPatch {
  const keys = Object.keys(body);
  const unknown = keys.filter((k) => !isPatchable(k));
  if (unknown.length > 0) {
    throw badBody(
      `Payload validation error: additional properties not allowed: ${unknown.map((k) => JSON.stringify(k)).join(', ')}; allowed: ${PATCHABLE.join(', ')}.`,
    );
  }
  if (keys.length === 0) throw badBody('Payload validation error: the body must contain at least one attribute.');
  const patch: { -readonly [K in keyof UserPatch]: UserPatch[K] } = { attributes: keys.filter(isPatchable) };
  if ('user_metadata' in body) patch.userMetadata = metadata('user_metadata', body['user_metadata']);
  if ('app_metadata' in body) patch.appMetadata = metadata('app_metadata', body['app_metadata']);
  if ('name' in body) patch.name = text('name', body['name']);
  if ('nickname' in body) patch.nickname = text('nickname', body['nickname']);
  if ('email' in body) {
    const email = body['email'];
    if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email))
      throw badBody('Payload validation error: "email" must be an email address.');
    patch.email = email;
  }
  if ('email_verified' in body) {
    if (typeof body['email_verified'] !== 'boolean')
      throw badBody('Payload validation error: "email_verified" must be a boolean.');
    patch.emailVerified = body['email_verified'];
  }
  return patch;
}

export interface MetadataChange {
  readonly adds: boolean;
  readonly updates: boolean;
  readonly deletes: boolean;
}

export function classifyMetadata(current: Metadata, patch: Metadata): MetadataChange {
  const entries = Object.entries(patch);
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(current, k);
  return {
    adds: entries.some(([k, v]) => v !== null && !has(k)),
    updates: entries.some(([k, v]) => v !== null && has(k)),
    deletes: entries.some(([, v]) => v === null),
  };
}

/** Built through a Map, so a `__proto__` key stays an ordinary key and never touches a prototype. */
export function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  const merged = new Map(Object.entries(current));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) merged.delete(k);
    else merged.set(k, structuredClone(v));
  }
  const out: Metadata = Object.fromEntries(merged);
  if (Buffer.byteLength(JSON.stringify(out)) > METADATA_MAX_BYTES) {
    throw badBody(`Payload validation error: metadata would exceed ${METADATA_MAX_BYTES} bytes.`);
  }
  return out;
}
