import { afterEach, describe, expect, it } from 'vitest';
import { ALICE } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RecordedRequest, RunningTenant } from '../server/server.js';
import {
  CookieJar,
  authorizePath,
  fragmentOf,
  hostedConfigOf,
  hostedLoginBody,
  implicitParams,
  logIn,
  postJson,
  send,
  sendAdmin,
} from '../testing/test-client.js';

const ALICE_CREDENTIALS = { username: ALICE.email, password: ALICE.password };

describe('/__admin endpoints', () => {
  let tenant: RunningTenant | undefined;
  afterEach(async () => {
    await tenant?.close();
    tenant = undefined;
  });

  it('keep no request log with recordRequests: false (what the CLI does without --test-endpoints)', async () => {
    tenant = await startQuickTenant({ http: true, recordRequests: false });
    expect((await send(tenant, '/.well-known/openid-configuration')).status).toBe(200);
    expect((await send(tenant, '/nowhere')).status).toBe(404);
    expect(tenant.requests).toEqual([]);
  });

  it('are 404 without testEndpoints, though requests are still recorded in memory', async () => {
    tenant = await startQuickTenant({ http: true });
    const list = await send(tenant, '/__admin/requests');
    expect(list.status).toBe(404);
    expect(list.json()).toMatchObject({ error: 'not_found' });
    expect((await send(tenant, '/__admin/reset', { method: 'POST' })).status).toBe(404);
    await send(tenant, '/.well-known/jwks.json');
    expect(tenant.requests.map((r) => r.path)).toEqual(['/.well-known/jwks.json']);
  });

  it('list every non-admin request in order with query, headers and parsed body', async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    const page = await send(tenant, authorizePath(implicitParams()), { headers: { 'auth0-client': 'abc' } });
    await postJson(
      tenant,
      '/usernamepassword/login',
      hostedLoginBody(hostedConfigOf(page.text), { username: 'alice@example.com', password: 'nope' }),
    );

    const reply = await sendAdmin(tenant, '/__admin/requests', { headers: { origin: 'http://localhost:3000' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    const recorded = reply.json() as RecordedRequest[];
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /authorize', 'POST /usernamepassword/login']);
    const [authorizeReq, loginReq] = recorded;
    expect(authorizeReq?.query).toEqual(implicitParams());
    expect(authorizeReq?.headers['auth0-client']).toBe('abc');
    expect(authorizeReq?.body).toBeNull();
    expect(loginReq?.body).toMatchObject({ username: 'alice@example.com', password: 'nope', client_id: 'spa-client' });
    expect(loginReq?.headers['content-type']).toBe('application/json');
    expect(typeof loginReq?.time).toBe('number');
    // The live array on RunningTenant holds the same data.
    expect(JSON.parse(JSON.stringify(tenant.requests))).toEqual(recorded);
  });

  it('reset clears requests, sessions and pending transactions, and undoes signups', async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const pending = await send(tenant, authorizePath(implicitParams({ prompt: 'login' })), { headers: jar.header() });
    const pendingLogin = hostedLoginBody(hostedConfigOf(pending.text), ALICE_CREDENTIALS);
    const liveArray = tenant.requests;
    expect(liveArray.length).toBeGreaterThan(0);

    const signupBody = {
      client_id: 'spa-client',
      connection: 'Username-Password-Authentication',
      email: 'new@example.com',
      password: 'Sup3r-secret',
    };
    expect((await postJson(tenant, '/dbconnections/signup', signupBody)).status).toBe(200);
    expect((await postJson(tenant, '/dbconnections/signup', signupBody)).status).toBe(400);
    const reset = await sendAdmin(tenant, '/__admin/reset', {
      method: 'POST',
      headers: { origin: 'https://tests.example' },
    });
    expect(reset.status).toBe(204);
    expect(reset.headers['access-control-allow-origin']).toBeUndefined();
    expect(tenant.requests).toBe(liveArray);
    expect(tenant.requests).toHaveLength(0);
    expect(await sendAdmin(tenant, '/__admin/requests').then((r) => r.json())).toEqual([]);

    const silent = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
    expect((await postJson(tenant, '/dbconnections/signup', signupBody)).status).toBe(200);
    expect(fragmentOf(silent.headers.location).get('error')).toBe('login_required');
    const stale = await postJson(tenant, '/usernamepassword/login', pendingLogin);
    expect(stale.status).toBe(400);
  });

  it('refuse CORS preflights: 403, no CORS header (a browser preflight carries no admin token)', async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    const reply = await send(tenant, '/__admin/reset', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-tenant-admin-token',
      },
    });
    expect(reply.status).toBe(403);
    expect(reply.json()).toMatchObject({ error: 'access_denied' });
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(tenant.requests).toHaveLength(0);
  });

  it('rotate keys: a new kid signs new tokens, the old one stays in the JWKS', async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    const before = (await send(tenant, '/.well-known/jwks.json')).json() as { keys: Array<{ kid: string }> };
    const rotated = await sendAdmin(tenant, '/__admin/rotate-keys', { method: 'POST' });
    expect(rotated.status).toBe(200);
    const { kid, jwks } = rotated.json() as { kid: string; jwks: { keys: Array<{ kid: string }> } };
    expect(jwks.keys.map((k) => k.kid)).toEqual([kid, before.keys[0]?.kid]);
    expect((await send(tenant, '/.well-known/jwks.json')).json()).toEqual(jwks);
    const reply = await logIn(tenant, implicitParams(), new CookieJar(), ALICE_CREDENTIALS);
    const idToken = fragmentOf(reply.headers.location).get('id_token') ?? '';
    expect(JSON.parse(Buffer.from(idToken.split('.')[0] ?? '', 'base64url').toString())).toMatchObject({ kid });
    expect(await tenant.rotateKeys()).not.toBe(kid);
  });
});
