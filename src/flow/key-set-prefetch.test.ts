import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { dispatchMessage, fakeEnv, loadFrame, memoryStorage, type FakeEnv } from '../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../testing/tokens.js';
import { contextOf, testWebAuth } from '../testing/web-auth.js';
import { checkSession } from '../web-auth/silent-auth/check-session.js';

const TENANT = 'https://me.auth0.com';
const JWKS = `${TENANT}/.well-known/jwks.json`;
const APP = 'https://app.example.com';
let keys: TestKeys;
let env: FakeEnv;
let jwks: { count: number };
let storage: Storage;

const keySetRequests = () => env.fetches.filter((f) => f.url === JWKS).length;
const signed = (nonce: string | null | undefined, extra: Record<string, unknown> = {}, iss = `${TENANT}/`) =>
  keys.sign(claimsFor(env, iss, 'CID', { nonce, at_hash: atHash('AT'), ...extra }));

/** Starts checkSession on a new client and returns its calls, iframe, state and nonce. */
function startCheckSession(extra: Record<string, unknown> = {}) {
  const calls: [any, any][] = [];
  checkSession(contextOf(testWebAuth(env, extra)), {}, (err, result) => calls.push([err, result]));
  const frame = env.frames.at(-1)!;
  const url = new URL(frame.url!);
  return { calls, frame, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
}
const answer = (frame: { window: unknown }, response: Record<string, unknown>) =>
  dispatchMessage(env, { type: 'authorization_response', response }, TENANT, frame.window);
const answered = (calls: unknown[]) => vi.waitFor(() => expect(calls).toHaveLength(1));

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  env.storage = storage = memoryStorage(); // where the key-set freshness marker lives (none yet: a first visit)
  keys ??= await makeKeys();
  jwks = serveJwks(env, JWKS, keys);
});

describe('key-set prefetch at flow start', () => {
  it('checkSession requests the key set while the iframe is out, and verifies with it (one request)', async () => {
    const { calls, frame, state, nonce } = startCheckSession();
    expect(keySetRequests()).toBe(1); // before any answer
    answer(frame, { access_token: 'AT', id_token: await signed(nonce), state, token_type: 'Bearer' });
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1].idTokenPayload.sub).toBe('auth0|alice');
    expect(jwks.count).toBe(1);
  });

  it('100 anonymous checkSession calls (login_required) make one key-set request', async () => {
    for (let i = 0; i < 100; i++) {
      const { calls, frame, state } = startCheckSession();
      answer(frame, { error: 'login_required', error_description: 'Login required', state });
      await answered(calls);
      expect(calls[0]![0]).toMatchObject({ error: 'login_required' });
    }
    expect(keySetRequests()).toBe(1);
  });

  it('checkSession without id_token in responseType requests no key set', async () => {
    const { calls, frame, state } = startCheckSession({ responseType: 'token' });
    answer(frame, { access_token: 'AT', state, token_type: 'Bearer' });
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(keySetRequests()).toBe(0);
  });

  it('a key-set request that failed before the answer came is tried once more by the verification', async () => {
    env.respond = () => new Response('busy', { status: 503, statusText: 'Service Unavailable' });
    const { calls, frame, state, nonce } = startCheckSession();
    const idToken = await signed(nonce); // meanwhile the prefetch fails
    expect(keySetRequests()).toBe(1);
    answer(frame, { access_token: 'AT', id_token: idToken, state, token_type: 'Bearer' });
    await answered(calls);
    expect(calls[0]![0]).toMatchObject({ error: 'invalid_token', error_description: 'Service Unavailable' });
    expect(keySetRequests()).toBe(2);
  });

  it('renewAuth requests the key set while its iframe is out', async () => {
    const webAuth = testWebAuth(env, { responseType: 'token id_token' });
    const calls: [any, any][] = [];
    webAuth.renewAuth({}, (err, result) => calls.push([err, result]));
    expect(keySetRequests()).toBe(1);
    const frame = env.frames.at(-1)!;
    const url = new URL(frame.url!);
    const idToken = await signed(url.searchParams.get('nonce'));
    const hash = `#access_token=AT&id_token=${idToken}&state=${url.searchParams.get('state')}`;
    loadFrame(frame, { protocol: 'https:', hash });
    await answered(calls);
    expect(calls[0]![0]).toBeNull();
    expect(jwks.count).toBe(1);
  });

  it('authorize loads the key set for the callback page, which verifies from storage (one request)', async () => {
    testWebAuth(env).authorize({});
    expect(keySetRequests()).toBe(1); // started in the call, before the page leaves
    await vi.waitFor(() => expect(storage.getItem(`webauth-js.jwks.${JWKS}`)).toMatch(/^\{/));
    clearJwksMemoryCache(); // the callback page: a new page, the same storage
    const webAuth = testWebAuth(env);
    const url = new URL(env.navigations.at(-1)!);
    const hash = `#access_token=AT&id_token=${await signed(url.searchParams.get('nonce'))}&state=${url.searchParams.get('state')}`;
    const result = await new Promise((resolve) => webAuth.parseHash({ hash }, (err, res) => resolve(err ?? res)));
    expect(result).toMatchObject({ accessToken: 'AT' });
    expect(jwks.count).toBe(1);
  });

  it('authorize requests no key set when one is stored, nor without id_token in responseType', async () => {
    testWebAuth(env, { responseType: 'token' }).authorize({});
    testWebAuth(env, { responseType: 'code' }).authorize({});
    expect(keySetRequests()).toBe(0);
    testWebAuth(env).authorize({});
    await vi.waitFor(() => expect(jwks.count).toBe(1));
    clearJwksMemoryCache(); // another page of the app, within the set's lifetime
    testWebAuth(env).authorize({ responseType: 'id_token' });
    expect(keySetRequests()).toBe(1);
  });

  it('parseHash starts the key-set request before it reads the transaction', async () => {
    const webAuth = testWebAuth(env);
    webAuth.authorize({});
    const stored = () => storage.getItem(`webauth-js.jwks.${JWKS}`);
    await vi.waitFor(() => expect(stored()).toMatch(/^\{/)); // authorize's own, for the callback page
    // A callback page in a browser where that request never finished: nothing stored.
    clearJwksMemoryCache();
    storage.removeItem(`webauth-js.jwks.${JWKS}`);
    const url = new URL(env.navigations.at(-1)!);
    const requestsAtRead: number[] = [];
    const read = webAuth.transactionManager.getStoredTransaction.bind(webAuth.transactionManager);
    webAuth.transactionManager.getStoredTransaction = (state) => (requestsAtRead.push(keySetRequests()), read(state));
    const hash = `#access_token=AT&id_token=${await signed(url.searchParams.get('nonce'))}&state=${url.searchParams.get('state')}`;
    const result = await new Promise((resolve) => webAuth.parseHash({ hash }, (err, res) => resolve(err ?? res)));
    expect(result).toMatchObject({ accessToken: 'AT' });
    expect(requestsAtRead).toEqual([2]);
    expect(jwks.count).toBe(2);
  });

  it('parseHash requests nothing for a token of another issuer or another algorithm', async () => {
    const webAuth = testWebAuth(env);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const tokens = [
      await signed('n', {}, 'https://evil.example/'),
      `${b64({ alg: 'none' })}.${b64(claimsFor(env, `${TENANT}/`, 'CID', { nonce: 'n' }))}.`,
      'not-a-token',
    ];
    for (const token of tokens) {
      const err = await new Promise((resolve) =>
        webAuth.parseHash({ hash: `#access_token=AT&id_token=${token}`, state: 'S', nonce: 'n' }, resolve),
      );
      expect(err).toMatchObject({ error: 'invalid_token' });
    }
    expect(keySetRequests()).toBe(0);
  });

  it('popup.authorize loads the key set in the opener, for the callback page of the same origin', async () => {
    testWebAuth(env).popup.authorize({ redirectUri: `${APP}/callback` }, () => {});
    await vi.waitFor(() => expect(jwks.count).toBe(1));
    clearJwksMemoryCache(); // a new page: without an ID token to come, nothing is loaded
    testWebAuth(env, { responseType: 'token' }).popup.authorize({ redirectUri: `${APP}/callback` }, () => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(keySetRequests()).toBe(1);
  });
});
