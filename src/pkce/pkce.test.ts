import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { dispatchMessage, fakeEnv, json, memoryStorage, requestBody, sent, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import type { WebAuth } from '../web-auth/web-auth.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;
/** What /oauth/token answers next (a function of the request body). */
let tokenAnswer: (body: Record<string, any>) => Response | Promise<Response>;

const PKCE = { responseType: 'code', usePKCE: true };
const pkceAuth = (extra: Record<string, unknown> = {}) => testWebAuth(env, { ...PKCE, ...extra });
const tokenRequests = () => sent(env).filter((r) => r.url === `${TENANT}/oauth/token`);
const settle = (calls: unknown[], n = 1) => vi.waitFor(() => expect(calls).toHaveLength(n));
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  env.respond = (url, init) => {
    if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
    if (url === `${TENANT}/oauth/token`) return tokenAnswer(requestBody(init));
    if (url === `${TENANT}/oauth/revoke`) return json({});
    return new Response('not found', { status: 404 });
  };
});

/** authorize() and the /authorize URL it navigated to, once the challenge is computed. */
async function authorizeUrl(auth: WebAuth, options: Record<string, unknown> = {}): Promise<URL> {
  auth.authorize(options);
  await vi.waitFor(() => expect(env.navigations).toHaveLength(1));
  return new URL(env.navigations[0]!);
}

/** The tenant's answer to a code exchange for the login behind `url` (nonce from the URL). */
function answersCode(url: URL, extra: Record<string, unknown> = {}, refreshToken?: string) {
  tokenAnswer = async () =>
    json({
      access_token: 'AT',
      id_token: await keys.sign(
        claimsFor(env, `${TENANT}/`, 'CID', { nonce: url.searchParams.get('nonce'), ...extra }),
      ),
      token_type: 'Bearer',
      expires_in: 86400,
      scope: 'openid profile email offline_access',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
}

/** parseHash on the callback page `?code=…&state=…`; returns the callback's calls once settled. */
async function callback(auth: WebAuth, query: string, n = 1) {
  env.url = `https://app.example.com/callback?${query}`;
  const calls: [any, any][] = [];
  for (let i = 0; i < n; i++) auth.parseHash((err, result) => calls.push([err, result]));
  await settle(calls, n);
  await tick();
  return calls;
}

describe('usePKCE options', () => {
  it('needs responseType code (ArgumentError), per constructor and per call', () => {
    expect(() => testWebAuth(env, { usePKCE: true })).toThrow(ArgumentError);
    expect(() => testWebAuth(env, { usePKCE: true })).toThrow("usePKCE requires responseType: 'code'");
    expect(() => testWebAuth(env).authorize({ usePKCE: true })).toThrow("usePKCE requires responseType: 'code'");
    expect(() => testWebAuth(env, { useRefreshTokens: true })).toThrow('useRefreshTokens requires usePKCE');
    expect(() => pkceAuth({ cacheLocation: 'session' })).toThrow("cacheLocation must be 'memory' or 'localstorage'");
    expect(() => pkceAuth({ usePKCE: 'yes' })).toThrow('usePKCE option is not valid');
    expect(env.cookieWrites).toEqual([]);
  });

  it('leaves responseType code without usePKCE as in v10: no challenge, no exchange', async () => {
    const auth = testWebAuth(env, { responseType: 'code' });
    auth.authorize({ state: 'S1' });
    const url = new URL(env.navigations[0]!);
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(url.searchParams.has('nonce')).toBe(false);
    const calls = await callback(auth, 'code=C&state=S1');
    expect(calls).toEqual([[null, null]]);
    expect(tokenRequests()).toEqual([]);
  });
});

describe('authorize and parseHash with usePKCE', () => {
  it('sends an S256 challenge of a 64-character verifier and redeems the code with it', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth, { appState: { to: '/settings' } });
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('use_pkce')).toBe(false);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    answersCode(url);
    const calls = await callback(auth, `code=THE-CODE&state=${url.searchParams.get('state')}`);
    const [request] = tokenRequests();
    // RFC 6749 §4.1.3: a form body, not JSON.
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'CID',
      code: 'THE-CODE',
      redirect_uri: 'https://app.example.com/callback',
    });
    const verifier = request!.body.code_verifier as string;
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{64}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(url.searchParams.get('code_challenge'));
    const [err, result] = calls[0]!;
    expect(err).toBeNull();
    expect(result).toMatchObject({
      accessToken: 'AT',
      expiresIn: 86400,
      tokenType: 'Bearer',
      appState: { to: '/settings' },
      state: url.searchParams.get('state'),
      refreshToken: null,
    });
    expect(result.idTokenPayload.sub).toBe('auth0|alice');
  });

  it('requests the key set while the code exchange is out, not after its answer (one request)', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth);
    answersCode(url);
    const answer = tokenAnswer;
    let keySetBeforeAnswer: boolean | undefined;
    tokenAnswer = async (body) => {
      await tick(); // the exchange is out: the key set should be on its way already
      keySetBeforeAnswer = env.fetches.some((f) => f.url === `${TENANT}/.well-known/jwks.json`);
      return answer(body);
    };
    const calls = await callback(auth, `code=C&state=${url.searchParams.get('state')}`);
    expect(calls[0]![0]).toBeNull();
    expect(keySetBeforeAnswer).toBe(true);
    expect(env.fetches.filter((f) => f.url === `${TENANT}/.well-known/jwks.json`)).toHaveLength(1);
  });

  it('reads the code from the fragment with responseMode fragment', async () => {
    const auth = pkceAuth({ responseMode: 'fragment' });
    const url = await authorizeUrl(auth);
    expect(url.searchParams.get('response_mode')).toBe('fragment');
    answersCode(url);
    env.url = `https://app.example.com/callback#code=C2&state=${url.searchParams.get('state')}`;
    const result = await auth.parseHash();
    expect(result?.accessToken).toBe('AT');
    expect(tokenRequests()[0]!.body.code).toBe('C2');
  });

  it('redeems a code at most once when parseHash runs twice', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth);
    answersCode(url);
    const calls = await callback(auth, `code=C&state=${url.searchParams.get('state')}`, 2);
    expect(tokenRequests()).toHaveLength(1);
    expect(calls.filter(([err]) => err === null)).toHaveLength(1);
    expect(calls.find(([err]) => err)![0]).toMatchObject({ error: 'invalid_token' });
  });

  it('rejects a swapped state without any request, and a code no transaction asked for', async () => {
    const auth = pkceAuth();
    await authorizeUrl(auth);
    const err = (await callback(auth, 'code=C&state=attacker-state'))[0]![0];
    expect(err).toMatchObject({ error: 'invalid_token', errorDescription: '`state` does not match.' });
    expect(tokenRequests()).toEqual([]);
  });

  it('reports the tenant refusing the code (invalid_grant) once, with no verifier or code in it', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth);
    tokenAnswer = () => json({ error: 'invalid_grant', error_description: 'Failed to verify code verifier.' }, 403);
    const calls = await callback(auth, `code=SECRET-CODE&state=${url.searchParams.get('state')}`);
    expect(calls).toHaveLength(1);
    const [err] = calls[0]!;
    expect(err).toMatchObject({ error: 'invalid_grant', errorDescription: 'Failed to verify code verifier.' });
    const text = JSON.stringify(err) + String(err.message) + String(err.stack);
    expect(text).not.toContain(tokenRequests()[0]!.body.code_verifier);
    expect(text).not.toContain('SECRET-CODE');
  });

  it('rejects an ID token with another nonce (invalid_token)', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth);
    tokenAnswer = async () =>
      json({ access_token: 'AT', id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce: 'other' })) });
    const err = (await callback(auth, `code=C&state=${url.searchParams.get('state')}`))[0]![0];
    expect(err).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses an answer without its ID token to an openid request (invalid_token), keeping nothing', async () => {
    const store = memoryStorage();
    env.storage = store;
    const auth = pkceAuth({ useRefreshTokens: true, cacheLocation: 'localstorage' });
    const url = await authorizeUrl(auth);
    tokenAnswer = () =>
      json({ access_token: 'AT', refresh_token: 'RT-STRIPPED', token_type: 'Bearer', expires_in: 60 });
    const calls = await callback(auth, `code=C&state=${url.searchParams.get('state')}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({
      error: 'invalid_token',
      errorDescription: 'ID token (id_token) missing from the token response to an openid request',
    });
    expect(calls[0]![1]).toBeUndefined();
    // No refresh token was kept: a renewal has none to present.
    const renewal = await new Promise<any>((resolve) => auth.checkSession({}, resolve));
    expect(renewal).toMatchObject({ error: 'login_required' });
    expect(tokenRequests()).toHaveLength(1);
    expect(JSON.stringify([...store.data])).not.toContain('RT-STRIPPED');
  });

  it('accepts an answer without an ID token when openid was not asked for', async () => {
    const auth = pkceAuth({ scope: 'read:reports' });
    const url = await authorizeUrl(auth);
    expect(url.searchParams.get('scope')).toBe('read:reports');
    tokenAnswer = () => json({ access_token: 'AT', token_type: 'Bearer', expires_in: 60, scope: 'read:reports' });
    const [err, result] = (await callback(auth, `code=C&state=${url.searchParams.get('state')}`))[0]!;
    expect(err).toBeNull();
    expect(result).toMatchObject({ accessToken: 'AT', idToken: null, idTokenPayload: null });
  });

  it('relays an error answer in the query and uses up its transaction', async () => {
    const auth = pkceAuth();
    const url = await authorizeUrl(auth);
    const state = url.searchParams.get('state');
    const err = (await callback(auth, `error=access_denied&error_description=no&state=${state}`))[0]![0];
    expect(err).toMatchObject({ error: 'access_denied', errorDescription: 'no' });
    const again = (await callback(auth, `code=C&state=${state}`))[0]![0];
    expect(again).toMatchObject({ error: 'invalid_token' });
    expect(tokenRequests()).toEqual([]);
  });
});

describe('client.buildAuthorizeUrl with usePKCE', () => {
  it('stores a transaction with a verifier and resolves with the URL carrying its challenge', async () => {
    const auth = testWebAuth(env, { responseType: 'code' });
    const url = new URL(
      await auth.client.buildAuthorizeUrl({ usePKCE: true, redirectUri: 'https://app.example.com/cb' }),
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('use_pkce')).toBe(false);
    expect(env.navigations).toEqual([]);
    answersCode(url);
    const result = await auth.parseHash({ usePKCE: true, hash: `#code=C&state=${url.searchParams.get('state')}` });
    expect(result?.accessToken).toBe('AT');
    const [request] = tokenRequests();
    expect(createHash('sha256').update(request!.body.code_verifier).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );
    expect(request!.body.redirect_uri).toBe('https://app.example.com/cb');
  });

  it('is the plain v10 URL builder without it (a string, nothing stored)', () => {
    const auth = testWebAuth(env, { responseType: 'code' });
    const url = auth.client.buildAuthorizeUrl({ state: 'S', redirectUri: 'https://app.example.com/cb' });
    expect(typeof url).toBe('string');
    expect(env.cookieWrites).toEqual([]);
  });
});

describe('checkSession with usePKCE (no refresh tokens)', () => {
  it('asks for a code by web_message, loads the key set meanwhile, and redeems the code', async () => {
    const auth = pkceAuth();
    const calls: [any, any][] = [];
    auth.checkSession({}, (err, result) => calls.push([err, result]));
    await vi.waitFor(() => expect(env.frames[0]?.url).toBeTruthy());
    const url = new URL(env.frames[0]!.url!);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('response_mode')).toBe('web_message');
    expect(url.searchParams.get('prompt')).toBe('none');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // The key set is on its way while the iframe is out, before any answer.
    expect(env.fetches.map((f) => f.url)).toContain(`${TENANT}/.well-known/jwks.json`);
    answersCode(url);
    const state = url.searchParams.get('state');
    const response = { code: 'WM-CODE', state };
    dispatchMessage(env, { type: 'authorization_response', response }, 'https://evil.example', env.frames[0]!.window);
    dispatchMessage(env, { type: 'authorization_response', response }, TENANT, env.frames[0]!.window);
    await settle(calls);
    await tick();
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1].accessToken).toBe('AT');
    expect(tokenRequests().map((r) => r.body.code)).toEqual(['WM-CODE']);
  });

  it("keeps v10's refusal of responseType code without usePKCE", async () => {
    const calls: unknown[] = [];
    testWebAuth(env, { responseType: 'code' }).checkSession({}, (err) => calls.push(err));
    expect(calls[0]).toMatchObject({ error: 'error', error_description: "responseType can't be `code`" });
  });
});
