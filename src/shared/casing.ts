/** Key case conversion with auth0-js 10's exact algorithms (wire format is snake_case). */
import { has, isPlainObject } from './objects.js';
import type { UnknownObject } from './types.js';

/** `clientID` → `client_id`, `abc1` → `abc_1`, `XMLThing` → `xmlthing`. */
export function snakeKey(key: string): string {
  let out = '';
  let prevUpper = true;
  let prevDigit = true;
  for (const ch of key) {
    const upper = ch >= 'A' && ch <= 'Z';
    const digit = ch >= '0' && ch <= '9';
    if ((upper && !prevUpper) || (digit && !prevDigit)) out += '_';
    out += ch.toLowerCase();
    prevUpper = upper;
    prevDigit = digit;
  }
  return out;
}

/** `country_code` → `countryCode`, `_id` → `Id`. */
export function camelKey(key: string): string {
  return key
    .split('_')
    .map((part, i) => (i === 0 || !part ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}

/**
 * snake_cases keys recursively (arrays untouched). Keys in `keep` keep their name at the top level
 * only; their values are still converted.
 */
export function toSnakeCase(value: unknown, keep: readonly string[] = []): unknown {
  if (!isPlainObject(value)) return value;
  const out: UnknownObject = {};
  for (const [key, inner] of Object.entries(value)) {
    out[keep.includes(key) ? key : snakeKey(key)] = toSnakeCase(inner);
  }
  return out;
}

/** camelCases keys recursively (arrays untouched); `keepOriginal` also keeps each original key. */
export function toCamelCase(value: unknown, keepOriginal = false): unknown {
  if (!isPlainObject(value)) return value;
  const out: UnknownObject = {};
  for (const [key, inner] of Object.entries(value)) {
    const camel = camelKey(key);
    const converted = toCamelCase(inner, keepOriginal);
    // An existing camelCase key wins over the converted snake_case one.
    out[camel] = has(value, camel) ? toCamelCase(value[camel], keepOriginal) : converted;
    if (keepOriginal) out[key] = converted;
  }
  return out;
}
