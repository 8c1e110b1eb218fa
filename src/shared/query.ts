/** Query strings and URL joining with the encoding auth0-js 10 produces (RFC 3986, brackets). */

/** encodeURIComponent that also escapes `!'()*`, leaving only RFC 3986 unreserved characters. */
export function encodeRfc3986(text: string): string {
  // Most values (ids, state, nonce) are already unreserved; skipping the encoder is 2x faster.
  return /^[\w.~-]*$/.test(text)
    ? text
    : encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function serialize(prefix: string, value: unknown, out: string[]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (value === null) {
    out.push(encodeRfc3986(prefix) + '=');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => serialize(`${prefix}[${i}]`, item, out));
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, inner] of Object.entries(value)) serialize(`${prefix}[${key}]`, inner, out);
  } else {
    const text = value instanceof Date ? value.toISOString() : String(value);
    out.push(encodeRfc3986(prefix) + '=' + encodeRfc3986(text));
  }
}

/** Serialises `params` in insertion order; `undefined` is omitted, `null` becomes `key=`. */
export function stringifyQuery(params: Record<string, unknown>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) serialize(key, value, out);
  return out.join('&');
}

function decodeFormComponent(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/**
 * Parses `a=1&b=x+y` with form decoding (`+` is a space). A repeated key becomes an array, as the
 * reference's parser does. Keys are not expanded into nested objects.
 */
export function parseQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  // At most 1000 parameters, as v10's parser: a long fragment costs linear time, nothing more.
  for (const part of text.split('&', 1000)) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeFormComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeFormComponent(part.slice(eq + 1));
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}

/** Joins URL parts, collapsing duplicate slashes (but not the protocol's `//`). */
export function joinUrl(...parts: string[]): string {
  // One pass, no intermediate arrays: this runs on every construction and every URL.
  let url = (parts[0] ?? '').replace(/\/+$/, '');
  const last = parts.length - 1;
  for (let i = 1; i <= last; i++) {
    const part = parts[i]!.replace(i === last ? /^\/+/ : /^\/+|\/+$/g, '');
    if (part) url += '/' + part;
  }
  return url;
}
