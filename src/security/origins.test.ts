/**
 * Attack catalogue: origins read from URLs (README.md, category ORG). An origin is `new URL(x).origin`,
 * never a prefix of the string, and a URL carrying credentials (`user:pass@`) names no origin to trust.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { testWebAuth } from '../testing/web-auth.js';
import { expectOneRejection, title } from '../testing/attack-catalogue.js';

const PAGE = 'https://app.example.com:8443/callback';
let env: FakeEnv;
beforeEach(() => {
  env = fakeEnv(PAGE);
});

const cases: {
  id: string;
  source: string;
  name: string;
  redirectUri: string;
  start: (redirectUri: string, cb: (...args: unknown[]) => void) => void;
}[] = [
  {
    id: 'ORG-01',
    source: 'RFC 3986 §3.2.1 (userinfo); HTML §9.3.3',
    name: 'checkSession redirectUri whose userinfo spells the page origin',
    redirectUri: 'https://app.example.com:8443@evil.example/cb',
    start: (redirectUri, cb) => testWebAuth(env).checkSession({ redirectUri }, cb as never),
  },
  {
    id: 'ORG-02',
    source: 'RFC 3986 §3.2.1; RFC 9700 §4.1 (exact redirect URIs)',
    name: 'checkSession redirectUri on the page origin with credentials',
    redirectUri: 'https://user:pa55@app.example.com:8443/callback',
    start: (redirectUri, cb) => testWebAuth(env).checkSession({ redirectUri }, cb as never),
  },
  {
    id: 'ORG-03',
    source: 'RFC 3986 §3.2.1; HTML §9.3.3',
    name: 'popup.authorize redirectUri whose userinfo spells the page origin',
    redirectUri: 'https://app.example.com:8443@evil.example/cb',
    start: (redirectUri, cb) => void testWebAuth(env).popup.authorize({ redirectUri }, cb as never),
  },
  {
    id: 'ORG-04',
    source: 'RFC 3986 §3.2.1; RFC 9700 §4.1',
    name: 'popup.authorize redirectUri on the page origin with credentials',
    redirectUri: 'https://user:pa55@app.example.com:8443/callback',
    start: (redirectUri, cb) => void testWebAuth(env).popup.authorize({ redirectUri }, cb as never),
  },
];

describe('attack catalogue: origins', () => {
  it.each(cases.map((row) => [title(row), row] as const))('%s', async (_title, row) => {
    const err = await expectOneRejection(env, (cb) => row.start(row.redirectUri, cb), 'origin_mismatch');
    // Nothing was loaded with that address, and the credentials are not repeated in the error.
    expect(env.frames).toHaveLength(0);
    expect(env.opened).toHaveLength(0);
    expect(env.navigations).toHaveLength(0);
    expect(JSON.stringify(err) + String(err.message)).not.toContain('pa55');
  });

  it('control: a redirectUri on the page origin still runs checkSession and popup.authorize', () => {
    testWebAuth(env).checkSession({ redirectUri: PAGE }, () => {});
    testWebAuth(env).popup.authorize({ redirectUri: PAGE }, () => {});
    expect(new URL(env.frames[0]!.url!).searchParams.get('redirect_uri')).toBe(PAGE);
    expect(env.opened).toHaveLength(1);
  });
});
