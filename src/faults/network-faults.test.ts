/**
 * Network faults: a rejecting or timing-out fetch, 5xx answers with and without retries, and a key-set
 * endpoint that is down, failing or slow all end in one typed error (or a late success), never a throw,
 * and never leave a transaction behind.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthResponseError, RequestError } from '../errors.js';
import { TransportError } from '../http/transport-error.js';
import { json, type FakeEnv } from '../testing/fake-env.js';
import { TEST_JWKS, keyedEnv, loginCalls } from '../testing/login.js';
import type { TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import { callsOf } from '../testing/fuzz.js';
import { FETCH_JSON_TIMEOUT_MS } from '../http/fetch-json.js';

const JWKS = TEST_JWKS;
let keys: TestKeys | undefined;
let env: FakeEnv;

beforeEach(async () => {
  ({ env, keys } = await keyedEnv(keys));
});

const changePassword = (extra: Record<string, unknown> = {}) =>
  callsOf((cb) => testWebAuth(env, extra).changePassword({ connection: 'db', email: 'a@example.com' }, cb as never));

/** changePassword without and with two retries: one attempt more per retry, one error, checked by `check`. */
async function failsWithEachRetryCount(check: (err: RequestError) => void): Promise<void> {
  for (const retries of [0, 2]) {
    env.fetches = [];
    const calls = await changePassword({ _timesToRetryFailedRequests: retries });
    expect(env.fetches).toHaveLength(retries + 1);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeInstanceOf(RequestError);
    check(calls[0]![0] as RequestError);
  }
}

describe('HTTP faults', () => {
  it.each([
    ['a rejected fetch (offline)', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a timed-out fetch', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))],
  ])('%s is one RequestError without a status, after every retry', async (_case, fail) => {
    env.respond = fail;
    await failsWithEachRetryCount((err) => {
      expect(err.statusCode).toBeUndefined();
      expect(err.original).toBeInstanceOf(TransportError);
    });
  });

  it.each([500, 502, 503, 504])('a %i is one RequestError with its status, retried only when asked', async (status) => {
    env.respond = () => json({ error: 'server_error', error_description: 'down' }, status);
    await failsWithEachRetryCount((err) =>
      expect(err).toMatchObject({ statusCode: status, code: 'server_error', description: 'down' }),
    );
  });

  it('a 5xx that recovers within the retries succeeds once', async () => {
    let attempts = 0;
    env.respond = () =>
      ++attempts < 3
        ? new Response('', { status: 503 })
        : new Response("We've just sent you an email", { status: 200 });
    const calls = await changePassword({ _timesToRetryFailedRequests: 2 });
    expect(calls).toEqual([[null, "We've just sent you an email"]]);
  });
});

describe('key-set endpoint faults', () => {
  const login = () => loginCalls(env, keys!, testWebAuth(env));
  const transactionsLeft = () =>
    env
      .readCookies()
      .split('; ')
      .filter((c) => c.includes('com.auth0.auth.'));

  it.each([
    ['answers 500', () => new Response('oops', { status: 500, statusText: 'Internal Server Error' })],
    [
      'answers 503 with HTML',
      () =>
        new Response('<html>', {
          status: 503,
          statusText: 'Service Unavailable',
          headers: { 'content-type': 'text/html' },
        }),
    ],
    ['answers 200 with no key set', () => json({ nothing: true })],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'a key-set endpoint that %s fails the login with one invalid_token error and leaves no transaction',
    async (_case, answer) => {
      env.respond = answer;
      const calls = await login();
      expect(calls).toHaveLength(1);
      expect(calls[0]![0]).toBeInstanceOf(AuthResponseError);
      expect(calls[0]![0]).toMatchObject({ error: 'invalid_token' });
      expect(transactionsLeft()).toEqual([]);
    },
  );

  it('a slow key-set endpoint still completes the login once', async () => {
    env.respond = (url) =>
      new Promise((resolve) =>
        setTimeout(() => resolve(url === JWKS ? json(keys!.jwks) : new Response('', { status: 404 })), 300),
      );
    const calls = await login();
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeNull();
    expect(transactionsLeft()).toEqual([]);
  });

  it('a key-set endpoint that never answers fails the login once with a timeout error after FETCH_JSON_TIMEOUT_MS, and aborts the request', async () => {
    env.respond = (url, init) =>
      url === JWKS
        ? new Promise<Response>(() => {})
        : Promise.reject(new Error(`unexpected ${url} ${String(init?.method)}`));
    const sleep = (ms: number) => new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms));
    const pending = loginCalls(env, keys!, testWebAuth(env));
    for (let i = 0; i < 100 && !env.fetches.some((f) => f.url === JWKS); i++) await sleep(1);
    const jwksFetch = env.fetches.find((f) => f.url === JWKS);
    expect(jwksFetch).toBeDefined();
    env.advance(FETCH_JSON_TIMEOUT_MS - 1);
    expect(await Promise.race([pending, sleep(20)])).toBe('waiting');
    env.advance(1);
    const calls = await pending;
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeInstanceOf(AuthResponseError);
    expect(calls[0]![0]).toMatchObject({ error: 'timeout' });
    expect(jwksFetch!.init?.signal?.aborted).toBe(true);
    expect(transactionsLeft()).toEqual([]);
  });

  it('without IndexedDB (this runtime has none) keys come from the network and are cached in memory', async () => {
    expect(typeof (globalThis as { indexedDB?: unknown }).indexedDB).toBe('undefined');
    let jwksFetches = 0;
    env.respond = (url) => (url === JWKS ? (jwksFetches++, json(keys!.jwks)) : new Response('', { status: 404 }));
    for (let i = 0; i < 2; i++) {
      const calls = await login();
      expect(calls).toHaveLength(1);
      expect(calls[0]![0]).toBeNull();
    }
    expect(jwksFetches).toBe(1);
  });
});
