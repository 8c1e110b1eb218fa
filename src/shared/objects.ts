/** Option merging with auth0-js 10's semantics (falsy base values are dropped by `pick`). */
import type { UnknownObject } from './types.js';

/** Copies only the listed keys whose value is truthy. */
export function pick(obj: object | undefined, keys: readonly string[]): UnknownObject {
  const out: UnknownObject = {};
  const from = obj as UnknownObject | undefined;
  if (!from) return out;
  for (const key of keys) if (from[key]) out[key] = from[key];
  return out;
}

/** `pick(base, keys)` overlaid with every key of `options` (undefined values included). */
export function mergeBase(base: object, keys: readonly string[], options: object | undefined): UnknownObject {
  return Object.assign(pick(base, keys), options);
}

/** A shallow copy without the listed keys. */
export function omit(obj: object, keys: readonly string[]): UnknownObject {
  const out: UnknownObject = {};
  for (const [key, value] of Object.entries(obj)) if (!keys.includes(key)) out[key] = value;
  return out;
}

/** True for a plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is UnknownObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property test (a key like `toString` must not match the prototype's). */
export const has = (obj: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(obj, key);
