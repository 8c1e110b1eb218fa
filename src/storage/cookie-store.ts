/**
 * The default transaction store. On https without `cookieDomain`, one `__Host-` cookie (Secure,
 * SameSite=Lax): a sibling subdomain cannot set or shadow it, unlike the v10 name, where the first
 * of two same-named cookies wins. With `cookieDomain` (the app shares transactions across its
 * subdomains on purpose) and on http, auth0-js 10's names and attributes, plus the legacy
 * `_<key>_compat` cookie (no SameSite) on https. Where the `__Host-` cookie is written, only it is
 * read: a sibling subdomain can plant v10's names (SECURITY.md, COMPATIBILITY S13).
 */
import type { RedirectEnv } from '../browser/env.js';
import { currentLocation } from '../browser/env.js';
import { encodeCookieName, encodeCookieValue, parseCookies } from './cookie-codec.js';
import type { KeyValueStore } from '../types.js';

const DAY_MS = 864e5;

export interface CookieStoreOptions {
  cookieDomain?: string;
  /** Write the compat cookie on https (`WebAuth` derives `true` unless the option is `false`). */
  legacySameSiteCookie?: boolean;
}

const compatKey = (key: string) => `_${key}_compat`;
/** Browsers accept this prefix only from a secure page, with Secure, path=/ and no Domain. */
const HOST_PREFIX = '__Host-';

/** Creates a cookie-backed store for the page `env` runs in. */
export function cookieStore(env: RedirectEnv, options: CookieStoreOptions = {}): KeyValueStore {
  const https = () => currentLocation(env).protocol === 'https:';
  const domain = options.cookieDomain ? `; domain=${options.cookieDomain}` : '';
  const hostOnly = () => !domain && https();

  const write = (name: string, encodedValue: string, expires: Date, attributes: string) =>
    env.writeCookie(`${name}=${encodedValue}; path=/; expires=${expires.toUTCString()}${attributes}`);

  return {
    get(key) {
      const cookies = parseCookies(env.readCookies());
      const raw = hostOnly()
        ? cookies.get(HOST_PREFIX + key)
        : (cookies.get(HOST_PREFIX + key) ?? cookies.get(key) ?? cookies.get(compatKey(key)));
      if (raw === undefined) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    },
    set(key, value, expiresDays = 1) {
      const encoded = encodeCookieValue(JSON.stringify(value));
      const expires = new Date(env.now() + expiresDays * DAY_MS);
      // SameSite=Lax is enough: only script reads these cookies, no cross-site request needs them.
      if (hostOnly()) return write(HOST_PREFIX + encodeCookieName(key), encoded, expires, '; secure; samesite=lax');
      if (https() && options.legacySameSiteCookie) {
        // Same domain as the main cookie (v10 wrote it host-only, so removal missed it).
        write(encodeCookieName(compatKey(key)), encoded, expires, `; secure${domain}`);
      }
      write(encodeCookieName(key), encoded, expires, https() ? `; secure; sameSite=none${domain}` : domain);
    },
    remove(key) {
      const past = new Date(env.now() - DAY_MS);
      if (https()) write(HOST_PREFIX + encodeCookieName(key), '', past, '; secure');
      write(encodeCookieName(key), '', past, domain);
      write(encodeCookieName(compatKey(key)), '', past, domain);
      // A compat cookie left host-only by auth0-js 10 under a cookieDomain is cleared as well.
      if (domain) write(encodeCookieName(compatKey(key)), '', past, '');
    },
  };
}
