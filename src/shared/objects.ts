/** Option merging with auth0-js 10's semantics (falsy base values are dropped by `pick`). */

type Obj = Record<string, unknown>;

/** Copies only the listed keys whose value is truthy. */
export function pick(obj: Obj | undefined, keys: readonly string[]): Obj {
  const out: Obj = {};
  if (!obj) return out;
  for (const key of keys) if (obj[key]) out[key] = obj[key];
  return out;
}

/** `pick(base, keys)` overlaid with every key of `options` (undefined values included). */
export function mergeBase(base: Obj, keys: readonly string[], options: Obj | undefined): Obj {
  return Object.assign(pick(base, keys), options);
}

/** A shallow copy without the listed keys. */
export function omit(obj: Obj, keys: readonly string[]): Obj {
  const out: Obj = {};
  for (const key of Object.keys(obj)) if (!keys.includes(key)) out[key] = obj[key];
  return out;
}

/** True for a plain object (not an array, not null). */
export function isPlainObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
