import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, json, memoryStorage, requestBody, sent, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { codeSignIn, REFRESH_SESSION } from '../testing/code-sign-in.js';
import { testWebAuth } from '../testing/web-auth.js';
import type { WebAuth } from '../web-auth/web-auth.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;
/** The tenant's refresh tokens: each one may be presented once; a reuse revokes the family. */
let live: Set<string>;
let issued: number;
let subject: string;
let storage: ReturnType<typeof memoryStorage>;
/** The key set's localStorage item (public keys, kept for the next page) is not a token. */
const KEY_SET_ITEM = 'webauth-js.jwks.';
const tokenItems = () => [...storage.data.keys()].filter((key) => !key.startsWith(KEY_SET_ITEM));

const auth = (extra: Record<string, unknown> = {}) => testWebAuth(env, { ...REFRESH_SESSION, ...extra });
const tokenBodies = () =>
  sent(env)
    .filter((r) => r.url === `${TENANT}/oauth/token`)
    .map((r) => r.body);

async function tokenEndpoint(body: Record<string, any>): Promise<Response> {
  if (body.grant_type === 'authorization_code') {
    return json({
      access_token: 'AT0',
      id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce: nonceOf(env) })),
      refresh_token: (live.add('refresh-token-0'), 'refresh-token-0'),
    });
  }
  if (!live.delete(body.refresh_token)) {
    live.clear(); // reuse: the whole family goes
    return json({ error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' }, 403);
  }
  const next = `refresh-token-${++issued}`;
  live.add(next);
  return json({
    access_token: `AT${issued}`,
    id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { sub: subject })),
    refresh_token: next,
    expires_in: 86400,
    token_type: 'Bearer',
  });
}

const nonceOf = (e: FakeEnv) => new URL(e.navigations[0]!).searchParams.get('nonce');

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  env.storage = storage = memoryStorage();
  keys ??= await makeKeys();
  live = new Set();
  issued = 0;
  subject = 'auth0|alice';
  env.respond = (url, init) => {
    if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
    if (url === `${TENANT}/oauth/token`) return tokenEndpoint(requestBody(init));
    if (url === `${TENANT}/oauth/revoke`) return json({});
    return new Response('not found', { status: 404 });
  };
});

/** A redirect login with offline_access: authorize, then parseHash of the code. */
const signIn = (webAuth: WebAuth) => codeSignIn(env, webAuth);

/** checkSession's callback calls (waits for the first, then a little longer for a second). */
async function check(webAuth: WebAuth, options: Record<string, unknown> = {}) {
  const calls: [any, any][] = [];
  webAuth.checkSession(options, (err, result) => calls.push([err, result]));
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return calls;
}

const everything = () => JSON.stringify({ warnings: env.warnings, navigations: env.navigations, frames: env.frames });

describe('useRefreshTokens', () => {
  it('adds offline_access, keeps the refresh token out of the result, and renews without an iframe', async () => {
    const webAuth = auth();
    const { url, result } = await signIn(webAuth);
    expect(url.searchParams.get('scope')).toBe('openid profile email offline_access');
    expect(result).toMatchObject({ accessToken: 'AT0', refreshToken: null, hasRefreshToken: true });
    expect(JSON.stringify(result)).not.toContain('refresh-token-0');

    const calls = await check(auth()); // a new instance, as after a reload
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT1', hasRefreshToken: true, refreshToken: null });
    expect(env.frames).toEqual([]);
    expect(tokenBodies()[1]).toMatchObject({
      grant_type: 'refresh_token',
      client_id: 'CID',
      refresh_token: 'refresh-token-0',
      scope: 'openid profile email offline_access',
    });
    // Rotation: the next renewal presents the successor.
    await check(webAuth);
    expect(tokenBodies()[2]!.refresh_token).toBe('refresh-token-1');
    expect(everything()).not.toMatch(/RT\d/);
  });

  it('sends the refresh grant as a form; an answer without an ID token renews with idToken null', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    const respond = env.respond!;
    env.respond = async (url, init) => {
      const answer = await respond(url, init);
      if (url !== `${TENANT}/oauth/token`) return answer;
      const { id_token: _dropped, ...rest } = (await answer.json()) as Record<string, unknown>;
      return json(rest); // OpenID Connect Core 12.2: the ID token is optional on refresh
    };
    const calls = await check(webAuth);
    const grant = sent(env).filter((r) => r.url === `${TENANT}/oauth/token`)[1]!;
    expect(grant.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({
      accessToken: 'AT1',
      idToken: null,
      idTokenPayload: null,
      hasRefreshToken: true,
    });
    await check(webAuth); // the rotated token was kept and is presented next
    expect(tokenBodies()[2]!.refresh_token).toBe('refresh-token-1');
  });

  it('serialises concurrent renewals: 20 at once never present the same refresh token twice', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    const results = await Promise.all(Array.from({ length: 20 }, () => auth().checkSession({})));
    expect(results.map((r) => r.accessToken)).toEqual(Array.from({ length: 20 }, (_, i) => `AT${i + 1}`));
    const presented = tokenBodies()
      .slice(1)
      .map((b) => b.refresh_token);
    expect(new Set(presented).size).toBe(20);
  });

  it('answers login_required once and forgets the token when it was reused elsewhere (family revoked)', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    live.clear(); // another copy of refresh-token-0 was used: the tenant revoked the family
    const calls = await check(webAuth);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ error: 'login_required' });
    expect(JSON.stringify(calls[0]![0])).not.toContain('refresh-token-0');
    expect(tokenItems()).toEqual([]);
    expect(env.frames).toEqual([]);
  });

  it('falls back to the iframe with useRefreshTokensFallback when no token is held', async () => {
    const calls: unknown[] = [];
    auth({ useRefreshTokensFallback: true }).checkSession({}, (err) => calls.push(err));
    await vi.waitFor(() => expect(env.frames).toHaveLength(1));
    const url = new URL(env.frames[0]!.url!);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toContain('offline_access');
    expect(calls).toEqual([]);
  });

  it('rejects a refreshed ID token for another user (sub changed) and drops the token', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    subject = 'auth0|mallory';
    const calls = await check(webAuth);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toMatchObject({ error: 'invalid_token' });
    expect(tokenItems()).toEqual([]);
  });

  it('keeps the token in memory by default: a new page (module state aside) starts without localStorage', async () => {
    const webAuth = auth({ cacheLocation: undefined });
    await signIn(webAuth);
    expect(tokenItems()).toEqual([]);
    const calls = await check(auth({ cacheLocation: undefined }));
    expect(calls[0]![1]).toMatchObject({ accessToken: 'AT1' });
  });

  it('a renewal requests the key set while the refresh request is out (a new page: nothing cached)', async () => {
    await signIn(auth());
    // A new page of a browser without the set: not in memory, not in localStorage (no IndexedDB here).
    clearJwksMemoryCache();
    for (const key of [...storage.data.keys()]) if (key.startsWith(KEY_SET_ITEM)) storage.data.delete(key);
    const before = env.fetches.filter((f) => f.url === `${TENANT}/.well-known/jwks.json`).length;
    const respond = env.respond;
    let keySetBeforeAnswer: boolean | undefined;
    env.respond = async (url, init) => {
      if (url === `${TENANT}/oauth/token`) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        keySetBeforeAnswer = env.fetches.filter((f) => f.url === `${TENANT}/.well-known/jwks.json`).length > before;
      }
      return respond!(url, init);
    };
    const calls = await check(auth());
    expect(calls[0]![0]).toBeNull();
    expect(keySetBeforeAnswer).toBe(true);
    expect(env.fetches.filter((f) => f.url === `${TENANT}/.well-known/jwks.json`).length).toBe(before + 1);
  });

  it('logout forgets the held token and sends its revocation (keepalive) before it navigates', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    let revokedBeforeLeaving: boolean | undefined;
    env.delay = () => new Promise(() => {}); // the 3 s bound never ends first here
    env.navigate = (to) => {
      revokedBeforeLeaving = env.fetches.some((f) => f.url === `${TENANT}/oauth/revoke`);
      env.navigations.push(to);
    };
    webAuth.logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations.at(-1)).toContain('/v2/logout'));
    expect(revokedBeforeLeaving).toBe(true);
    const revoke = env.fetches.find((f) => f.url === `${TENANT}/oauth/revoke`);
    expect(revoke?.init?.keepalive).toBe(true);
    expect((revoke!.init!.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(requestBody(revoke!.init)).toEqual({
      client_id: 'CID',
      token: 'refresh-token-0',
      token_type_hint: 'refresh_token',
    });
    expect(tokenItems()).toEqual([]);
    expect(env.navigations.at(-1)).not.toContain('refresh-token-0');
    const calls = await check(auth());
    expect(calls[0]![0]).toMatchObject({ error: 'login_required' });
  });
});

describe('the refresh grant under the rotation lock', () => {
  /** A request the tenant never answers; it fails only when the library aborts it. */
  const hang = (init: RequestInit | undefined) =>
    new Promise<Response>((_, reject) =>
      init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  const calls: unknown[][] = [];
  const renew = (options: Record<string, unknown>) => auth().checkSession(options, (...args) => calls.push(args));
  const grants = () => tokenBodies().filter((b) => b.grant_type === 'refresh_token');
  /** Once `sent` grants are out, moves the clock to `ms`: no answer 1 ms before, `count` timeouts at it. */
  async function timesOutAt(ms: number, sent: number, count: number) {
    await vi.waitFor(() => expect(grants()).toHaveLength(sent));
    env.advance(ms - 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    env.advance(1);
    await vi.waitFor(() => expect(calls).toHaveLength(count));
    for (const [err] of calls) expect(err).toMatchObject({ error: 'timeout' });
  }

  it('a hung grant: `timeout` for each caller at its deadline, the request aborted, the lock let go', async () => {
    await signIn(auth());
    const respond = env.respond!;
    env.respond = (url, init) => (url === `${TENANT}/oauth/token` ? hang(init) : respond(url, init));
    calls.length = 0;
    renew({ timeout: 5000 });
    renew({ timeout: 5000 }); // waits for the lock the first one holds
    await timesOutAt(5000, 1, 2);
    expect(JSON.stringify(calls)).not.toContain('refresh-token-0');
    const grant = env.fetches.filter((f) => f.url === `${TENANT}/oauth/token`).at(-1)!;
    expect(grant.init!.signal!.aborted).toBe(true);
    expect(grants()).toHaveLength(1); // the second caller's deadline passed before it had the lock

    // The lock is free: the next renewal sends its grant; without `timeout` it waits 60 s.
    calls.length = 0;
    renew({});
    await timesOutAt(60_000, 2, 1);

    // The tenant answers again: the token (never spent) renews.
    env.respond = respond;
    const later = await check(auth());
    expect(later[0]![0]).toBeNull();
    expect(later[0]![1]).toMatchObject({ accessToken: 'AT1' });
    expect(grants().map((b) => b.refresh_token)).toEqual(Array(3).fill('refresh-token-0'));
  });

  it('never sends a code or a refresh token twice, whatever _timesToRetryFailedRequests says', async () => {
    const respond = env.respond!;
    let failing = true;
    env.respond = (url, init) =>
      url === `${TENANT}/oauth/token` && failing ? json({ error: 'server_error' }, 503) : respond(url, init);
    const webAuth = auth({ _timesToRetryFailedRequests: 3 });
    await expect(signIn(webAuth)).rejects.toMatchObject({ error: 'server_error' });
    expect(tokenBodies()).toHaveLength(1);

    failing = false;
    env.navigations.length = 0;
    await signIn(webAuth);
    failing = true;
    const renewed = await check(webAuth);
    expect(renewed[0]![0]).toMatchObject({ error: 'server_error' });
    expect(tokenBodies().map((b) => b.grant_type)).toEqual([
      'authorization_code',
      'authorization_code',
      'refresh_token',
    ]);
  });
});
