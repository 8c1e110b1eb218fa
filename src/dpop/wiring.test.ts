import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ArgumentError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { Management } from '../management/management.js';
import { customEnvironment } from '../shared/custom-environment.js';
import { fakeEnv, json, memoryStorage, requestBody, sent, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { codeSignIn, REFRESH_SESSION } from '../testing/code-sign-in.js';
import { testWebAuth } from '../testing/web-auth.js';
import type { WebAuth } from '../web-auth/web-auth.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;
/** The fake tenant's refresh tokens and the key thumbprint each is bound to. */
let boundTo: Map<string, string>;
let issued: number;
/** When set, the token endpoint first asks for this nonce (`use_dpop_nonce`). */
let requiredNonce: string | undefined;

const auth = (extra: Record<string, unknown> = {}) => testWebAuth(env, { ...REFRESH_SESSION, useDpop: true, ...extra });

/** Checks a proof as RFC 9449 §4.3 says (signature by its own jwk, typ, htm, htu, ath); returns its claims and thumbprint. */
async function checkProof(proof: string | undefined, method: string, url: string, accessToken?: string) {
  expect(proof).toBeTruthy();
  const header = decodeProtectedHeader(proof!);
  expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256' });
  expect(Object.keys(header.jwk!).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  const { payload } = await compactVerify(proof!, await importJWK(header.jwk as JWK, 'ES256'));
  const claims = JSON.parse(new TextDecoder().decode(payload));
  expect(claims).toMatchObject({ htm: method, htu: url });
  expect(claims.jti).toMatch(/^.{16,}$/);
  if (accessToken) expect(claims.ath).toBe(createHash('sha256').update(accessToken).digest('base64url'));
  else expect(claims.ath).toBeUndefined();
  return { claims, jkt: await calculateJwkThumbprint(header.jwk as JWK) };
}

const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

async function tokenEndpoint(init: RequestInit | undefined): Promise<Response> {
  const body = requestBody(init);
  const { claims, jkt } = await checkProof(headerOf(init, 'dpop'), 'POST', `${TENANT}/oauth/token`);
  if (requiredNonce && claims.nonce !== requiredNonce) {
    return json({ error: 'use_dpop_nonce', error_description: 'nonce' }, 400, { 'DPoP-Nonce': requiredNonce });
  }
  if (body.grant_type === 'refresh_token' && boundTo.get(body.refresh_token) !== jkt) {
    return json({ error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' }, 403);
  }
  boundTo.delete(body.refresh_token);
  const n = issued++;
  boundTo.set(`RT${n}`, jkt);
  const idClaims = body.grant_type === 'authorization_code' ? { nonce: nonceOf(env) } : {};
  return json({
    access_token: `AT${n}:${jkt}`,
    id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', idClaims)),
    refresh_token: `RT${n}`,
    expires_in: 86400,
    token_type: 'DPoP',
  });
}

/** A resource server that takes `DPoP <token>` with a proof of the key the token names. */
async function resource(url: string, init: RequestInit | undefined): Promise<Response> {
  const authorization = headerOf(init, 'authorization') ?? '';
  if (!authorization.startsWith('DPoP ')) return json({ error: 'invalid_token' }, 401);
  const token = authorization.slice(5);
  const { jkt } = await checkProof(headerOf(init, 'dpop'), init?.method ?? 'GET', url, token);
  expect(token.endsWith(`:${jkt}`)).toBe(true);
  return json({ sub: 'auth0|alice' });
}

const nonceOf = (e: FakeEnv) => new URL(e.navigations[0]!).searchParams.get('nonce');

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  env.storage = memoryStorage();
  keys ??= await makeKeys();
  boundTo = new Map();
  issued = 0;
  requiredNonce = undefined;
  const routes: Record<string, (url: string, init?: RequestInit) => Response | Promise<Response>> = {
    '/.well-known/jwks.json': () => json(keys.jwks),
    '/oauth/token': (_, init) => tokenEndpoint(init),
    '/oauth/revoke': () => json({}),
    '/userinfo': resource,
  };
  env.respond = (url, init) => {
    const path = url.slice(TENANT.length);
    const route = routes[path] ?? (path.startsWith('/api/v2/') ? resource : undefined);
    return route ? route(url, init) : new Response('not found', { status: 404 });
  };
});

const signIn = async (webAuth: WebAuth) => (await codeSignIn(env, webAuth)).result;

const tokenRequests = () => sent(env).filter((r) => r.url === `${TENANT}/oauth/token`);

describe('useDpop', () => {
  it('requires usePKCE and a boolean (ArgumentError)', () => {
    expect(() => testWebAuth(env, { useDpop: true })).toThrow(ArgumentError);
    expect(() => testWebAuth(env, { useDpop: true })).toThrow('useDpop requires usePKCE');
    expect(() => auth({ useDpop: 'yes' })).toThrow('useDpop option is not valid');
    expect(testWebAuth(env).dpop).toBeUndefined();
  });

  it('signs the code exchange and refreshes with one key; userInfo and Management present the token as DPoP', async () => {
    const webAuth = auth();
    const result = await signIn(webAuth);
    expect(result).toMatchObject({ tokenType: 'DPoP', hasRefreshToken: true, refreshToken: null });
    const jkt = await webAuth.dpop!.thumbprint();
    expect(result!.accessToken).toBe(`AT0:${jkt}`);

    const renewed = await auth().checkSession({}); // a new instance, as after a reload
    expect(renewed).toMatchObject({ tokenType: 'DPoP', accessToken: `AT1:${jkt}` });
    const again = await webAuth.checkSession({});
    expect(again.accessToken).toBe(`AT2:${jkt}`);
    expect(tokenRequests()).toHaveLength(3);

    await expect(webAuth.client.userInfo(again.accessToken!)).resolves.toMatchObject({ sub: 'auth0|alice' });
    const management = new Management({
      domain: 'me.auth0.com',
      token: again.accessToken!,
      [customEnvironment]: env,
    } as never);
    await expect(management.getUser('auth0|alice')).resolves.toMatchObject({ sub: 'auth0|alice' });
    // A token the page did not obtain with DPoP stays Bearer (v10's request).
    await expect(webAuth.client.userInfo('other-token')).rejects.toMatchObject({ statusCode: 401 });
    expect(sent(env).at(-1)!.headers.authorization).toBe('Bearer other-token');
    expect(sent(env).at(-1)!.headers.dpop).toBeUndefined();
  });

  it('answers use_dpop_nonce once with the server nonce, and remembers it for the next request', async () => {
    requiredNonce = 'n-1';
    const webAuth = auth();
    await expect(signIn(webAuth)).resolves.toMatchObject({ tokenType: 'DPoP' });
    expect(tokenRequests()).toHaveLength(2);
    await webAuth.checkSession({});
    expect(tokenRequests()).toHaveLength(3); // the learned nonce went with the first attempt
    requiredNonce = 'n-2';
    await webAuth.checkSession({});
    expect(tokenRequests()).toHaveLength(5);
  });

  it('does not loop when the server keeps asking for a nonce', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    env.respond = () => json({ error: 'use_dpop_nonce', error_description: 'nonce' }, 400, { 'DPoP-Nonce': 'x' });
    await expect(webAuth.checkSession({})).rejects.toMatchObject({ error: 'use_dpop_nonce' });
    expect(tokenRequests()).toHaveLength(3);
  });

  it('a refresh token refused (invalid_grant) clears the key: the next login gets a new pair', async () => {
    const webAuth = auth();
    await signIn(webAuth);
    const first = await webAuth.dpop!.thumbprint();
    boundTo.clear(); // the tenant revoked the family
    await expect(webAuth.checkSession({})).rejects.toMatchObject({ error: 'login_required' });
    await vi.waitFor(async () => expect(await webAuth.dpop!.thumbprint()).not.toBe(first));
  });

  it('logout revokes with a proof, clears the key, then navigates; no token or proof in URLs, warnings or debug events', async () => {
    const events: unknown[] = [];
    const webAuth = auth({ debug: (event: unknown) => events.push(event) });
    const result = await signIn(webAuth);
    const first = await webAuth.dpop!.thumbprint();
    await expect(webAuth.client.userInfo('other-token')).rejects.toMatchObject({ statusCode: 401 });
    webAuth.logout({ returnTo: 'https://app.example.com/' });
    await vi.waitFor(() => expect(env.navigations).toHaveLength(2));
    const revoke = sent(env).find((r) => r.url === `${TENANT}/oauth/revoke`)!;
    await checkProof(revoke.headers.dpop, 'POST', `${TENANT}/oauth/revoke`);
    expect(await webAuth.dpop!.thumbprint()).not.toBe(first);
    await expect(webAuth.client.userInfo(result!.accessToken!)).rejects.toMatchObject({ statusCode: 401 });
    expect(events.length).toBeGreaterThan(0);
    const shown = JSON.stringify({ n: env.navigations, w: env.warnings, events });
    const proofs = sent(env).flatMap((r) => (r.headers.dpop ? [r.headers.dpop.split('.')[1]!] : []));
    expect(proofs.length).toBeGreaterThan(1);
    for (const secret of [/RT\d/, /AT\d/, ...proofs]) expect(shown).not.toMatch(secret);
  });
});
