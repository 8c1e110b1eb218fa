/**
 * Cookie name and value encoding compatible with what auth0-js 10 writes and reads, so a
 * transaction started by either library can be finished by the other.
 */

const NAME_LITERALS = new Set(['#', '$', '&', '+', '^', '|', '`']);
const VALUE_LITERALS = new Set(['#', '$', '&', '+', '/', ':', '<', '=', '>', '?', '@', '[', ']', '^', '{', '|', '}', '`']);

function encodeKeeping(text: string, literals: Set<string>): string {
  return encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (seq) => {
    const ch = String.fromCharCode(parseInt(seq.slice(1), 16));
    return literals.has(ch) ? ch : seq;
  });
}

/** Encodes a cookie name (`(` and `)` are escaped too, as they are not allowed in names). */
export function encodeCookieName(name: string): string {
  return encodeKeeping(name, NAME_LITERALS).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}

/** Encodes a cookie value. */
export function encodeCookieValue(value: string): string {
  return encodeKeeping(value, VALUE_LITERALS);
}

/** Decodes `%XX` runs, leaving malformed sequences as they are. */
export function decodeCookieText(text: string): string {
  return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** Parses a `document.cookie` string into decoded name → decoded value (first one wins). */
export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header ? header.split('; ') : []) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = decodeCookieText(part.slice(0, eq));
    let value = part.slice(eq + 1);
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!out.has(name)) out.set(name, decodeCookieText(value));
  }
  return out;
}
