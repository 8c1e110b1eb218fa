/**
 * Cookie name and value encoding compatible with what auth0-js 10 writes and reads, so a
 * transaction started by either library can be finished by the other.
 */

// The escapes of encodeURIComponent that v10 (js-cookie) writes as literal characters instead.
/** In names: # $ & + ^ ` | */
const NAME_LITERALS = /%(2[346B]|5E|60|7C)/g;
/** In values: # $ & + / : < = > ? @ [ ] ^ ` { | } (not `;`, %3B). */
const VALUE_LITERALS = /%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[B-D])/g;

/** Encodes a cookie name (`(` and `)` are escaped too, as they are not allowed in names). */
export function encodeCookieName(name: string): string {
  return encodeURIComponent(name)
    .replace(NAME_LITERALS, decodeURIComponent)
    .replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}

/** Encodes a cookie value. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(VALUE_LITERALS, decodeURIComponent);
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
