/** Attack catalogue: state and nonce replay, transactions planted, tossed or expired (README.md, category STN). */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { encodeCookieValue } from '../storage/cookie-codec.js';
import { dispatchMessage, fakeEnv, json, memoryStorage, type FakeEnv } from '../testing/fake-env.js';
import { atHash, claimsFor, serveJwks } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import { makeRawKeys, type AttackCase, type RawKeys } from '../testing/attack-catalogue.js';
import { describeLoginAttacks, startLogin, type LoginCtx, type TokenSetup } from '../testing/attack-login.js';

let keys: RawKeys;
const STATE_MISMATCH = '`state` does not match.';
const MINUTE = 60_000;
/** What a sibling subdomain can set for the whole site: a v10-named transaction cookie. */
const toss = (c: LoginCtx, state: string, nonce: string) =>
  c.env.writeCookie(
    `com.auth0.auth.${state}=${encodeCookieValue(JSON.stringify({ nonce, state, lastUsedConnection: null }))}; path=/`,
  );
/** A genuine token from an earlier, finished login: right issuer and key, its own nonce. */
const earlierToken = async () => {
  const earlier = startLogin(keys);
  return earlier.sign();
};
const inLocalStorage = { options: { __tryLocalStorageFirst: true } };

const cases: AttackCase<TokenSetup>[] = [
  {
    id: 'STN-01',
    source: 'RFC 9700 §4.7.1 (CSRF)',
    name: 'forged state',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { hash: (_c, t) => `#access_token=AT&id_token=${t}&state=forged` },
  },
  {
    id: 'STN-02',
    source: 'RFC 9700 §4.7.1 (CSRF)',
    name: 'state missing',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { hash: (_c, t) => `#access_token=AT&id_token=${t}` },
  },
  {
    id: 'STN-03',
    source: 'RFC 9700 §4.7.1',
    name: 'state empty',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { hash: (_c, t) => `#access_token=AT&id_token=${t}&state=` },
  },
  {
    id: 'STN-04',
    source: 'OIDC Core §15.5.2',
    name: 'state with changed case',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: {
      hash: (c, t) =>
        `#access_token=AT&id_token=${t}&state=${c.state.toLowerCase() === c.state ? c.state.toUpperCase() : c.state.toLowerCase()}`,
    },
  },
  {
    id: 'STN-05',
    source: 'prototype pollution (CWE-1321)',
    name: 'state "__proto__"',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { hash: (_c, t) => `#access_token=AT&id_token=${t}&state=__proto__` },
  },
  {
    id: 'STN-06',
    source: 'prototype pollution (CWE-1321)',
    name: 'state "constructor"',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { hash: (_c, t) => `#access_token=AT&id_token=${t}&state=constructor` },
  },
  {
    id: 'STN-07',
    source: 'RFC 9700 §4.7.1 (one-time state)',
    name: 'response replayed after it was used',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: {
      before: async (c) => {
        const t = await c.sign();
        await new Promise((r) => c.auth.parseHash({ hash: `#access_token=AT&id_token=${t}&state=${c.state}` }, r));
      },
    },
  },
  {
    id: 'STN-08',
    source: 'RFC 9700 §4.7.1 (one-time state)',
    name: 'state used by an error response, then a token',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: {
      before: async (c) =>
        void (await new Promise((r) => c.auth.parseHash({ hash: `#error=login_required&state=${c.state}` }, r))),
    },
  },
  {
    id: 'STN-09',
    source: 'OIDC Core §15.5.2 (nonce replay)',
    name: 'genuine ID token of an earlier login replayed with this state',
    error: 'invalid_token',
    reason: /Nonce \(nonce\)/,
    setup: { token: earlierToken },
  },
  {
    id: 'STN-10',
    source: 'RFC 9700 §4.5 (injection)',
    name: "ID token of a second pending login under the first login's state",
    error: 'invalid_token',
    reason: /Nonce \(nonce\)/,
    setup: {
      token: async (c) => {
        c.auth.authorize({});
        const other = new URL(c.env.navigations.at(-1)!).searchParams.get('nonce');
        return c.sign({ nonce: other });
      },
    },
  },
  {
    id: 'STN-11',
    source: 'draft-ietf-oauth-browser-based-apps §5.1; cookie tossing',
    name: 'v10 cookie tossed over a pending __Host- transaction (attacker nonce)',
    error: 'invalid_token',
    reason: /Nonce \(nonce\)/,
    setup: { before: (c) => toss(c, c.state, 'attacker-nonce'), token: (c) => c.sign({ nonce: 'attacker-nonce' }) },
  },
  {
    id: 'STN-12',
    source: 'cookie tossing',
    name: 'tossed v10 cookie with unparseable JSON for an unknown state',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: {
      before: (c) => c.env.writeCookie('com.auth0.auth.tossed={not json; path=/'),
      hash: (_c, t) => `#access_token=AT&id_token=${t}&state=tossed`,
    },
  },
  {
    id: 'STN-13',
    source: 'RFC 9700 §4.7.1 (transaction lifetime)',
    name: 'cookie transaction expired (31 min)',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { before: (c) => void (c.env.clock += 31 * MINUTE) },
  },
  {
    id: 'STN-14',
    source: 'RFC 9700 §4.7.1 (transaction lifetime)',
    name: 'stateExpiration: 1 minute, answered after 2',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { options: { stateExpiration: 1 }, before: (c) => void (c.env.clock += 2 * MINUTE) },
  },
  {
    id: 'STN-15',
    source: 'SECURITY.md (localStorage expiry)',
    name: 'localStorage transaction expired (31 min)',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: { ...inLocalStorage, before: (c) => void (c.env.clock += 31 * MINUTE) },
  },
  {
    id: 'STN-16',
    source: 'draft-ietf-oauth-browser-based-apps §8 (storage)',
    name: 'entry planted in localStorage while cookies hold the transaction',
    error: 'invalid_token',
    reason: /Nonce \(nonce\)/,
    setup: {
      before: (c) => {
        const s = memoryStorage();
        s.setItem(`com.auth0.auth.${c.state}`, JSON.stringify({ nonce: 'attacker-nonce', state: c.state }));
        c.env.storage = s;
      },
      token: (c) => c.sign({ nonce: 'attacker-nonce' }),
    },
  },
  {
    id: 'STN-17',
    source: 'SECURITY.md (localStorage expiry)',
    name: 'planted localStorage entry whose expiry has passed',
    error: 'invalid_token',
    reason: STATE_MISMATCH,
    setup: {
      ...inLocalStorage,
      before: (c) => {
        const s = c.env.storage as Storage;
        s.setItem('com.auth0.auth.planted', JSON.stringify({ nonce: c.nonce, state: 'planted' }));
        s.setItem('webauth-js.expires.com.auth0.auth.planted', String(c.env.clock - 1));
      },
      hash: (_c, t) => `#access_token=AT&id_token=${t}&state=planted`,
    },
  },
  {
    id: 'STN-18',
    source: 'RFC 9700 §4.7.1',
    name: 'two state parameters, the second forged',
    error: 'invalid_token',
    setup: { hash: (c, t) => `#access_token=AT&id_token=${t}&state=forged&state=${c.state}` },
  },
  {
    id: 'STN-19',
    source: 'OIDC Core §3.2.2.11',
    name: 'id_token only, nonce of another login',
    error: 'invalid_token',
    reason: /Nonce \(nonce\)/,
    setup: {
      options: { responseType: 'id_token' },
      token: (c) => c.sign({ nonce: 'other', at_hash: undefined }),
      hash: (c, t) => `#id_token=${t}&state=${c.state}`,
    },
  },
  {
    id: 'STN-20',
    source: 'RFC 9700 §4.2.4 (access token injection)',
    name: 'access token swapped under a genuine ID token',
    error: 'invalid_token',
    reason: /Invalid access_token/,
    setup: { hash: (c, t) => `#access_token=STOLEN&id_token=${t}&state=${c.state}` },
  },
];

beforeAll(async () => {
  keys = await makeRawKeys('k1');
});

describeLoginAttacks('attack catalogue: state and nonce', () => keys, cases);

describe('attack catalogue: state and nonce (consumption)', () => {
  it('STN-21 [RFC 9700 §4.7.1] a transaction is consumed even when its response fails validation', async () => {
    const c = startLogin(keys);
    const forged = await c.sign({ nonce: 'wrong' });
    const hash = `#access_token=AT&id_token=${forged}&state=${c.state}`;
    await new Promise((r) => c.auth.parseHash({ hash }, r));
    const genuine = await c.sign();
    const err = await new Promise<any>((r) =>
      c.auth.parseHash({ hash: `#access_token=AT&id_token=${genuine}&state=${c.state}` }, r),
    );
    expect(err).toMatchObject({ error: 'invalid_token', errorDescription: STATE_MISMATCH });
  });
});

describe('attack catalogue: every flow sends a state (issue 26 §2)', () => {
  // A nonce (or any other option) given without a state must not turn the state check off.
  const flows: [string, (env: FakeEnv) => Promise<string | undefined>][] = [
    [
      'STN-22 checkSession({ nonce })',
      async (env) => {
        testWebAuth(env).checkSession({ nonce: 'N' }, () => {});
        return env.frames.at(-1)?.url;
      },
    ],
    [
      'STN-23 renewAuth({ nonce })',
      async (env) => {
        testWebAuth(env).renewAuth({ nonce: 'N' }, () => {});
        return env.frames.at(-1)?.url;
      },
    ],
    [
      'STN-24 popup.authorize({ nonce })',
      async (env) => {
        testWebAuth(env).popup.authorize({ nonce: 'N' }, () => {});
        return env.opened.at(-1)?.url || env.opened.at(-1)?.location.href;
      },
    ],
    [
      'STN-25 authorize({ nonce, appState })',
      async (env) => {
        testWebAuth(env).authorize({ nonce: 'N', appState: { to: '/' } });
        return env.navigations.at(-1);
      },
    ],
    [
      'STN-26 login({ nonce }) (embedded, /co/authenticate)',
      async (env) => {
        env.respond = () => json({ login_ticket: 'LT', co_verifier: 'VER', co_id: 'ID1' });
        testWebAuth(env).login({ username: 'u', password: 'p', realm: 'db', nonce: 'N' }, () => {});
        await vi.waitFor(() => expect(env.navigations).toHaveLength(1));
        return env.navigations[0];
      },
    ],
  ];

  it.each(flows)('%s [RFC 9700 §4.7.1] sends a generated state to /authorize', async (_name, run) => {
    const env = fakeEnv();
    const url = new URL((await run(env)) ?? 'about:blank');
    expect(url.pathname).toBe('/authorize');
    expect(url.searchParams.get('state')).toMatch(/^[\w.~-]{32}$/);
    expect(url.searchParams.get('nonce')).toBe('N');
  });

  it('STN-27 [OIDC Core §3.1.2.1] checkSession({ nonce }) accepts the genuine answer for the state it sent', async () => {
    const env = fakeEnv();
    serveJwks(env, 'https://me.auth0.com/.well-known/jwks.json', keys as never);
    const calls: unknown[][] = [];
    testWebAuth(env).checkSession({ nonce: 'N' }, (...args: unknown[]) => void calls.push(args));
    const frame = env.frames.at(-1)!;
    const state = new URL(frame.url!).searchParams.get('state')!;
    const claims = claimsFor(env, 'https://me.auth0.com/', 'CID', { nonce: 'N', at_hash: atHash('AT') });
    const idToken = await keys.signRaw({ alg: 'RS256', kid: 'k1' }, claims);
    const answer = { type: 'authorization_response', response: { access_token: 'AT', id_token: idToken, state } };
    dispatchMessage(env, answer, 'https://me.auth0.com', frame.window);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT', state });
    expect(env.readCookies()).not.toContain('com.auth0.auth.');
  });
});
