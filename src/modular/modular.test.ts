import { beforeEach, describe, expect, it } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../testing/tokens.js';
import { TEST_REDIRECT_URI, testWebAuth } from '../testing/web-auth.js';
import { customEnvironment } from '../types/custom-environment.js';
import {
  ArgumentError,
  AuthResponseError,
  authorize,
  authorizeUrl,
  logout,
  logoutUrl,
  parseHash,
  validateToken,
  type WebAuthConfig,
} from './index.js';

const ISSUER = 'https://me.auth0.com/';
const JWKS = 'https://me.auth0.com/.well-known/jwks.json';
let keys: TestKeys;
let env: FakeEnv;
let config: WebAuthConfig;

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, JWKS, keys);
  config = {
    domain: 'me.auth0.com',
    clientID: 'CID',
    redirectUri: TEST_REDIRECT_URI,
    responseType: 'token id_token',
    [customEnvironment]: env,
  };
});

/** State and nonce of the last navigation to /authorize. */
function lastAuthorize() {
  const url = new URL(env.navigations.at(-1)!);
  return { url, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
}

async function callbackHash(state: string, nonce: string, extra: Record<string, unknown> = {}) {
  const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, at_hash: atHash('AT'), ...extra }));
  return `#access_token=AT&id_token=${idToken}&token_type=Bearer&expires_in=7200&state=${state}`;
}

describe('authorize and authorizeUrl', () => {
  it('build the URL WebAuth builds and store the transaction under its cookie name', () => {
    const fixed = { state: 'fixed-state-value-0123', nonce: 'fixed-nonce-value-0123', connection: 'github' };
    authorize(config, fixed);
    testWebAuth(env).authorize(fixed);
    expect(env.navigations).toHaveLength(2);
    expect(env.navigations[0]).toBe(env.navigations[1]);
    const writes = env.cookieWrites.filter((c) => c.includes('com.auth0.auth.fixed-state-value-0123='));
    expect(writes).toHaveLength(2);
    expect(writes[0]).toBe(writes[1]);
  });

  it('generate a state and nonce per call; authorizeUrl does not navigate', () => {
    const url = new URL(authorizeUrl(config, { appState: { returnTo: '/x' } }));
    expect(env.navigations).toEqual([]);
    expect(url.origin + url.pathname).toBe('https://me.auth0.com/authorize');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('state')).toMatch(/^[0-9A-VX-Za-z\-._~]{32}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[0-9A-VX-Za-z\-._~]{32}$/);
    expect(env.readCookies()).toContain(`com.auth0.auth.${url.searchParams.get('state')}=`);
    const other = new URL(authorizeUrl(config));
    expect(other.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it("leave the caller's config object as it was", () => {
    const before = { ...config };
    authorize(config);
    expect(config).toEqual(before);
    expect(Object.keys(config)).toEqual(Object.keys(before));
  });

  it("throw WebAuth's ArgumentError synchronously for a bad config", () => {
    const bad = { ...config, domain: undefined } as unknown as WebAuthConfig;
    expect(() => authorize(bad)).toThrow(ArgumentError);
    expect(() => authorize(bad)).toThrow('domain option is required');
    expect(() => parseHash({ ...config, leeway: 'x' } as unknown as WebAuthConfig)).toThrow('leeway is not valid');
    expect(() => parseHash({ ...config, debug: 1 } as unknown as WebAuthConfig)).toThrow('debug option is not valid');
    expect(env.navigations).toEqual([]);
  });
});

describe('parseHash', () => {
  it('returns the verified result of a login authorize started, once', async () => {
    authorize(config, { appState: { returnTo: '/x' } });
    const { state, nonce } = lastAuthorize();
    const hash = await callbackHash(state, nonce, { email: 'alice@example.com' });
    const result = await parseHash(config, { hash });
    expect(result).toMatchObject({
      accessToken: 'AT',
      appState: { returnTo: '/x' },
      state,
      expiresIn: 7200,
      tokenType: 'Bearer',
      idTokenPayload: { sub: 'auth0|alice', nonce, email: 'alice@example.com', iss: ISSUER },
    });
    await expect(parseHash(config, { hash })).rejects.toMatchObject({
      error: 'invalid_token',
      errorDescription: '`state` does not match.',
    });
  });

  it('reads the page fragment by default and resolves null without a response', async () => {
    expect(await parseHash(config)).toBeNull();
    authorize(config);
    const { state, nonce } = lastAuthorize();
    env.url = TEST_REDIRECT_URI + (await callbackHash(state, nonce));
    expect(await parseHash(config)).toMatchObject({ accessToken: 'AT', state });
  });

  it("fails a state mismatch with WebAuth's error, before any request but the configured key set", async () => {
    authorize(config);
    const { nonce } = lastAuthorize();
    const hash = await callbackHash('forged', nonce);
    const err = await parseHash(config, { hash }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthResponseError);
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'invalid_token',
      errorDescription: '`state` does not match.',
    });
    const classic = await testWebAuth(env)
      .parseHash({ hash })
      .catch((e: unknown) => e);
    expect(JSON.parse(JSON.stringify(classic))).toEqual(JSON.parse(JSON.stringify(err)));
    // Only the configured key set, which starts loading before the state check (issue 27).
    expect(env.fetches.filter((f) => f.url !== JWKS)).toEqual([]);
  });

  it('checks the nonce, signature algorithm and leeway as WebAuth does', async () => {
    authorize(config);
    let { state } = lastAuthorize();
    await expect(parseHash(config, { hash: await callbackHash(state, 'other-nonce') })).rejects.toMatchObject({
      error: 'invalid_token',
      errorDescription: expect.stringMatching(/^Nonce \(nonce\) claim value mismatch/),
    });
    authorize(config);
    ({ state } = lastAuthorize());
    const hs256 = await keys.signHs256(claimsFor(env, ISSUER, 'CID', { nonce: lastAuthorize().nonce }), 'secret');
    await expect(
      parseHash(config, { hash: `#access_token=AT&id_token=${hs256}&state=${state}` }),
    ).rejects.toMatchObject({
      errorDescription: expect.stringMatching(/^Signature algorithm of "HS256" is not supported/),
    });
    // Expired 100 s ago: inside a 120 s leeway, outside the default 60 s.
    const expired = { exp: Math.floor(env.clock / 1000) - 100 };
    authorize(config);
    const late = lastAuthorize();
    const lenient = await parseHash(
      { ...config, leeway: 120 },
      { hash: await callbackHash(late.state, late.nonce, expired) },
    );
    expect(lenient?.state).toBe(late.state);
    authorize(config);
    const strict = lastAuthorize();
    await expect(
      parseHash(config, { hash: await callbackHash(strict.state, strict.nonce, expired) }),
    ).rejects.toMatchObject({ errorDescription: expect.stringMatching(/^Expiration Time \(exp\) claim error/) });
  });

  it('finishes a login WebAuth started, and WebAuth finishes one it started', async () => {
    testWebAuth(env).authorize({ appState: 'from-class' });
    const first = lastAuthorize();
    expect(await parseHash(config, { hash: await callbackHash(first.state, first.nonce) })).toMatchObject({
      appState: 'from-class',
    });
    authorize(config, { appState: 'from-function' });
    const second = lastAuthorize();
    const classic = await testWebAuth(env).parseHash({ hash: await callbackHash(second.state, second.nonce) });
    expect(classic).toMatchObject({ appState: 'from-function', state: second.state });
  });

  it('calls back instead of returning a Promise when given a callback', async () => {
    authorize(config);
    const { state, nonce } = lastAuthorize();
    const hash = await callbackHash(state, nonce);
    const outcome = await new Promise<[unknown, unknown]>((resolve) => {
      const returned = parseHash(config, { hash }, (err, result) => resolve([err, result]));
      expect(returned).toBeUndefined();
    });
    expect(outcome[0]).toBeNull();
    expect(outcome[1]).toMatchObject({ state });
  });
});

describe('validateToken, logout and logoutUrl', () => {
  it('validateToken verifies a token and its nonce', async () => {
    const token = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: 'n-1' }));
    expect(await validateToken(config, token, 'n-1')).toMatchObject({ sub: 'auth0|alice', nonce: 'n-1' });
    await expect(validateToken(config, token, 'n-2')).rejects.toMatchObject({ error: 'invalid_token' });
  });

  it("logoutUrl is the client's buildLogoutUrl, and logout navigates to it", () => {
    const options = { returnTo: 'https://app.example.com/', federated: true };
    const url = logoutUrl(config, options);
    expect(url).toBe(testWebAuth(env).client.buildLogoutUrl(options));
    expect(url).toMatch(/^https:\/\/me\.auth0\.com\/v2\/logout\?.*&federated$/);
    logout(config, options);
    expect(env.navigations).toEqual([url]);
  });
});
