/**
 * Storage and randomness faults: disabled, throwing, full or absent storage and a missing
 * `crypto.getRandomValues` end in a completed login or a typed error, never a half-written transaction.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthResponseError, ConfigurationError, WebAuthError } from '../errors.js';
import { memoryStorage, type FakeEnv } from '../testing/fake-env.js';
import { TEST_ISSUER, keyedEnv, loginCalls } from '../testing/login.js';
import { claimsFor, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import type { WebAuth } from '../web-auth/web-auth.js';

const ISSUER = TEST_ISSUER;
let keys: TestKeys | undefined;
let env: FakeEnv;

beforeEach(async () => {
  ({ env, keys } = await keyedEnv(keys));
});

/** Transactions visible in the cookie jar and in the fake localStorage. */
function storedTransactions(): string[] {
  const inCookies = env
    .readCookies()
    .split('; ')
    .filter((c) => c.includes('com.auth0.auth.'));
  const local =
    env.storage && env.storage !== 'throws' ? [...(env.storage as ReturnType<typeof memoryStorage>).data.keys()] : [];
  return [...inCookies, ...local.filter((k) => k.startsWith('com.auth0.auth.'))];
}

/** A login through `auth`; its one callback call's arguments. */
async function login(auth: WebAuth): Promise<{ err: unknown; result: unknown }> {
  const calls = await loginCalls(env, keys!, auth);
  expect(calls).toHaveLength(1);
  return { err: calls[0]![0], result: calls[0]![1] };
}

describe('storage faults', () => {
  it.each([
    ['throws on access (disabled)', () => 'throws' as const],
    ['is absent', () => undefined],
    ['is full (every write throws)', () => memoryStorage(true)],
  ])(
    'with __tryLocalStorageFirst, localStorage that %s fails over to cookies and the login completes',
    async (_case, storage) => {
      env.storage = storage();
      const { err, result } = await login(testWebAuth(env, { __tryLocalStorageFirst: true }));
      expect(err).toBeNull();
      expect(result).toMatchObject({ accessToken: 'AT', idTokenPayload: { sub: 'auth0|alice' } });
      expect(storedTransactions()).toEqual([]);
    },
  );

  it('with cookies failing too, keeps nothing and rejects the response with a typed state error', async () => {
    env.storage = memoryStorage(true);
    env.writeCookie = () => {
      throw new Error('cookies are disabled');
    };
    env.readCookies = () => {
      throw new Error('cookies are disabled');
    };
    const { err, result } = await login(testWebAuth(env, { __tryLocalStorageFirst: true }));
    expect(result).toBeUndefined();
    expect(err).toBeInstanceOf(AuthResponseError);
    expect(err).toMatchObject({ error: 'invalid_token', errorDescription: '`state` does not match.' });
    expect((env.storage as ReturnType<typeof memoryStorage>).data.size).toBe(0);
  });
});

describe('missing crypto.getRandomValues', () => {
  beforeEach(() => {
    env.getRandomValues = () => {
      throw new TypeError('crypto.getRandomValues is not a function');
    };
  });

  it('authorize throws a typed error, navigates nowhere and stores no transaction', () => {
    const auth = testWebAuth(env);
    let thrown: unknown;
    try {
      auth.authorize({});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WebAuthError);
    expect(thrown).toMatchObject({ message: expect.stringMatching(/^crypto.getRandomValues is not available/) });
    expect(env.navigations).toEqual([]);
    expect(env.cookieWrites).toEqual([]);
    expect(storedTransactions()).toEqual([]);
  });

  it('a caller-supplied state and nonce need no randomness', () => {
    testWebAuth(env).authorize({ state: 'S', nonce: 'N' });
    expect(env.navigations).toHaveLength(1);
    expect(storedTransactions().some((cookie) => /^(__Host-)?com\.auth0\.auth\.S=/.test(cookie))).toBe(true);
  });
});

describe('clock skew', () => {
  it.each([
    ['expired beyond the 60 s leeway', { exp: -61 }, false, /^Expiration Time \(exp\) claim error/],
    ['expired within the leeway', { exp: -59 }, true, null],
    ['not valid before a time beyond the leeway', { nbf: 61 }, false, /^Not Before Time \(nbf\) claim error/],
  ])('a token %s', async (_case, offsets, accepted, message) => {
    const now = Math.floor(env.clock / 1000);
    const claims = claimsFor(env, ISSUER, 'CID', { nonce: 'N' });
    const token = await keys!.sign({
      ...claims,
      ...Object.fromEntries(Object.entries(offsets).map(([k, d]) => [k, now + d])),
    });
    const { err } = await new Promise<{ err: any }>((resolve) =>
      testWebAuth(env).validateToken(token, 'N', (err) => resolve({ err })),
    );
    if (accepted) expect(err).toBeNull();
    else
      expect(err).toMatchObject({
        name: 'AuthResponseError',
        error: 'invalid_token',
        errorDescription: expect.stringMatching(message!),
      });
  });

  it('a leeway beyond five minutes is a ConfigurationError, not a silent acceptance', async () => {
    const token = await keys!.sign(claimsFor(env, ISSUER, 'CID', { nonce: 'N' }));
    expect(() => testWebAuth(env, { leeway: 301 }).validateToken(token, 'N', () => {})).toThrow(ConfigurationError);
  });
});
