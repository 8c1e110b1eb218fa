/**
 * The default transaction store: cookies with auth0-js 10's names, values and attributes, plus the
 * legacy `_<key>_compat` cookie (no SameSite) on https for browsers that reject `SameSite=None`.
 */
import type { BrowserEnv } from '../browser/env.js';
import { currentLocation } from '../browser/env.js';
import type { KeyValueStore } from './key-value-store.js';
import { encodeCookieName, encodeCookieValue, parseCookies } from './cookie-codec.js';

const DAY_MS = 864e5;

export interface CookieStoreOptions {
  cookieDomain?: string;
  /** Write the compat cookie on https (`WebAuth` derives `true` unless the option is `false`). */
  legacySameSiteCookie?: boolean;
}

const compatKey = (key: string) => `_${key}_compat`;

/** Creates a cookie-backed store for the page `env` runs in. */
export function cookieStore(env: BrowserEnv, options: CookieStoreOptions = {}): KeyValueStore {
  const https = () => currentLocation(env).protocol === 'https:';
  const domain = options.cookieDomain ? `; domain=${options.cookieDomain}` : '';

  const write = (key: string, encodedValue: string, expires: Date, attributes: string) =>
    env.writeCookie(`${encodeCookieName(key)}=${encodedValue}; path=/; expires=${expires.toUTCString()}${attributes}`);

  return {
    get(key) {
      const cookies = parseCookies(env.readCookies());
      const raw = cookies.get(key) ?? cookies.get(compatKey(key));
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
      if (https() && options.legacySameSiteCookie) {
        // Same domain as the main cookie (v10 wrote it host-only, so removal missed it).
        write(compatKey(key), encoded, expires, `; secure${domain}`);
      }
      write(key, encoded, expires, https() ? `; secure; sameSite=none${domain}` : domain);
    },
    remove(key) {
      const past = new Date(env.now() - DAY_MS);
      write(key, '', past, domain);
      write(compatKey(key), '', past, domain);
      // A compat cookie left host-only by auth0-js 10 under a cookieDomain is cleared as well.
      if (domain) write(compatKey(key), '', past, '');
    },
  };
}
