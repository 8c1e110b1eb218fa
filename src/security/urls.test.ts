/** Attack catalogue: URL and parameter injection, prototype-polluting keys, domains (README.md, category URL). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { expectOneRejection, title } from '../testing/attack-catalogue.js';

let env: FakeEnv;
const EVIL = 'https://evil.example';
beforeEach(() => {
  env = fakeEnv();
});
afterEach(() => {
  // No case may pollute Object.prototype.
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
});

/** The one authorize navigation, parsed. */
const authorizeUrl = (options: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  testWebAuth(env, extra).authorize(options);
  expect(env.navigations).toHaveLength(1);
  return new URL(env.navigations[0]!);
};
/** Each parameter appears once, with exactly the value given. */
const single = (url: URL, name: string) => {
  expect(url.searchParams.getAll(name)).toHaveLength(1);
  return url.searchParams.get(name);
};

const injections: { id: string; source: string; name: string; run: () => void }[] = [
  {
    id: 'URL-01',
    source: 'RFC 9700 §4.1 (redirect URI manipulation)',
    name: 'redirectUri carrying &response_type=code',
    run: () => {
      const url = authorizeUrl({ redirectUri: 'https://app.example.com/cb?x=1&response_type=code' });
      expect(single(url, 'redirect_uri')).toBe('https://app.example.com/cb?x=1&response_type=code');
      expect(single(url, 'response_type')).toBe('token id_token');
    },
  },
  {
    id: 'URL-02',
    source: 'RFC 6749 §4.1.1 (parameter injection)',
    name: 'state with & and # in it',
    run: () => {
      const url = authorizeUrl({ state: 'a&prompt=none#frag' });
      expect(single(url, 'state')).toBe('a&prompt=none#frag');
      expect(url.searchParams.has('prompt')).toBe(false);
      expect(url.hash).toBe('');
    },
  },
  {
    id: 'URL-03',
    source: 'RFC 6749 §3.3 (scope injection)',
    name: 'scope carrying &client_id=EVIL',
    run: () => {
      const url = authorizeUrl({ scope: 'openid&client_id=EVIL' });
      expect(single(url, 'client_id')).toBe('CID');
      expect(single(url, 'scope')).toBe('openid&client_id=EVIL');
    },
  },
  {
    id: 'URL-04',
    source: 'RFC 3986 §3.4',
    name: 'connection with ?, = and %00',
    run: () => {
      const url = authorizeUrl({ connection: 'x?redirect_uri=https://evil.example/%00' });
      expect(single(url, 'connection')).toBe('x?redirect_uri=https://evil.example/%00');
      expect(single(url, 'redirect_uri')).toBe('https://app.example.com/callback');
    },
  },
  {
    id: 'URL-05',
    source: 'RFC 3986 §3.2 (authority)',
    name: 'login_hint with @ and / cannot change the host',
    run: () => {
      const url = authorizeUrl({ login_hint: '@evil.example/x' });
      expect(url.host).toBe('me.auth0.com');
      expect(url.pathname).toBe('/authorize');
    },
  },
  {
    id: 'URL-06',
    source: 'OIDC RP-initiated logout §3 (post_logout_redirect_uri)',
    name: 'logout returnTo carrying &client_id=EVIL',
    run: () => {
      testWebAuth(env).logout({ returnTo: 'https://app.example.com/?a=1&client_id=EVIL' });
      const url = new URL(env.navigations[0]!);
      expect(url.host).toBe('me.auth0.com');
      expect(single(url, 'client_id')).toBe('CID');
      expect(single(url, 'returnTo')).toBe('https://app.example.com/?a=1&client_id=EVIL');
    },
  },
  {
    id: 'URL-07',
    source: 'CWE-1321 (prototype pollution)',
    name: 'authorize options with an own __proto__ key',
    run: () => {
      const url = authorizeUrl(
        JSON.parse('{"__proto__":{"polluted":"yes","redirectUri":"https://evil.example/"},"connection":"c"}'),
      );
      expect(single(url, 'redirect_uri')).toBe('https://app.example.com/callback');
      expect(url.searchParams.has('polluted')).toBe(false);
    },
  },
  {
    id: 'URL-08',
    source: 'CWE-1321 (prototype pollution)',
    name: 'authorize options with constructor.prototype',
    run: () => {
      const url = authorizeUrl(JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'));
      expect(url.host).toBe('me.auth0.com');
    },
  },
  {
    id: 'URL-09',
    source: 'CWE-1321 (prototype pollution)',
    name: 'constructor options with an own __proto__ key naming another domain',
    run: () => {
      const url = authorizeUrl({}, JSON.parse('{"__proto__":{"polluted":"yes","domain":"evil.example"}}'));
      expect(url.host).toBe('me.auth0.com');
    },
  },
  {
    id: 'URL-10',
    source: 'CWE-1321 (prototype pollution)',
    name: 'appState with __proto__ is stored inertly',
    run: () => {
      const url = authorizeUrl({ appState: JSON.parse('{"__proto__":{"polluted":"yes"}}') });
      expect(url.searchParams.has('appState')).toBe(false);
    },
  },
];

describe('attack catalogue: URLs', () => {
  it.each(injections.map((row) => [title(row), row] as const))('%s', (_title, row) => {
    expect(row.run).not.toThrow();
    expect(env.fetches).toEqual([]);
  });

  const fragments: { id: string; source: string; name: string; hash: string; error: string }[] = [
    {
      id: 'URL-11',
      source: 'CWE-1321 (qs-style keys)',
      name: 'fragment key __proto__[polluted]',
      hash: '#__proto__[polluted]=yes&access_token=AT&id_token=x.y.z&state=x',
      error: 'invalid_token',
    },
    {
      id: 'URL-12',
      source: 'CWE-1321 (qs-style keys)',
      name: 'fragment key constructor[prototype][polluted]',
      hash: '#constructor[prototype][polluted]=yes&access_token=AT&id_token=x.y.z&state=x',
      error: 'invalid_token',
    },
    {
      id: 'URL-13',
      source: 'CWE-1321',
      name: 'fragment key __proto__ beside an error',
      hash: '#__proto__=x&error=access_denied&state=x',
      error: 'access_denied',
    },
    {
      id: 'URL-14',
      source: 'RFC 9700 §4.7.1',
      name: 'error with a forged state and markup: relayed as untrusted text (SECURITY.md), nothing else',
      hash: '#error=access_denied&error_description=%3Cscript%3E&state=forged',
      error: 'access_denied',
    },
    {
      id: 'URL-15',
      source: 'RFC 3986 §2.1',
      name: 'fragment with broken percent-encoding',
      hash: '#access_token=%E0%A4%A&state=%',
      error: 'invalid_hash',
    },
  ];
  it.each(fragments.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    const auth = testWebAuth(env);
    await expectOneRejection(env, (cb) => auth.parseHash({ hash: row.hash }, cb as never), row.error);
    expect(env.navigations).toEqual([]);
  });

  const domains: { id: string; source: string; name: string; domain: string }[] = [
    {
      id: 'URL-16',
      source: 'RFC 9700 §4.11 (open redirect); RFC 9700 §2.6 (TLS)',
      name: 'http domain on a public host',
      domain: 'http://evil.example',
    },
    {
      id: 'URL-17',
      source: 'RFC 9700 §2.6 (TLS)',
      name: 'http domain on a look-alike loopback name',
      domain: 'http://localhost.evil.example',
    },
  ];
  it.each(domains.map((row) => [title(row), row] as const))(
    '%s throws a typed ArgumentError, no navigation',
    (_title, row) => {
      expect(() => testWebAuth(env, { domain: row.domain }).authorize({})).toThrow(ArgumentError);
      expect(env.navigations.filter((n) => n.includes('evil'))).toEqual([]);
    },
  );

  it('URL-18 [RFC 9700 §4.11.1 (open redirect)] parseHash never navigates, whatever the fragment names', async () => {
    const auth = testWebAuth(env);
    await expectOneRejection(
      env,
      (cb) =>
        auth.parseHash(
          { hash: `#redirect_uri=${EVIL}&returnTo=${EVIL}&access_token=AT&id_token=x.y.z&state=x` },
          cb as never,
        ),
      'invalid_token',
    );
    expect(env.navigations).toEqual([]);
  });
});
