import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { fakeEnv, json, memoryStorage, requestBody, sent, type FakeEnv } from '../../testing/fake-env.js';
import { fakeIndexedDB } from '../../testing/fake-indexeddb.js';
import { claimsFor, makeKeys, type TestKeys } from '../../testing/tokens.js';
import { codeSignIn, REFRESH_SESSION } from '../../testing/code-sign-in.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { ChunkLoadError } from '../chunk-load-error.js';
import { LOGOUT_WAIT_MS } from '../redirect/logout.js';

// The code-flow chunk fails to load while `chunk.fails` is set (as a tampered or missing file would).
const chunk = vi.hoisted(() => ({ fails: false, hangs: false, loads: 0 }));
vi.mock('../load-capability.js', async (real) => {
  const { loadCapability } = await real<typeof import('../load-capability.js')>();
  const { ChunkLoadError } = await import('../chunk-load-error.js');
  return {
    loadCapability: (name: 'codeFlow') => {
      chunk.loads++;
      if (chunk.hangs) return new Promise(() => {});
      if (!chunk.fails) return loadCapability(name);
      return Promise.reject(new ChunkLoadError(`The ${name} part of webauth-js could not be loaded`));
    },
  };
});

const TENANT = 'https://me.auth0.com';
const REFRESH_KEY = '@@webauth@@::refresh::CID';
let keys: TestKeys;
let env: FakeEnv;
let storage: Storage;

const auth = (extra: Record<string, unknown> = {}) => testWebAuth(env, { ...REFRESH_SESSION, ...extra });
const tenantCalls = () => sent(env).filter((r) => r.url.startsWith(`${TENANT}/oauth/`));
const outcome = (run: (cb: (err: unknown, result?: unknown) => void) => void) =>
  new Promise<[any, any]>((done) => run((err, result) => done([err, result])));

beforeEach(async () => {
  clearJwksMemoryCache();
  chunk.fails = false;
  chunk.hangs = false;
  chunk.loads = 0;
  env = fakeEnv();
  env.storage = storage = memoryStorage();
  keys ??= await makeKeys();
  env.respond = async (url, init) => {
    if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
    if (url === `${TENANT}/oauth/token`) {
      const nonce = new URL(env.navigations[0]!).searchParams.get('nonce');
      const idToken = await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce }));
      // A refresh grant rotates: its answer holds a new refresh token.
      const refreshToken = requestBody(init).grant_type === 'refresh_token' ? 'RT2' : 'RT';
      return json({ access_token: 'AT', id_token: idToken, refresh_token: refreshToken, token_type: 'Bearer' });
    }
    if (url === `${TENANT}/oauth/revoke`) return json({});
    return new Response('not found', { status: 404 });
  };
});

describe('the code-flow chunk (DPoP) failing to load', () => {
  it('v10 options never load it', async () => {
    const webAuth = testWebAuth(env);
    webAuth.authorize({ nonce: 'n' });
    env.url = 'https://app.example.com/callback#error=login_required&state=x';
    await outcome((cb) => webAuth.parseHash(cb));
    webAuth.checkSession({}, () => undefined); // its iframe is started (no answer in this fake browser)
    webAuth.logout();
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    expect(env.frames).toHaveLength(1);
    expect(chunk.loads).toBe(0);
  });

  it('usePKCE and refresh tokens without DPoP never wait for it: parseHash redeems and checkSession renews while it cannot load', async () => {
    chunk.fails = true;
    const { result } = await codeSignIn(env, auth());
    expect(result).toMatchObject({ accessToken: 'AT', hasRefreshToken: true, refreshToken: null });
    const first = JSON.parse(storage.getItem(REFRESH_KEY)!);
    expect(first).toEqual({ token: 'RT', sub: 'auth0|alice', version: expect.any(Number) });
    const [err, renewed] = await outcome((cb) => auth().checkSession({}, cb));
    expect(err).toBeNull();
    expect(renewed).toMatchObject({ accessToken: 'AT', hasRefreshToken: true });
    expect(tenantCalls().map((r) => r.body.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    const rotated = JSON.parse(storage.getItem(REFRESH_KEY)!);
    expect(rotated).toEqual({ token: 'RT2', sub: 'auth0|alice', version: expect.any(Number) });
    expect(rotated.version).toBeGreaterThan(first.version);
    expect(chunk.loads).toBe(0);
  });

  it('parseHash with useDpop: a ChunkLoadError, nothing redeemed, and the transaction stays for a retry', async () => {
    auth({ useDpop: true }).authorize();
    await vi.waitFor(() => expect(env.navigations).toHaveLength(1));
    const state = new URL(env.navigations[0]!).searchParams.get('state');
    env.url = `https://app.example.com/callback?code=C&state=${state}`;
    chunk.fails = true;
    const webAuth = auth({ useDpop: true }); // the callback page's instance
    const [err, result] = await outcome((cb) => webAuth.parseHash(cb));
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(err).toMatchObject({ code: 'chunk_load_failed', error: 'chunk_load_failed' });
    expect(result).toBeUndefined();
    expect(tenantCalls()).toEqual([]);
    chunk.fails = false;
    const [again, authResult] = await outcome((cb) => webAuth.parseHash(cb));
    expect(again).toBeNull();
    expect(authResult).toMatchObject({ accessToken: 'AT', hasRefreshToken: true });
    expect(tenantCalls()[0]!.headers).toHaveProperty('dpop');
  });

  it('checkSession with refresh tokens: a rejected token is forgotten even when the chunk fails', async () => {
    await codeSignIn(env, auth());
    chunk.fails = true;
    const respond = env.respond;
    env.respond = (url, init) =>
      url === `${TENANT}/oauth/token`
        ? json({ error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' }, 403)
        : respond(url, init);
    const [err] = await outcome((cb) => auth().checkSession({}, cb));
    expect(err).toMatchObject({ error: 'login_required' });
    expect(storage.getItem(REFRESH_KEY)).toBeNull();
  });

  it('checkSession with refresh tokens and useDpop: a ChunkLoadError before anything is sent (the proof needs the chunk)', async () => {
    await codeSignIn(env, auth({ useDpop: true }));
    const held = storage.getItem(REFRESH_KEY);
    chunk.fails = true;
    const before = tenantCalls().length;
    const [err] = await outcome((cb) => auth({ useDpop: true }).checkSession({}, cb));
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(tenantCalls()).toHaveLength(before);
    expect(storage.getItem(REFRESH_KEY)).toBe(held);
  });

  it('logout with refresh tokens: revokes without it, then leaves', async () => {
    await codeSignIn(env, auth());
    chunk.fails = true;
    const before = tenantCalls().length;
    auth().logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    expect(new URL(env.navigations[1]!).pathname).toBe('/v2/logout');
    expect(storage.getItem(REFRESH_KEY)).toBeNull();
    expect(
      tenantCalls()
        .slice(before)
        .map((r) => [r.url, r.body]),
    ).toEqual([[`${TENANT}/oauth/revoke`, { client_id: 'CID', token: 'RT', token_type_hint: 'refresh_token' }]]);
    expect(chunk.loads).toBe(0);
  });

  it('logout with useDpop: leaves, forgetting the shared refresh token it cannot revoke without a proof', async () => {
    await codeSignIn(env, auth({ useDpop: true }));
    chunk.fails = true;
    const before = tenantCalls().length;
    auth({ useDpop: true }).logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    expect(new URL(env.navigations[1]!).pathname).toBe('/v2/logout');
    expect(storage.getItem(REFRESH_KEY)).toBeNull();
    expect(tenantCalls()).toHaveLength(before);
  });

  it('useDpop: the helper rejects with the ChunkLoadError, learnNonce still answers, and a later call loads it', async () => {
    chunk.fails = true;
    const webAuth = auth({ useDpop: true });
    expect(chunk.loads).toBe(1); // from construction on
    await expect(webAuth.dpop!.thumbprint()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(webAuth.dpop!.learnNonce(`${TENANT}/oauth/token`, { 'dpop-nonce': 'n-1' })).toBe('n-1');
    chunk.fails = false;
    await expect(webAuth.dpop!.thumbprint()).resolves.toMatch(/^[\w-]{43}$/);
  });
});

describe('logout with useDpop and IndexedDB (issue 53, finding 3)', () => {
  // Last in the file: idb-keyval keeps its connection to this fake once it has opened it.
  const idb = fakeIndexedDB();
  const KEY_ID = JSON.stringify(['me.auth0.com', 'CID']);
  beforeEach(() => vi.stubGlobal('indexedDB', idb.indexedDB));
  afterEach(() => vi.unstubAllGlobals());

  it('the chunk failing: IndexedDB keeps neither the refresh token nor the key, and the page leaves', async () => {
    await codeSignIn(env, auth({ useDpop: true }));
    expect(idb.data.get(REFRESH_KEY)).toMatchObject({ token: 'RT' });
    expect(idb.data.has(KEY_ID)).toBe(true);
    chunk.fails = true;
    env.delay = () => new Promise(() => {}); // never late: the chunk's failure alone decides
    auth({ useDpop: true }).logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    expect(storage.getItem(REFRESH_KEY)).toBeNull();
    expect(idb.data.has(REFRESH_KEY)).toBe(false);
    expect(idb.data.has(KEY_ID)).toBe(false);
  });

  it('the chunk late past the wait: the same, once the wait is over', async () => {
    await codeSignIn(env, auth({ useDpop: true }));
    expect(idb.data.has(KEY_ID)).toBe(true);
    chunk.hangs = true;
    auth({ useDpop: true }).logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    expect(env.delays).toContain(LOGOUT_WAIT_MS);
    expect(idb.data.has(REFRESH_KEY)).toBe(false);
    expect(idb.data.has(KEY_ID)).toBe(false);
  });
});
