import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, generateKeyPair, importJWK, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CNAME_API_KEY,
  EXAMPLE_API,
  MGMT_GLOBAL,
  MGMT_LOCAL,
  WEB_MTLS_CLIENT_ID,
  WEB_PRIVATE_KEY_JWT_CLIENT_ID,
  WEB_SECRET_BASIC,
  WEB_SECRET_POST,
  webMtlsCertificate,
  webPrivateKeyJwk,
} from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { startTenantWithKeys } from '../testing/test-tenant.js';
import { postForm, postJson, send } from '../testing/test-client.js';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const cc = (extra: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  audience: EXAMPLE_API.identifier,
  ...extra,
});

describe('/oauth/token client authentication', () => {
  let tenant: RunningTenant;
  let jwks: JWTVerifyGetKey;

  beforeAll(async () => ({ tenant, jwks } = await startTenantWithKeys()));
  afterAll(() => tenant.close());

  async function assertion(claims: Record<string, unknown> = {}, key?: CryptoKey | Uint8Array): Promise<string> {
    const signingKey = key ?? (await importJWK(webPrivateKeyJwk(), 'RS256'));
    const now = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      iss: WEB_PRIVATE_KEY_JWT_CLIENT_ID,
      sub: WEB_PRIVATE_KEY_JWT_CLIENT_ID,
      aud: `${tenant.url}/oauth/token`,
      iat: now,
      exp: now + 60,
      jti: randomUUID(),
      ...claims,
    };
    for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: webPrivateKeyJwk()['kid'] ?? '' })
      .sign(signingKey);
  }

  it('client_secret_post: issues a client-credentials JWT with every claim', async () => {
    const reply = await postJson(
      tenant,
      '/oauth/token',
      cc({ client_id: WEB_SECRET_POST.clientId, client_secret: WEB_SECRET_POST.clientSecret }),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const body = reply.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['access_token', 'scope', 'expires_in', 'token_type']);
    expect(body).toMatchObject({ scope: 'read:things write:things', expires_in: 7200, token_type: 'Bearer' });
    const { payload, protectedHeader } = await jwtVerify(String(body['access_token']), jwks, {
      issuer: tenant.issuer,
      audience: EXAMPLE_API.identifier,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: 'web-secret-post@clients',
      azp: 'web-secret-post',
      scope: 'read:things write:things',
      gty: 'client-credentials',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(7200);
  });

  it('client_secret_post: refuses a wrong or missing secret and other methods', async () => {
    const wrong = await postJson(
      tenant,
      '/oauth/token',
      cc({ client_id: WEB_SECRET_POST.clientId, client_secret: 'nope-nope' }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    const missing = await postJson(tenant, '/oauth/token', cc({ client_id: WEB_SECRET_POST.clientId }));
    expect(missing.status).toBe(401);
    expect(missing.json()).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringContaining('client_secret_post'),
    });
    const basic = Buffer.from(`${WEB_SECRET_POST.clientId}:${WEB_SECRET_POST.clientSecret}`).toString('base64');
    const viaBasic = await postJson(tenant, '/oauth/token', cc(), { authorization: `Basic ${basic}` });
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic /);
    const unknown = await postJson(
      tenant,
      '/oauth/token',
      cc({ client_id: 'nobody', client_secret: 'whatever-secret' }),
    );
    expect(unknown.status).toBe(401);
  });

  it('client_secret_basic: accepts the header (form-encoded id and secret), refuses body secrets and mixes', async () => {
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const ok = await postForm(tenant, '/oauth/token', cc(), {
      authorization: basic(WEB_SECRET_BASIC.clientId, WEB_SECRET_BASIC.clientSecret),
    });
    expect(ok.status).toBe(200);
    expect(decodeJwt(String((ok.json() as Record<string, unknown>)['access_token'])).sub).toBe(
      'web-secret-basic@clients',
    );
    const wrong = await postForm(tenant, '/oauth/token', cc(), {
      authorization: basic(WEB_SECRET_BASIC.clientId, 'wrong-secret'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const inBody = await postForm(
      tenant,
      '/oauth/token',
      cc({ client_id: WEB_SECRET_BASIC.clientId, client_secret: WEB_SECRET_BASIC.clientSecret }),
    );
    expect(inBody.status).toBe(401);
    const both = await postForm(tenant, '/oauth/token', cc({ client_secret: 'x' }), {
      authorization: basic(WEB_SECRET_BASIC.clientId, WEB_SECRET_BASIC.clientSecret),
    });
    expect(both.status).toBe(400);
    expect(both.json()).toMatchObject({ error: 'invalid_request' });
    const mismatch = await postForm(tenant, '/oauth/token', cc({ client_id: 'other' }), {
      authorization: basic(WEB_SECRET_BASIC.clientId, WEB_SECRET_BASIC.clientSecret),
    });
    expect(mismatch.status).toBe(400);
    const garbage = await postForm(tenant, '/oauth/token', cc(), { authorization: 'Basic !!!' });
    expect(garbage.status).toBe(401);
  });

  it('private_key_jwt: verifies the assertion and never accepts a jti twice', async () => {
    const jwt = await assertion();
    const body = cc({ client_assertion_type: ASSERTION_TYPE, client_assertion: jwt });
    const ok = await postJson(tenant, '/oauth/token', body);
    expect(ok.status).toBe(200);
    expect(decodeJwt(String((ok.json() as Record<string, unknown>)['access_token'])).sub).toBe(
      `${WEB_PRIVATE_KEY_JWT_CLIENT_ID}@clients`,
    );
    const replay = await postJson(tenant, '/oauth/token', body);
    expect(replay.status).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('jti') });
    // client_id may be given too, and must then name the same client.
    const withId = await postJson(
      tenant,
      '/oauth/token',
      cc({
        client_id: WEB_PRIVATE_KEY_JWT_CLIENT_ID,
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: await assertion(),
      }),
    );
    expect(withId.status).toBe(200);
  });

  it('private_key_jwt: refuses wrong audience, expiry, issuer, key, missing jti or type', async () => {
    const other = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, Record<string, string>]> = [
      [
        'wrong aud',
        {
          client_assertion_type: ASSERTION_TYPE,
          client_assertion: await assertion({ aud: 'https://elsewhere.example/token' }),
        },
      ],
      ['expired', { client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion({ exp: now - 10 }) }],
      [
        'iss differs',
        { client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion({ iss: 'someone-else' }) },
      ],
      ['other key', { client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion({}, other.privateKey) }],
      ['no jti', { client_assertion_type: ASSERTION_TYPE, client_assertion: await assertion({ jti: undefined }) }],
      ['wrong type', { client_assertion_type: 'urn:x', client_assertion: await assertion() }],
      ['no assertion', { client_id: WEB_PRIVATE_KEY_JWT_CLIENT_ID, client_assertion_type: ASSERTION_TYPE }],
      ['secret instead', { client_id: WEB_PRIVATE_KEY_JWT_CLIENT_ID, client_secret: 'web-private-key-jwt-secret' }],
    ];
    for (const [name, extra] of cases) {
      const reply = await postJson(tenant, '/oauth/token', cc(extra));
      expect(reply.status, name).toBe(401);
      expect(reply.json(), name).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('mTLS: needs the cname-api-key, a CA-verified matching certificate, and binds the token', async () => {
    const cert = encodeURIComponent(webMtlsCertificate());
    const headers = {
      'cname-api-key': CNAME_API_KEY,
      'client-certificate': cert,
      'client-certificate-ca-verified': 'SUCCESS',
    };
    const body = cc({ client_id: WEB_MTLS_CLIENT_ID });
    const ok = await postJson(tenant, '/oauth/token', body, headers);
    expect(ok.status).toBe(200);
    const payload = decodeJwt(String((ok.json() as Record<string, unknown>)['access_token']));
    expect(payload['cnf']).toEqual({ 'x5t#S256': expect.stringMatching(/^[\w-]{43}$/) });
    const { certPem: otherCert } = await startQuickTenant({}).then(async (t) => {
      await t.close();
      return t;
    });
    const cases: Array<[string, Record<string, string>]> = [
      ['no headers', {}],
      ['wrong key', { ...headers, 'cname-api-key': 'wrong-key-value' }],
      ['not verified', { ...headers, 'client-certificate-ca-verified': 'FAILED:self signed' }],
      ['no certificate', { 'cname-api-key': CNAME_API_KEY, 'client-certificate-ca-verified': 'SUCCESS' }],
      ['other certificate', { ...headers, 'client-certificate': encodeURIComponent(otherCert ?? '') }],
      ['garbage certificate', { ...headers, 'client-certificate': 'not-a-cert' }],
    ];
    for (const [name, h] of cases) {
      const reply = await postJson(tenant, '/oauth/token', body, h);
      expect(reply.status, name).toBe(401);
      expect(reply.json(), name).toMatchObject({ error: 'invalid_client' });
    }
    // Other clients still authenticate their own way through the edge (valid key).
    const post = await postJson(
      tenant,
      '/oauth/token',
      cc({ client_id: WEB_SECRET_POST.clientId, client_secret: WEB_SECRET_POST.clientSecret }),
      { 'cname-api-key': CNAME_API_KEY },
    );
    expect(post.status).toBe(200);
  });

  it('client credentials for the Management API: catalogue, grants and invalid_scope', async () => {
    const audience = `${tenant.issuer}api/v2/`;
    const global = {
      grant_type: 'client_credentials',
      audience,
      client_id: MGMT_GLOBAL.clientId,
      client_secret: MGMT_GLOBAL.clientSecret,
    };
    const some = await postForm(tenant, '/oauth/token/', {
      ...global,
      scope: 'read:user_attribute_profiles read:users',
    });
    expect(some.status).toBe(200);
    const payload = decodeJwt(String((some.json() as Record<string, unknown>)['access_token']));
    expect(payload).toMatchObject({
      aud: audience,
      sub: 'mgmt-global@clients',
      azp: 'mgmt-global',
      scope: 'read:user_attribute_profiles read:users',
      gty: 'client-credentials',
    });
    const all = (await postForm(tenant, '/oauth/token/', global)).json() as Record<string, unknown>;
    expect(String(all['scope']).split(' ')).toEqual(
      expect.arrayContaining(['create:users', 'read:current_user', 'delete:current_user_metadata']),
    );
    const notInCatalogue = await postForm(tenant, '/oauth/token/', { ...global, scope: 'read:users fly:rockets' });
    expect(notInCatalogue.status).toBe(400);
    expect(notInCatalogue.json()).toMatchObject({ error: 'invalid_scope' });
    const local = { ...global, client_id: MGMT_LOCAL.clientId, client_secret: MGMT_LOCAL.clientSecret };
    expect((await postForm(tenant, '/oauth/token/', { ...local, scope: 'read:users' })).json()).toMatchObject({
      error: 'invalid_scope',
    });
    expect((await postForm(tenant, '/oauth/token/', local)).json()).toMatchObject({
      scope: 'read:user_attribute_profiles',
    });
    const noGrant = await postForm(tenant, '/oauth/token', { ...local, audience: EXAMPLE_API.identifier });
    expect(noGrant.status).toBe(403);
    expect(noGrant.json()).toMatchObject({ error: 'access_denied' });
    const unknownApi = await postForm(tenant, '/oauth/token', { ...global, audience: 'https://nowhere.example/' });
    expect(unknownApi.json()).toMatchObject({
      error: 'access_denied',
      error_description: 'Service not found: https://nowhere.example/',
    });
    const noAudience = await postForm(tenant, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: MGMT_GLOBAL.clientId,
      client_secret: MGMT_GLOBAL.clientSecret,
    });
    expect(noAudience.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses grants a client is not registered for', async () => {
    const spa = await postJson(tenant, '/oauth/token', cc({ client_id: 'spa-client' }));
    expect(spa.status).toBe(400);
    expect(spa.json()).toMatchObject({ error: 'unauthorized_client' });
    const m2mPassword = await postJson(tenant, '/oauth/token', {
      grant_type: 'password',
      username: 'alice@example.com',
      password: 'Passw0rd!alice',
      client_id: MGMT_GLOBAL.clientId,
      client_secret: MGMT_GLOBAL.clientSecret,
    });
    expect(m2mPassword.json()).toMatchObject({ error: 'unauthorized_client' });
  });

  it('rejects malformed requests with a JSON error and no 500', async () => {
    const cases: Array<[string, { headers?: Record<string, string>; body?: string | Buffer }, number, string]> = [
      ['no body', {}, 400, 'invalid_request'],
      ['text body', { headers: { 'content-type': 'text/plain' }, body: 'grant_type=x' }, 415, 'invalid_request'],
      ['bad JSON', { headers: { 'content-type': 'application/json' }, body: '{"grant_type":' }, 400, 'invalid_request'],
      ['JSON array', { headers: { 'content-type': 'application/json' }, body: '[]' }, 400, 'invalid_request'],
      [
        'duplicate JSON key',
        {
          headers: { 'content-type': 'application/json' },
          body: '{"grant_type":"client_credentials","grant_type":"password"}',
        },
        400,
        'invalid_request',
      ],
      [
        'repeated form field',
        { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=a&grant_type=b' },
        400,
        'invalid_request',
      ],
      [
        'invalid UTF-8',
        {
          headers: { 'content-type': 'application/json' },
          body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
        },
        400,
        'invalid_request',
      ],
      ['no grant_type', { headers: { 'content-type': 'application/json' }, body: '{}' }, 400, 'invalid_request'],
      [
        'unknown grant',
        { headers: { 'content-type': 'application/json' }, body: '{"grant_type":"magic"}' },
        400,
        'unsupported_grant_type',
      ],
      [
        'unknown parameter',
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...cc({ client_id: 'web-secret-post', client_secret: 'web-secret-post-secret' }),
            colour: 'blue',
          }),
        },
        400,
        'invalid_request',
      ],
      [
        'number value',
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...cc({ client_id: 'web-secret-post' }), client_secret: 42 }),
        },
        400,
        'invalid_request',
      ],
      [
        'huge body',
        {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ grant_type: 'x', pad: 'a'.repeat(101 * 1024) }),
        },
        413,
        'request_too_large',
      ],
    ];
    for (const [name, opts, status, error] of cases) {
      const reply = await send(tenant, '/oauth/token', { method: 'POST', ...opts });
      expect(reply.status, name).toBe(status);
      expect(reply.json(), name).toMatchObject({ error, error_description: expect.any(String) });
    }
  });

  it('answers CORS for web origins, preflight included', async () => {
    const origin = 'http://localhost:5173';
    const pre = await send(tenant, '/oauth/token', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(origin);
    const reply = await postJson(tenant, '/oauth/token', { grant_type: 'magic' }, { origin });
    expect(reply.headers['access-control-allow-origin']).toBe(origin);
    const foreign = await postJson(tenant, '/oauth/token', { grant_type: 'magic' }, { origin: 'https://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
