import { describe, expect, it } from 'vitest';
import { fakeEnv } from '../testing/fake-env.js';
import { encodeCookieName, encodeCookieValue, parseCookies } from './cookie-codec.js';
import { cookieStore } from './cookie-store.js';

describe('cookie codec', () => {
  it('encodes names and values with the v10 literal sets', () => {
    expect(encodeCookieName('co/verifier/https%3A%2F%2Fme.auth0.com/id(1)')).toBe(
      'co%2Fverifier%2Fhttps%253A%252F%252Fme.auth0.com%2Fid%281%29',
    );
    expect(encodeCookieValue('{"a":"b c","d":[1,2]}')).toBe('{%22a%22:%22b%20c%22%2C%22d%22:[1%2C2]}');
  });
  it('decodes what it encodes and strips surrounding quotes', () => {
    const value = '{"nonce":"a~b.c_d-e","state":"S"}';
    const cookies = parseCookies(
      `x=1; ${encodeCookieName('com.auth0.auth.S')}=${encodeCookieValue(value)}; q="%22quoted%22"`,
    );
    expect(cookies.get('com.auth0.auth.S')).toBe(value);
    expect(cookies.get('q')).toBe('"quoted"');
  });
});

describe('cookieStore', () => {
  it('on https with a cookieDomain writes the compat cookie first, then the SameSite=None cookie', () => {
    const env = fakeEnv('https://app.example.com/');
    cookieStore(env, { legacySameSiteCookie: true, cookieDomain: '.example.com' }).set(
      'com.auth0.auth.S',
      { state: 'S' },
      1 / 48,
    );
    expect(env.cookieWrites).toHaveLength(2);
    expect(env.cookieWrites[0]).toMatch(
      /^_com\.auth0\.auth\.S_compat=\{%22state%22:%22S%22\}; path=\/; expires=.+ GMT; secure; domain=\.example\.com$/,
    );
    expect(env.cookieWrites[1]).toMatch(
      /^com\.auth0\.auth\.S=\{%22state%22:%22S%22\}; path=\/; expires=.+; secure; sameSite=none; domain=\.example\.com$/,
    );
    const expires = Date.parse(env.cookieWrites[1]!.match(/expires=([^;]+)/)![1]!);
    expect(Math.abs(expires - (env.clock + 30 * 60 * 1000))).toBeLessThan(1000);
  });
  it('on http writes one plain cookie, and without legacySameSiteCookie no compat cookie', () => {
    const http = fakeEnv('http://127.0.0.1:5000/');
    cookieStore(http).set('k', 'v');
    expect(http.cookieWrites).toEqual([expect.stringMatching(/^k=%22v%22; path=\/; expires=[^;]+$/)]);
    const https = fakeEnv('https://app.example.com/');
    cookieStore(https, { legacySameSiteCookie: false, cookieDomain: 'app.example.com' }).set('k', 'v');
    cookieStore(https, { cookieDomain: 'app.example.com' }).set('k', 'v'); // no legacySameSiteCookie: no compat cookie
    expect(https.cookieWrites.map((c) => c.split('=')[0])).toEqual(['k', 'k']);
  });
  it('reads the main cookie, else the compat cookie, and removes both', () => {
    const env = fakeEnv('https://app.example.com/');
    const store = cookieStore(env, { cookieDomain: '.example.com', legacySameSiteCookie: true });
    store.set('k', { a: 1 });
    expect(store.get('k')).toEqual({ a: 1 });
    env.writeCookie('k=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(store.get('k')).toEqual({ a: 1 }); // compat cookie still there
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
    expect(env.cookieWrites.filter((c) => c.startsWith('_k_compat=;'))).toHaveLength(2);
    expect(env.cookieWrites.every((c) => !c.startsWith('_k_compat=%') || c.includes('domain=.example.com'))).toBe(true);
  });
  it('falls back to the raw string when a value is not JSON', () => {
    const env = fakeEnv('http://localhost/');
    env.writeCookie('plain=hello%20world; path=/');
    expect(cookieStore(env).get('plain')).toBe('hello world');
  });
});

describe('cookieStore on https without cookieDomain (cookie tossing)', () => {
  it('writes one __Host- cookie, Secure and SameSite=Lax, and no compat cookie', () => {
    const env = fakeEnv('https://app.example.com/');
    cookieStore(env, { legacySameSiteCookie: true }).set('com.auth0.auth.S', { state: 'S' }, 1 / 48);
    expect(env.cookieWrites).toEqual([
      expect.stringMatching(
        /^__Host-com\.auth0\.auth\.S=\{%22state%22:%22S%22\}; path=\/; expires=[^;]+; secure; samesite=lax$/,
      ),
    ]);
  });
  it('reads its __Host- cookie before a same-named cookie a sibling subdomain tossed in first', () => {
    const env = fakeEnv('https://app.example.com/');
    // Set by evil.example.com with domain=.example.com: a cookie of its own that document.cookie lists first.
    const jar = env.readCookies;
    env.readCookies = () => `com.auth0.auth.S=${encodeCookieValue('{"state":"S","nonce":"attacker"}')}; ${jar()}`;
    const store = cookieStore(env);
    store.set('com.auth0.auth.S', { state: 'S', nonce: 'ours' });
    expect(store.get('com.auth0.auth.S')).toEqual({ state: 'S', nonce: 'ours' });
  });
  it('does not read the names auth0-js 10 writes (a sibling subdomain can plant them), and removes them all', () => {
    const env = fakeEnv('https://app.example.com/');
    env.writeCookie(`_com.auth0.auth.V_compat=${encodeCookieValue('{"state":"V"}')}; path=/`);
    env.writeCookie(`com.auth0.auth.V=${encodeCookieValue('{"state":"V"}')}; path=/`);
    const store = cookieStore(env);
    expect(store.get('com.auth0.auth.V')).toBeUndefined();
    // With a cookieDomain the app shares transactions across subdomains on purpose: v10's names count.
    expect(cookieStore(env, { cookieDomain: 'app.example.com' }).get('com.auth0.auth.V')).toEqual({ state: 'V' });
    store.set('com.auth0.auth.V', { state: 'V', nonce: 'n' });
    expect(store.get('com.auth0.auth.V')).toEqual({ state: 'V', nonce: 'n' });
    store.remove('com.auth0.auth.V');
    expect(store.get('com.auth0.auth.V')).toBeUndefined();
    expect(env.cookieWrites.filter((c) => c.startsWith('__Host-com.auth0.auth.V=;'))).toEqual([
      expect.stringMatching(/; secure$/),
    ]);
  });
});
