/** A scriptable BrowserEnv for unit tests: a fake page URL, cookie jar, fetch and navigation log. */
import { webcrypto } from 'node:crypto';
import type { BrowserEnv } from '../browser/env';

export interface FakeEnv extends BrowserEnv {
  url: string;
  navigations: string[];
  warnings: unknown[][];
  cookieWrites: string[];
  fetches: { url: string; init?: RequestInit }[];
  /** Answers fetches; default 404. */
  respond: (url: string, init?: RequestInit) => Response | Promise<Response>;
  clock: number;
}

/** A fake page at `url` whose cookie jar honours expiry (enough for the transaction store). */
export function fakeEnv(url = 'https://app.example.com/callback'): FakeEnv {
  const jar = new Map<string, { value: string; expires: number }>();
  const env: FakeEnv = {
    url,
    navigations: [],
    warnings: [],
    cookieWrites: [],
    fetches: [],
    clock: Date.parse('2026-11-23T12:00:00Z'),
    respond: () => new Response('not found', { status: 404 }),
    fetch: async (input, init) => {
      env.fetches.push({ url: input, init });
      return env.respond(input, init);
    },
    getRandomValues: (bytes) => webcrypto.getRandomValues(bytes),
    subtle: () => webcrypto.subtle as unknown as SubtleCrypto,
    now: () => env.clock,
    href: () => env.url,
    navigate: (to) => void env.navigations.push(to),
    readCookies: () =>
      [...jar.entries()]
        .filter(([, c]) => c.expires > env.clock)
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; '),
    writeCookie: (cookie) => {
      env.cookieWrites.push(cookie);
      const [pair, ...attributes] = cookie.split('; ');
      const eq = pair!.indexOf('=');
      const expires = attributes.find((a) => a.startsWith('expires='));
      jar.set(pair!.slice(0, eq), {
        value: pair!.slice(eq + 1),
        expires: expires ? Date.parse(expires.slice(8)) : Infinity,
      });
    },
    localStorage: () => {
      throw new Error('no localStorage in the fake env');
    },
    warn: (...args) => void env.warnings.push(args),
  };
  return env;
}

/** A JSON response. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
