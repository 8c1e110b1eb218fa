import { beforeEach, describe, expect, it } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import { WebAuth } from '../web-auth/web-auth.js';
import type { AuthResult } from '../types.js';

const ISSUER = 'https://me.auth0.com/';
const JWKS = 'https://me.auth0.com/.well-known/jwks.json';
let keys: TestKeys;
let env: FakeEnv;

const webAuth = (extra: Record<string, unknown> = {}) => testWebAuth(env, extra);

/** Runs authorize() and returns the state and nonce it sent. */
function startLogin(auth: WebAuth, options?: Record<string, unknown>) {
  auth.authorize(options);
  const url = new URL(env.navigations.at(-1)!);
  return { state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')!, url };
}

const parse = (auth: WebAuth, options: Record<string, unknown>) =>
  new Promise<{ err: any; result: AuthResult | null | undefined }>((resolve) =>
    auth.parseHash(options, (err, result) => resolve({ err, result })),
  );

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, JWKS, keys);
});

describe('authorize → parseHash', () => {
  it('stores state and nonce, navigates to /authorize, and returns the verified result once', async () => {
    const auth = webAuth();
    const { state, nonce, url } = startLogin(auth, { appState: { returnTo: '/x' } });
    expect(url.origin + url.pathname).toBe('https://me.auth0.com/authorize');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.has('appState')).toBe(false);
    expect(state).toMatch(/^[0-9A-VX-Za-z\-._~]{32}$/);
    const idToken = await keys.sign(
      claimsFor(env, ISSUER, 'CID', { nonce, email: 'alice@example.com', at_hash: atHash('AT') }),
    );
    const hash = `#access_token=AT&id_token=${idToken}&scope=openid&expires_in=7200&token_type=Bearer&state=${state}`;
    const { err, result } = await parse(auth, { hash });
    expect(err).toBeNull();
    expect(Object.keys(result!)).toEqual([
      'accessToken',
      'idToken',
      'idTokenPayload',
      'appState',
      'refreshToken',
      'state',
      'expiresIn',
      'tokenType',
      'scope',
    ]);
    expect(result).toMatchObject({
      accessToken: 'AT',
      idToken,
      appState: { returnTo: '/x' },
      refreshToken: null,
      state,
      expiresIn: 7200,
      tokenType: 'Bearer',
      scope: 'openid',
    });
    expect(result!.idTokenPayload).toMatchObject({ sub: 'auth0|alice', nonce, email: 'alice@example.com' });
    const again = await parse(auth, { hash });
    expect(again.err).toMatchObject({ error: 'invalid_token', errorDescription: '`state` does not match.' });
  });

  it('rejects a tampered state without verifying anything', async () => {
    const auth = webAuth();
    const { nonce } = startLogin(auth);
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce }));
    const { err } = await parse(auth, { hash: `#access_token=AT&id_token=${idToken}&state=forged` });
    expect(err).toMatchObject({
      name: 'AuthResponseError',
      error: 'invalid_token',
      errorDescription: '`state` does not match.',
    });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'invalid_token',
      errorDescription: '`state` does not match.',
    });
    // The configured key set may already be loading (it starts before the state check, issue 27);
    // nothing else is fetched and no signature is checked.
    expect(env.fetches.filter((f) => f.url !== JWKS)).toEqual([]);
  });

  it('fails an HS256 ID token with invalid_token (CVE-2026-42280)', async () => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const idToken = await keys.signHs256(claimsFor(env, ISSUER, 'CID', { nonce }), 'client-secret');
    const { err, result } = await parse(auth, { hash: `#access_token=AT&id_token=${idToken}&state=${state}` });
    expect(result).toBeUndefined();
    expect(err).toMatchObject({
      error: 'invalid_token',
      errorDescription:
        'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    });
  });

  it.each([
    [
      'nonce mismatch',
      { nonce: 'other' },
      'Nonce (nonce) claim value mismatch in the ID token; expected "%NONCE%", found "other"',
    ],
    [
      'wrong audience',
      { aud: 'someone-else' },
      'Audience (aud) claim mismatch in the ID token; expected "CID" but found "someone-else"',
    ],
    [
      'wrong issuer',
      { iss: 'https://evil.example/' },
      'Issuer (iss) claim mismatch in the ID token, expected "https://me.auth0.com/", found "https://evil.example/"',
    ],
    ['no sub', { sub: undefined }, 'Subject (sub) claim must be a string present in the ID token'],
    [
      'multi aud without azp',
      { aud: ['CID', 'x'] },
      'Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values',
    ],
  ])('reports %s with the v10 message', async (_name, extra, message) => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const idToken = await keys.sign({ ...claimsFor(env, ISSUER, 'CID', { nonce }), ...extra });
    const { err } = await parse(auth, { hash: `#access_token=AT&id_token=${idToken}&state=${state}` });
    expect(err).toMatchObject({ error: 'invalid_token', errorDescription: message.replace('%NONCE%', nonce) });
  });

  it('checks the issuer before fetching keys, and fetches them from the expected issuer only', async () => {
    const auth = webAuth();
    let { state, nonce } = startLogin(auth);
    const foreign = await keys.sign(claimsFor(env, 'https://evil.example/', 'CID', { nonce }));
    const { err } = await parse(auth, { hash: `#id_token=${foreign}&access_token=A&state=${state}` });
    expect(err.errorDescription).toMatch(/^Issuer \(iss\) claim mismatch/);
    // `authorize` loaded the configured key set for the callback page; the foreign token added none.
    expect(env.fetches.map((f) => f.url)).toEqual([JWKS]);
    ({ state, nonce } = startLogin(auth));
    const good = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce }));
    await parse(auth, { hash: `#id_token=${good}&access_token=A&state=${state}` });
    expect(env.fetches.map((f) => f.url)).toEqual([JWKS]);
  });
  it('rejects alg none', async () => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const none = `${b64({ alg: 'none' })}.${b64(claimsFor(env, ISSUER, 'CID', { nonce }))}.`;
    const { err } = await parse(auth, { hash: `#id_token=${none}&access_token=A&state=${state}` });
    expect(err.errorDescription).toBe(
      'Signature algorithm of "none" is not supported. Expected the ID token to be signed with "RS256".',
    );
    expect(env.fetches).toEqual([]);
  });

  it('rejects a forged signature and an unknown kid', async () => {
    const auth = webAuth();
    let { state, nonce } = startLogin(auth);
    const other = await makeKeys('k1');
    const forged = await other.sign(claimsFor(env, ISSUER, 'CID', { nonce }));
    expect(
      (await parse(auth, { hash: `#id_token=${forged}&access_token=A&state=${state}` })).err.errorDescription,
    ).toBe('Invalid ID token signature.');
    ({ state, nonce } = startLogin(auth));
    const unknownKid = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce }), { kid: 'nope' });
    const { err } = await parse(auth, { hash: `#id_token=${unknownKid}&access_token=A&state=${state}` });
    expect(err.errorDescription).toBe('Could not find a public key for Key ID (kid) "nope"');
  });

  it('caches the key set across validations and refetches once for an unknown kid (30 s after the last request)', async () => {
    const counter = serveJwks(env, JWKS, keys);
    const auth = webAuth();
    for (let i = 0; i < 3; i++) {
      const { state, nonce } = startLogin(auth);
      const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, at_hash: atHash('A') }));
      expect((await parse(auth, { hash: `#id_token=${idToken}&access_token=A&state=${state}` })).err).toBeNull();
    }
    expect(counter.count).toBe(1);
    env.clock += 30_000;
    const { state, nonce } = startLogin(auth);
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce }), { kid: 'rotated' });
    await parse(auth, { hash: `#id_token=${idToken}&access_token=A&state=${state}` });
    expect(counter.count).toBe(2);
  });

  it('applies leeway to expiry and throws synchronously for a leeway over 300 s', async () => {
    const auth = webAuth({ leeway: 30 });
    const { state, nonce } = startLogin(auth);
    const now = Math.floor(env.clock / 1000);
    const expired = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, exp: now - 20, at_hash: atHash('A') }));
    expect((await parse(auth, { hash: `#id_token=${expired}&access_token=A&state=${state}` })).err).toBeNull();
    const second = startLogin(auth);
    const tooOld = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: second.nonce, exp: now - 40 }));
    const { err } = await parse(auth, { hash: `#id_token=${tooOld}&access_token=A&state=${second.state}` });
    expect(err.errorDescription).toMatch(
      /^Expiration Time \(exp\) claim error in the ID token; current time ".+" is after expiration time ".+"$/,
    );
    const bad = webAuth({ leeway: 301 });
    const third = startLogin(bad);
    const token = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: third.nonce }));
    expect(() => bad.parseHash({ hash: `#id_token=${token}&access_token=A&state=${third.state}` }, () => {})).toThrow(
      'The leeway should be positive and lower than five minutes.',
    );
  });

  it('checks at_hash when present', async () => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, at_hash: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    const { err } = await parse(auth, { hash: `#id_token=${idToken}&access_token=A&state=${state}` });
    expect(err).toMatchObject({ error: 'invalid_token', errorDescription: 'Invalid access_token' });
  });
});

describe('parseHash edge cases', () => {
  it('returns a fragment error with its state, and removes the transaction (v10 left it)', async () => {
    const auth = webAuth();
    const { state } = startLogin(auth);
    const { err } = await parse(auth, {
      hash: `#error=access_denied&error_description=User+did+not+authorize&state=${state}`,
    });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'access_denied',
      errorDescription: 'User did not authorize',
      state,
    });
    expect(auth.transactionManager.getStoredTransaction(state)).toBeUndefined();
  });
  it('returns null for a fragment without tokens and invalid_hash for missing ones', async () => {
    const auth = webAuth();
    expect(await parse(auth, { hash: '#code=abc&state=x' })).toEqual({ err: null, result: null });
    expect((await parse(auth, { hash: '#id_token=x' })).err.errorDescription).toBe(
      'response_type contains `token`, but the parsed hash does not contain an `access_token` property',
    );
    expect((await parse(auth, { hash: '#/access_token=x' })).err.errorDescription).toBe(
      'response_type contains `id_token`, but the parsed hash does not contain an `id_token` property',
    );
  });
  it('reads the page fragment by default and returns a Promise without a callback', async () => {
    const auth = webAuth({ responseType: 'token' });
    const { state } = startLogin(auth);
    env.url = `https://app.example.com/callback#access_token=AT&state=${state}&expires_in=x`;
    const result = await auth.parseHash();
    expect(result).toMatchObject({ accessToken: 'AT', idToken: null, idTokenPayload: null, expiresIn: NaN });
    await expect(auth.parseHash({ hash: '#access_token=A&state=nope' })).rejects.toMatchObject({
      error: 'invalid_token',
    });
  });
});

describe('stalled key-set endpoint', () => {
  it('validateToken calls back once with a timeout error after 10 s instead of waiting forever', async () => {
    const auth = webAuth();
    env.respond = () => new Promise<Response>(() => {});
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID'));
    const calls: unknown[][] = [];
    auth.validateToken(idToken, null, (...args) => void calls.push(args));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(env.fetches).toHaveLength(1);
    env.advance(10_000);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(calls[0]![0]))).toEqual({
      error: 'timeout',
      errorDescription: `Timeout while fetching the key set from ${JWKS}`,
    });
  });
});

describe('ID token rules of an authentication response', () => {
  it('requires at_hash when an access token comes with the ID token', async () => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce }));
    const { err, result } = await parse(auth, { hash: `#access_token=SWAPPED&id_token=${idToken}&state=${state}` });
    expect(result).toBeUndefined();
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'invalid_token',
      errorDescription:
        'Access Token Hash (at_hash) claim must be a string present in the ID token when an access token is returned',
    });
  });

  it('accepts a matching at_hash, and an ID token alone without one', async () => {
    const auth = webAuth();
    const first = startLogin(auth);
    const withHash = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: first.nonce, at_hash: atHash('AT') }));
    expect((await parse(auth, { hash: `#access_token=AT&id_token=${withHash}&state=${first.state}` })).err).toBeNull();
    const idOnly = webAuth({ responseType: 'id_token' });
    const second = startLogin(idOnly);
    const alone = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: second.nonce }));
    expect((await parse(idOnly, { hash: `#id_token=${alone}&state=${second.state}` })).err).toBeNull();
  });

  it('fails an ID token when no nonce is expected for the response (a transaction without one)', async () => {
    const auth = webAuth({ responseType: 'id_token' });
    const { state } = startLogin(auth, { responseType: 'token' }); // stores nonce: null
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: 'chosen-by-an-attacker' }));
    const { err } = await parse(auth, { hash: `#id_token=${idToken}&state=${state}` });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'invalid_token',
      errorDescription: 'Nonce (nonce) is required to validate the ID token, but none was stored for this response',
    });
  });

  it('still accepts an IdP-initiated ID token (no state, no transaction) when the app opts in', async () => {
    const auth = webAuth({ responseType: 'id_token' });
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID'));
    const { err } = await parse(auth, { hash: `#id_token=${idToken}`, __enableIdPInitiatedLogin: true });
    expect(err).toBeNull();
  });
});

describe('a state is used once', () => {
  it('even when the response was an error: the transaction is gone afterwards', async () => {
    const auth = webAuth();
    const { state, nonce } = startLogin(auth);
    const { err } = await parse(auth, {
      hash: `#error=login_required&error_description=Login%20required&state=${state}`,
    });
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: 'login_required',
      errorDescription: 'Login required',
      state,
    });
    const idToken = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce, at_hash: atHash('AT') }));
    const replay = await parse(auth, { hash: `#access_token=AT&id_token=${idToken}&state=${state}` });
    expect(replay.err).toMatchObject({ error: 'invalid_token', errorDescription: '`state` does not match.' });
  });
});
