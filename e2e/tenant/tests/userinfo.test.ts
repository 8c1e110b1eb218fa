import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, HS256_CLIENT_ID } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { startTenant, type RunningTenant } from '../server/server.js';
import { CookieJar, fragmentOf, implicitParams, logIn, send } from '../testing/test-client.js';

const ALICE_CREDENTIALS = { username: ALICE.email, password: ALICE.password };

describe('/userinfo', () => {
  let tenant: RunningTenant;
  let accessToken: string;

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
    const reply = await logIn(tenant, implicitParams(), new CookieJar(), ALICE_CREDENTIALS);
    accessToken = fragmentOf(reply.headers.location).get('access_token') ?? '';
  });
  afterAll(() => tenant.close());

  it('returns the profile for a valid access token', async () => {
    const reply = await send(tenant, '/userinfo', { headers: { authorization: `Bearer ${accessToken}` } });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      sub: 'auth0|alice',
      name: 'Alice Example',
      nickname: 'alice',
      picture: `${tenant.url}/avatars/alice.svg`,
      updated_at: ALICE.updatedAt,
      email: 'alice@example.com',
      email_verified: true,
    });
  });

  it('reflects a registered Origin and not an unknown one', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const ok = await send(tenant, '/userinfo', { headers: { ...auth, origin: 'http://localhost:5173' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(ok.headers.vary).toBe('Origin');
    const evil = await send(tenant, '/userinfo', { headers: { ...auth, origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS preflight for registered web origins only', async () => {
    const preflight = {
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, auth0-client',
    };
    const ok = await send(tenant, '/userinfo', {
      method: 'OPTIONS',
      headers: { ...preflight, origin: 'http://127.0.0.1:8080' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(ok.headers['access-control-allow-headers']).toBe(
      'Content-Type, Auth0-Client, Authorization, X-Request-Language, DPoP',
    );
    expect(ok.headers['access-control-allow-methods']).toContain('GET');
    const denied = await send(tenant, '/userinfo', {
      method: 'OPTIONS',
      headers: { ...preflight, origin: 'https://evil.example' },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rejects missing, malformed, tampered and foreign tokens with 401 invalid_token', async () => {
    const [header, payload] = accessToken.split('.');
    const forged = await new SignJWT({ sub: 'auth0|alice', scope: 'openid' })
      .setProtectedHeader({ alg: 'RS256', kid: 'whatever' })
      .setIssuer(tenant.issuer)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign((await generateKeyPair('RS256')).privateKey);
    const headers: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${header}.${payload}.AAAA` },
      { authorization: `Bearer ${forged}` },
    ];
    for (const h of headers) {
      const reply = await send(tenant, '/userinfo', { headers: h });
      expect(reply.status, JSON.stringify(h)).toBe(401);
      expect(reply.json()).toMatchObject({ error: 'invalid_token', error_description: expect.any(String) });
      expect(reply.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('rejects an HS256 ID token used as a bearer token', async () => {
    const reply = await logIn(
      tenant,
      implicitParams({ client_id: HS256_CLIENT_ID }),
      new CookieJar(),
      ALICE_CREDENTIALS,
    );
    const idToken = fragmentOf(reply.headers.location).get('id_token') ?? '';
    const res = await send(tenant, '/userinfo', { headers: { authorization: `Bearer ${idToken}` } });
    expect(res.status).toBe(401);
  });

  it('rejects a token from another tenant instance (different key)', async () => {
    const other = await startTenant({ http: true }); // its own key, not the shared one
    try {
      const reply = await logIn(other, implicitParams(), new CookieJar(), ALICE_CREDENTIALS);
      const foreign = fragmentOf(reply.headers.location).get('access_token') ?? '';
      const res = await send(tenant, '/userinfo', { headers: { authorization: `Bearer ${foreign}` } });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
