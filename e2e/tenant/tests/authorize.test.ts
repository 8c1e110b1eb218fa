import { createHash } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, HS256_CLIENT_ID, HS256_CLIENT_SECRET, SPA_CLIENT_ID } from '../testing/fixtures.js';
import type { RunningTenant } from '../server/server.js';
import { startTenantWithKeys } from '../testing/test-tenant.js';
import {
  APP_CALLBACK,
  CookieJar,
  authorizePath,
  callbackFormOf,
  form,
  fragmentOf,
  hostedConfigOf,
  hostedLoginBody,
  implicitParams,
  logIn,
  postJson,
  send,
} from '../testing/test-client.js';

const ALICE_CREDENTIALS = { username: ALICE.email, password: ALICE.password };

/** Independent at_hash computation (OIDC Core 3.2.2.9), not the tenant's own helper. */
function expectedAtHash(token: string): string {
  return createHash('sha256').update(token).digest().subarray(0, 16).toString('base64url');
}

describe('/authorize and the login page', () => {
  let tenant: RunningTenant;
  let jwks: JWTVerifyGetKey;

  beforeAll(async () => ({ tenant, jwks } = await startTenantWithKeys()));
  afterAll(() => tenant.close());

  it('runs hosted page → wrong password (401) → right password → callback → 302 with verifiable tokens', async () => {
    const jar = new CookieJar();
    const page = await send(tenant, authorizePath(implicitParams()));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:3000");
    expect(page.text).toMatch(/<label for="username">[^<]+<\/label>/);
    expect(page.text).toMatch(/<label for="password">[^<]+<\/label>/);
    expect(page.text).toContain('id="submit"');
    expect(page.text).toContain('<script src="/static/webauth.min.js" defer></script>');
    expect(page.text).toContain('<script src="/static/hosted-login.js" defer></script>');
    expect(page.text).not.toMatch(/<script>/);
    const config = hostedConfigOf(page.text);
    // Over plain HTTP the page names the scheme (see README); over HTTPS it is the host:port.
    expect(config).toMatchObject({
      domain: tenant.url,
      clientID: SPA_CLIENT_ID,
      redirectUri: APP_CALLBACK,
      responseType: 'token id_token',
      nonce: 'nonce-456',
      connection: 'Username-Password-Authentication',
      tenant: 'local',
    });
    // The page's state is the tenant's own signed transaction handle, never the app's state.
    expect(String(config['state'])).not.toContain('state-123');

    const login = (password: string) =>
      postJson(tenant, '/usernamepassword/login', hostedLoginBody(config, { username: ALICE.email, password }), {
        origin: tenant.url,
      });
    const denied = await login('not-the-password');
    expect(denied.status).toBe(401);
    expect(denied.json()).toMatchObject({
      error: 'invalid_user_password',
      error_description: 'Wrong email or password.',
    });
    expect(denied.headers['set-cookie']).toBeUndefined();

    const accepted = await login(ALICE.password);
    expect(accepted.status).toBe(200);
    expect(accepted.headers['content-type']).toMatch(/^text\/html/);
    expect(accepted.text.startsWith('<form method="post" name="hiddenform" action="')).toBe(true);
    const callback = callbackFormOf(accepted.text);
    expect(callback.action).toBe(`${tenant.url}/login/callback`);
    expect(Object.keys(callback.fields)).toEqual(['wa', 'wresult']);
    const reply = await send(tenant, '/login/callback', { method: 'POST', ...form(callback.fields) });
    jar.store(reply);
    expect(reply.status).toBe(302);
    const cookie = reply.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/); // plain HTTP cannot use SameSite=None
    const location = reply.headers.location ?? '';
    expect(location.startsWith(`${APP_CALLBACK}#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect([...fragment.keys()]).toEqual(['access_token', 'id_token', 'scope', 'expires_in', 'token_type', 'state']);
    expect(fragment.get('state')).toBe('state-123');
    expect(fragment.get('expires_in')).toBe('7200');
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('scope')).toBe('openid profile email');

    const accessToken = fragment.get('access_token') ?? '';
    const idToken = fragment.get('id_token') ?? '';
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
      issuer: tenant.issuer,
      audience: SPA_CLIENT_ID,
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(typeof protectedHeader.kid).toBe('string');
    expect(payload).toMatchObject({
      sub: 'auth0|alice',
      nonce: 'nonce-456',
      at_hash: expectedAtHash(accessToken),
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Example',
      nickname: 'alice',
      picture: `${tenant.url}/avatars/alice.svg`,
      updated_at: ALICE.updatedAt,
    });
    expect(typeof payload['sid']).toBe('string');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(36000);
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(10);

    const access = await jwtVerify(accessToken, jwks, { issuer: tenant.issuer, algorithms: ['RS256'] });
    expect(access.payload).toMatchObject({
      sub: 'auth0|alice',
      aud: `${tenant.issuer}userinfo`,
      scope: 'openid profile email',
    });
    expect((access.payload.exp ?? 0) - (access.payload.iat ?? 0)).toBe(7200);
  });

  it('returns only an ID token (no at_hash, no token_type) for response_type=id_token', async () => {
    const reply = await logIn(
      tenant,
      implicitParams({ response_type: 'id_token' }),
      new CookieJar(),
      ALICE_CREDENTIALS,
    );
    const fragment = fragmentOf(reply.headers.location);
    expect([...fragment.keys()]).toEqual(['id_token', 'state']);
    const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks, {
      issuer: tenant.issuer,
      audience: SPA_CLIENT_ID,
    });
    expect(payload['at_hash']).toBeUndefined();
    expect(payload['nonce']).toBe('nonce-456');
  });

  it('returns only an access token for response_type=token', async () => {
    const params = implicitParams({ response_type: 'token', audience: 'https://api.example.test/' });
    const reply = await logIn(tenant, params, new CookieJar(), ALICE_CREDENTIALS);
    const fragment = fragmentOf(reply.headers.location);
    expect([...fragment.keys()]).toEqual(['access_token', 'scope', 'expires_in', 'token_type', 'state']);
    const { payload } = await jwtVerify(fragment.get('access_token') ?? '', jwks, { issuer: tenant.issuer });
    // With openid granted the token also serves /userinfo, as the service does.
    expect(payload.aud).toEqual(['https://api.example.test/', `${tenant.issuer}userinfo`]);
  });

  it('returns a code in the query for response_type=code, keeping the callback query', async () => {
    const params = implicitParams({ response_type: 'code', redirect_uri: `${APP_CALLBACK}?from=test` });
    delete params['nonce'];
    const reply = await logIn(tenant, params, new CookieJar(), ALICE_CREDENTIALS);
    expect(reply.status).toBe(302);
    const url = new URL(reply.headers.location ?? '');
    expect(url.origin + url.pathname).toBe(APP_CALLBACK);
    expect(url.hash).toBe('');
    expect([...url.searchParams.keys()]).toEqual(['from', 'code', 'state']);
    expect(url.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses response_mode=query for tokens and honours response_mode=fragment for codes', async () => {
    const q = await send(tenant, authorizePath(implicitParams({ response_mode: 'query' })));
    const qUrl = new URL(q.headers.location ?? '');
    expect(qUrl.hash).toBe('');
    expect(qUrl.searchParams.get('error')).toBe('invalid_request');
    expect(qUrl.searchParams.get('id_token')).toBeNull();
    const codeParams = implicitParams({ response_type: 'code', response_mode: 'fragment' });
    const f = await logIn(tenant, codeParams, new CookieJar(), ALICE_CREDENTIALS);
    expect(fragmentOf(f.headers.location).get('code')).toBeTruthy();
  });

  it('releases profile claims per scope', async () => {
    const reply = await logIn(tenant, implicitParams({ scope: 'openid' }), new CookieJar(), ALICE_CREDENTIALS);
    const idToken = fragmentOf(reply.headers.location).get('id_token') ?? '';
    const { payload } = await jwtVerify(idToken, jwks, { issuer: tenant.issuer, audience: SPA_CLIENT_ID });
    expect(payload.sub).toBe('auth0|alice');
    for (const claim of ['email', 'email_verified', 'name', 'nickname', 'picture', 'updated_at']) {
      expect(payload[claim]).toBeUndefined();
    }
  });

  it('signs the HS256 client ID token with the client secret', async () => {
    const params = implicitParams({ client_id: HS256_CLIENT_ID });
    const reply = await logIn(tenant, params, new CookieJar(), ALICE_CREDENTIALS);
    const fragment = fragmentOf(reply.headers.location);
    const idToken = fragment.get('id_token') ?? '';
    expect(decodeProtectedHeader(idToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(idToken, new TextEncoder().encode(HS256_CLIENT_SECRET), {
      issuer: tenant.issuer,
      audience: HS256_CLIENT_ID,
    });
    expect(payload['at_hash']).toBe(expectedAtHash(fragment.get('access_token') ?? ''));
    await expect(jwtVerify(idToken, jwks)).rejects.toThrow();
  });

  it('refuses unknown clients and unregistered redirect URIs with a 400 page and no redirect', async () => {
    const cases = [
      implicitParams({ redirect_uri: 'https://evil.example/callback' }),
      implicitParams({ redirect_uri: 'http://127.0.0.1.evil.example:3000/cb' }),
      implicitParams({ redirect_uri: 'javascript:alert(1)' }),
      implicitParams({ redirect_uri: `${APP_CALLBACK}#frag` }),
      implicitParams({ client_id: 'no-such-client' }),
      { client_id: SPA_CLIENT_ID, response_type: 'token' },
    ];
    for (const params of cases) {
      const reply = await send(tenant, authorizePath(params));
      expect(reply.status, JSON.stringify(params)).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.text).not.toContain('<script');
    }
    const xss = await send(
      tenant,
      authorizePath(implicitParams({ redirect_uri: 'https://x.example/<script>alert(1)</script>' })),
    );
    expect(xss.status).toBe(400);
    expect(xss.text).toContain('&#60;script&#62;');
  });

  it('redirects protocol errors to a valid redirect URI, with state', async () => {
    const bad = await send(tenant, authorizePath(implicitParams({ response_type: 'token code_x' })));
    expect(bad.status).toBe(302);
    const badFragment = fragmentOf(bad.headers.location);
    expect(badFragment.get('error')).toBe('unsupported_response_type');
    expect(badFragment.get('state')).toBe('state-123');

    const noNonce = implicitParams();
    delete noNonce['nonce'];
    const reply = await send(tenant, authorizePath(noNonce));
    expect(reply.status).toBe(302);
    const fragment = fragmentOf(reply.headers.location);
    expect(fragment.get('error')).toBe('invalid_request');
    expect(fragment.get('error_description')).toMatch(/^Nonce is required/);
    expect(fragment.get('state')).toBe('state-123');
  });

  it('answers prompt=none without a session with login_required', async () => {
    const reply = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })));
    expect(reply.status).toBe(302);
    const fragment = fragmentOf(reply.headers.location);
    expect(Object.fromEntries(fragment)).toEqual({
      error: 'login_required',
      error_description: 'Login required',
      state: 'state-123',
    });
  });

  it('reuses the session: no login page, prompt=none succeeds, prompt=login shows the page again', async () => {
    const jar = new CookieJar();
    const first = await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const firstSid = (await jwtVerify(fragmentOf(first.headers.location).get('id_token') ?? '', jwks)).payload['sid'];

    const again = await send(tenant, authorizePath(implicitParams({ nonce: 'second', state: 's2' })), {
      headers: jar.header(),
    });
    expect(again.status).toBe(302);
    const fragment = fragmentOf(again.headers.location);
    expect(fragment.get('state')).toBe('s2');
    const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks, {
      issuer: tenant.issuer,
      audience: SPA_CLIENT_ID,
    });
    expect(payload['nonce']).toBe('second');
    expect(payload['sid']).toBe(firstSid);

    const silent = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
    expect(fragmentOf(silent.headers.location).get('id_token')).toBeTruthy();

    const forced = await send(tenant, authorizePath(implicitParams({ prompt: 'login' })), { headers: jar.header() });
    expect(forced.status).toBe(200);
    expect(forced.text).toContain('id="password"');

    const other = await send(tenant, authorizePath(implicitParams({ client_id: HS256_CLIENT_ID, prompt: 'none' })), {
      headers: jar.header(),
    });
    expect(fragmentOf(other.headers.location).get('id_token')).toBeTruthy();
  });

  it('asks again when the session is older than max_age', async () => {
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const recent = await send(tenant, authorizePath(implicitParams({ prompt: 'none', max_age: '3600' })), {
      headers: jar.header(),
    });
    const { payload } = await jwtVerify(fragmentOf(recent.headers.location).get('id_token') ?? '', jwks);
    expect(typeof payload['auth_time']).toBe('number');
    await new Promise((r) => setTimeout(r, 1100));
    const stale = await send(tenant, authorizePath(implicitParams({ prompt: 'none', max_age: '0' })), {
      headers: jar.header(),
    });
    expect(fragmentOf(stale.headers.location).get('error')).toBe('login_required');
    const page = await send(tenant, authorizePath(implicitParams({ max_age: '0' })), { headers: jar.header() });
    expect(page.status).toBe(200);
  });

  it('ignores a forged session cookie', async () => {
    const reply = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), {
      headers: { cookie: 'webauth_tenant_session=forged-value' },
    });
    expect(fragmentOf(reply.headers.location).get('error')).toBe('login_required');
  });

  it('rejects a hosted login with an unknown or forged state, a bad CSRF token, or another origin', async () => {
    const config = hostedConfigOf((await send(tenant, authorizePath(implicitParams()))).text);
    const body = hostedLoginBody(config, ALICE_CREDENTIALS);
    const cases: Array<[string, Record<string, unknown>, Record<string, string>, number]> = [
      ['forged state', { ...body, state: 'forged' }, { origin: tenant.url }, 400],
      ['state as csrf', { ...body, _csrf: body['state'] }, { origin: tenant.url }, 403],
      ['other origin', body, { origin: 'http://localhost:3000' }, 403],
      ['other redirect', { ...body, redirect_uri: 'http://127.0.0.1:3000/other' }, { origin: tenant.url }, 400],
      ['passwordless connection', { ...body, connection: 'email' }, { origin: tenant.url }, 400],
      ['unknown parameter', { ...body, colour: 'blue' }, { origin: tenant.url }, 400],
    ];
    for (const [name, payload, headers, status] of cases) {
      const reply = await postJson(tenant, '/usernamepassword/login', payload, headers);
      expect(reply.status, name).toBe(status);
      expect(reply.json(), name).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
    }
  });

  it('uses a transaction and a login callback only once', async () => {
    const config = hostedConfigOf((await send(tenant, authorizePath(implicitParams()))).text);
    const body = hostedLoginBody(config, ALICE_CREDENTIALS);
    const first = await postJson(tenant, '/usernamepassword/login', body, { origin: tenant.url });
    const fields = callbackFormOf(first.text).fields;
    expect((await send(tenant, '/login/callback', { method: 'POST', ...form(fields) })).status).toBe(302);
    const replay = await send(tenant, '/login/callback', { method: 'POST', ...form(fields) });
    expect(replay.status).toBe(400);
    expect(replay.headers.location).toBeUndefined();
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect((await postJson(tenant, '/usernamepassword/login', body, { origin: tenant.url })).status).toBe(400);
    const forged = await send(tenant, '/login/callback', {
      method: 'POST',
      ...form({ wa: 'wsignin1.0', wresult: String(config['state']) }),
    });
    expect(forged.status).toBe(400);
  });

  it('escapes what it echoes into the page (login_hint)', async () => {
    const page = await send(tenant, authorizePath(implicitParams({ login_hint: '"><script>alert(1)</script>' })));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('value="&#34;&#62;&#60;script&#62;');
  });
});
