import { afterEach, describe, expect, it } from 'vitest';
import { ALICE } from './fixtures.js';
import { startTenant } from './server.js';
import type { RecordedRequest, RunningTenant } from './server.js';
import { CookieJar, authorizePath, form, fragmentOf, implicitParams, logIn, send, txOf } from './test-client.js';

const ALICE_CREDENTIALS = { username: ALICE.email, password: ALICE.password };

describe('/__admin endpoints', () => {
  let tenant: RunningTenant | undefined;
  afterEach(async () => {
    await tenant?.close();
    tenant = undefined;
  });

  it('are 404 without testEndpoints, though requests are still recorded in memory', async () => {
    tenant = await startTenant({ http: true });
    const list = await send(tenant, '/__admin/requests');
    expect(list.status).toBe(404);
    expect(list.json()).toMatchObject({ error: 'not_found' });
    expect((await send(tenant, '/__admin/reset', { method: 'POST' })).status).toBe(404);
    await send(tenant, '/.well-known/jwks.json');
    expect(tenant.requests.map((r) => r.path)).toEqual(['/.well-known/jwks.json']);
  });

  it('list every non-admin request in order with query, headers and parsed body', async () => {
    tenant = await startTenant({ http: true, testEndpoints: true });
    const page = await send(tenant, authorizePath(implicitParams()), { headers: { 'auth0-client': 'abc' } });
    const post = form({ tx: txOf(page.text), username: 'alice@example.com', password: 'nope' });
    await send(tenant, '/u/login', { method: 'POST', ...post });

    const reply = await send(tenant, '/__admin/requests');
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    const recorded = reply.json() as RecordedRequest[];
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /authorize', 'POST /u/login']);
    const [authorizeReq, loginReq] = recorded;
    expect(authorizeReq?.query).toEqual(implicitParams());
    expect(authorizeReq?.headers['auth0-client']).toBe('abc');
    expect(authorizeReq?.body).toBeNull();
    expect(loginReq?.body).toMatchObject({ username: 'alice@example.com', password: 'nope' });
    expect(loginReq?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(typeof loginReq?.time).toBe('number');
    // The live array on RunningTenant holds the same data.
    expect(JSON.parse(JSON.stringify(tenant.requests))).toEqual(recorded);
  });

  it('reset clears requests, sessions and pending transactions', async () => {
    tenant = await startTenant({ http: true, testEndpoints: true });
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const pending = await send(tenant, authorizePath(implicitParams({ prompt: 'login' })), { headers: jar.header() });
    const tx = txOf(pending.text);
    const liveArray = tenant.requests;
    expect(liveArray.length).toBeGreaterThan(0);

    const reset = await send(tenant, '/__admin/reset', { method: 'POST' });
    expect(reset.status).toBe(204);
    expect(reset.headers['access-control-allow-origin']).toBe('*');
    expect(tenant.requests).toBe(liveArray);
    expect(tenant.requests).toHaveLength(0);
    expect(await send(tenant, '/__admin/requests').then((r) => r.json())).toEqual([]);

    const silent = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
    expect(fragmentOf(silent.headers.location).get('error')).toBe('login_required');
    const stale = await send(tenant, '/u/login', { method: 'POST', ...form({ tx, ...ALICE_CREDENTIALS }) });
    expect(stale.status).toBe(400);
  });

  it('answer CORS preflight with *', async () => {
    tenant = await startTenant({ http: true, testEndpoints: true });
    const reply = await send(tenant, '/__admin/reset', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(tenant.requests).toHaveLength(0);
  });
});
