import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, DB_CONNECTION, HS256_CLIENT_ID } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { ALICE_LOGIN, CookieJar, implicitParams, logIn, postJson, send } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost:3000';

describe('/user/ssodata, /user/geoloc/country, /delegation, /oauth/ro, /static', () => {
  let tenant: RunningTenant;

  beforeAll(async () => {
    tenant = await startQuickTenant({
      http: true,
      hostedLibrary: new URL('../../../node_modules/auth0-js/dist/auth0.min.js', import.meta.url).pathname,
    });
  });
  afterAll(() => tenant.close());

  it('ssodata: sso false without a session, the last login with one', async () => {
    const none = await send(tenant, '/user/ssodata', { headers: { origin: ORIGIN } });
    expect(none.json()).toEqual({ sso: false });
    expect(none.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(none.headers['access-control-allow-credentials']).toBe('true');
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_LOGIN);
    await send(
      tenant,
      `/authorize?${new URLSearchParams(implicitParams({ client_id: HS256_CLIENT_ID, prompt: 'none' })).toString()}`,
      { headers: jar.header() },
    );
    const sso = await send(tenant, '/user/ssodata?ldaps=1&client_id=spa-client', { headers: jar.header() });
    expect(sso.json()).toEqual({
      sso: true,
      sessionClients: ['spa-client', HS256_CLIENT_ID],
      lastUsedClientID: HS256_CLIENT_ID,
      lastUsedUsername: ALICE.email,
      lastUsedConnection: { name: DB_CONNECTION, strategy: 'auth0' },
      lastUsedUserID: ALICE.userId,
    });
    expect((await send(tenant, '/user/ssodata?ldaps=yes')).status).toBe(400);
    expect((await send(tenant, '/user/ssodata?client_id=nobody')).status).toBe(400);
    expect((await send(tenant, '/user/ssodata?x=1')).status).toBe(400);
  });

  it('geoloc: the country of the definition', async () => {
    const reply = await send(tenant, '/user/geoloc/country', {
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(reply.json()).toEqual({ country_code: 'US' });
    expect(reply.headers['access-control-allow-origin']).toBe(ORIGIN);
    const pre = await send(tenant, '/user/geoloc/country', {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
  });

  async function idToken(): Promise<string> {
    const reply = await postJson(tenant, '/oauth/token', {
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      client_id: 'spa-client',
      username: ALICE.email,
      password: ALICE.password,
      realm: DB_CONNECTION,
    });
    return String((reply.json() as Json)['id_token']);
  }

  it('delegation: an ID token for a target client from an ID token of the caller', async () => {
    const reply = await postJson(tenant, '/delegation', {
      client_id: 'spa-client',
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      id_token: await idToken(),
      api_type: 'app',
      target: HS256_CLIENT_ID,
      scope: 'openid email',
    });
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 36000 });
    expect(decodeJwt(String(body['id_token']))).toMatchObject({
      sub: ALICE.userId,
      aud: HS256_CLIENT_ID,
      email: ALICE.email,
    });
    const cases: Array<[Json, number, string]> = [
      [{ client_id: 'spa-client', grant_type: 'refresh_token', refresh_token: 'x' }, 400, 'unsupported_grant_type'],
      [
        { client_id: 'spa-client', grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', id_token: 'bad' },
        401,
        'invalid_grant',
      ],
      [
        {
          client_id: HS256_CLIENT_ID,
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          id_token: await idToken(),
        },
        401,
        'invalid_grant',
      ],
      [
        {
          client_id: 'web-secret-post',
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          id_token: await idToken(),
        },
        403,
        'unauthorized_client',
      ],
      [
        {
          client_id: 'spa-client',
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          id_token: await idToken(),
          api_type: 'aws',
        },
        400,
        'invalid_request',
      ],
      [
        {
          client_id: 'spa-client',
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          id_token: await idToken(),
          target: 'nobody',
        },
        400,
        'invalid_request',
      ],
    ];
    for (const [body, status, error] of cases) {
      const r = await postJson(tenant, '/delegation', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.json()).toMatchObject({ error });
    }
  });

  it('oauth/ro: database passwords and passwordless codes, legacy errors', async () => {
    const ok = await postJson(tenant, '/oauth/ro', {
      client_id: 'spa-client',
      username: BOB.email,
      password: BOB.password,
      connection: DB_CONNECTION,
      scope: 'openid email',
      device: 'dev',
      grant_type: 'password',
    });
    expect(ok.status).toBe(200);
    const body = ok.json() as Json;
    expect(body['token_type']).toBe('bearer');
    expect(decodeJwt(String(body['id_token']))).toMatchObject({ sub: BOB.userId, email: BOB.email });
    await postJson(tenant, '/passwordless/start', {
      client_id: 'spa-client',
      connection: 'sms',
      send: 'code',
      phone_number: '+15557654321',
    });
    const code = tenant.outbox.at(-1)?.code ?? '';
    const sms = await postJson(tenant, '/oauth/ro', {
      client_id: 'spa-client',
      username: '+15557654321',
      password: code,
      connection: 'sms',
      scope: 'openid phone',
      grant_type: 'password',
    });
    expect(decodeJwt(String((sms.json() as Json)['id_token']))).toMatchObject({
      phone_number: '+15557654321',
      phone_number_verified: true,
    });
    const wrong = await postJson(tenant, '/oauth/ro', {
      client_id: 'spa-client',
      username: BOB.email,
      password: 'nope',
      connection: DB_CONNECTION,
      grant_type: 'password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_user_password', error_description: 'Wrong email or password.' });
    expect(
      (
        await postJson(tenant, '/oauth/ro', {
          client_id: 'web-secret-post',
          username: BOB.email,
          password: BOB.password,
          connection: DB_CONNECTION,
          grant_type: 'password',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await postJson(tenant, '/oauth/ro', {
          client_id: 'spa-client',
          username: BOB.email,
          password: BOB.password,
          connection: 'nope',
          grant_type: 'password',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await postJson(tenant, '/oauth/ro', {
          client_id: 'spa-client',
          username: BOB.email,
          password: BOB.password,
          connection: DB_CONNECTION,
          grant_type: 'client_credentials',
        })
      ).status,
    ).toBe(400);
  });

  it('static: serves the hosted page library and scripts as JavaScript, nothing else', async () => {
    const lib = await send(tenant, '/static/webauth.min.js');
    expect(lib.status).toBe(200);
    expect(lib.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(lib.headers['cache-control']).toBe('no-cache');
    expect(lib.text.length).toBeGreaterThan(10_000);
    expect((await send(tenant, '/static/hosted-login.js')).text).toContain('hosted-config');
    expect((await send(tenant, '/static/co-verify.js')).text).toContain('co_verifier_request');
    expect((await send(tenant, '/static/../server.ts')).status).toBe(404);
    expect((await send(tenant, '/static/other.js')).status).toBe(404);
    const missing = await startQuickTenant({ http: true, hostedLibrary: '/nonexistent/webauth.min.js' });
    try {
      const reply = await send(missing, '/static/webauth.min.js');
      expect(reply.status).toBe(503);
      expect(reply.json()).toMatchObject({ error_description: expect.stringContaining('npm run build') });
    } finally {
      await missing.close();
    }
  });
});
