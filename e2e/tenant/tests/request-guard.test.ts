/**
 * The Host check on every route and the admin token on the test endpoints (issue 53, finding 1):
 * a page whose DNS name is rebound to 127.0.0.1 reaches the tenant's socket with its own name in
 * `Host`, and a page of any origin can send a request it cannot read. The browser side is in
 * request-guard.spec.ts.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_DOMAIN } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { ADMIN_TOKEN_HEADER } from '../protocol/request-guard.js';
import { adminHeader, authorizePath, implicitParams, postJson, send, sendAdmin } from '../testing/test-client.js';
import type { Reply } from '../testing/test-client.js';

function expectRefused(reply: Reply, what: string): void {
  expect(reply.status, what).toBe(403);
  expect(reply.json(), what).toMatchObject({ error: 'access_denied', error_description: expect.any(String) });
  expect(reply.headers['access-control-allow-origin'], what).toBeUndefined();
}

/** One request over a raw socket (what `send` cannot: no Host header at all); resolves at close. */
function raw(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(data));
    let out = '';
    socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('Host check', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({
      http: true,
      host: 'auth.localtest',
      testEndpoints: true,
      allowedHosts: ['Proxy.Example'],
    });
  });
  afterAll(() => tenant.close());

  it('refuses every route under a Host that is not the tenant, before anything is recorded', async () => {
    const rebound = { host: `rebound.attacker.example:${tenant.port}`, origin: 'http://rebound.attacker.example' };
    const replies: Array<[string, Reply]> = [
      ['discovery', await send(tenant, '/.well-known/openid-configuration', { headers: rebound })],
      ['authorize', await send(tenant, authorizePath(implicitParams()), { headers: rebound })],
      ['token', await postJson(tenant, '/oauth/token', { grant_type: 'password' }, rebound)],
      ['management', await send(tenant, '/api/v2/users/auth0%7Calice', { headers: rebound })],
      ['admin', await sendAdmin(tenant, '/__admin/requests', { headers: rebound })],
      ['unknown path', await send(tenant, '/nowhere', { headers: rebound })],
      ['userinfo credentials', await send(tenant, '/userinfo', { headers: { host: 'evil.example@localhost' } })],
      ['path in host', await send(tenant, '/userinfo', { headers: { host: 'localhost/x' } })],
      ['ipv6 loopback (not bound)', await send(tenant, '/userinfo', { headers: { host: `[::1]:${tenant.port}` } })],
    ];
    for (const [what, reply] of replies) expectRefused(reply, what);
    expect(tenant.requests).toEqual([]);
  });

  it('refuses a request without a Host header (HTTP/1.0)', async () => {
    const answer = await raw(tenant.port, 'GET /.well-known/jwks.json HTTP/1.0\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('"error":"access_denied"');
  });

  it('answers its own names on any port: host, localhost, 127.0.0.1, the custom domain, allowedHosts', async () => {
    for (const host of [
      tenant.domain,
      `localhost:${tenant.port}`,
      `127.0.0.1:${tenant.port}`,
      `LOCALHOST:${tenant.port}`,
      'localhost',
      `localhost.:${tenant.port}`,
      `${CUSTOM_DOMAIN}:443`,
      'proxy.example:8443',
    ]) {
      const reply = await send(tenant, '/.well-known/jwks.json', { headers: { host } });
      expect(reply.status, host).toBe(200);
    }
  });

  it('rejects a start with an allowed host that is not a host name', async () => {
    await expect(startQuickTenant({ http: true, allowedHosts: ['evil.example/path'] })).rejects.toThrow(
      /Invalid host name/,
    );
  });
});

describe('admin token', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  afterAll(() => tenant.close());

  it('is new at every start and long enough not to be guessed', async () => {
    const other = await startQuickTenant({ http: true, testEndpoints: true });
    await other.close();
    expect(tenant.adminToken).toMatch(/^[\w-]{43}$/);
    expect(other.adminToken).not.toBe(tenant.adminToken);
  });

  it('is required on every test endpoint; without it nothing is read or changed', async () => {
    await send(tenant, '/.well-known/jwks.json');
    const wrong = { [ADMIN_TOKEN_HEADER]: `${tenant.adminToken.slice(0, -1)}x`, origin: 'https://evil.example' };
    for (const headers of [{ origin: 'https://evil.example' }, wrong]) {
      for (const [method, path] of [
        ['GET', '/__admin/requests'],
        ['GET', '/__admin/outbox'],
        ['GET', '/__admin/switches'],
        ['GET', '/__admin/faults'],
        ['POST', '/__admin/reset'],
        ['POST', '/__admin/rotate-keys'],
        ['DELETE', '/__admin/faults'],
        ['OPTIONS', '/__admin/reset'],
      ] as const)
        expectRefused(await send(tenant, path, { method, headers }), `${method} ${path}`);
      const session = await postJson(tenant, '/__admin/sessions', { email: 'alice@example.com' }, headers);
      expectRefused(session, 'POST /__admin/sessions');
      const fault = await postJson(tenant, '/__admin/faults', { path: '/authorize', fault: { kind: 'hang' } }, headers);
      expectRefused(fault, 'POST /__admin/faults');
    }
    expect(tenant.requests.map((r) => r.path)).toEqual(['/.well-known/jwks.json']);
    expect(JSON.parse(tenant.durableSnapshot())).toMatchObject({ sessions: [] });
    expect((await send(tenant, '/.well-known/jwks.json')).json()).toMatchObject({ keys: [expect.anything()] });
  });

  it('lets the token through, and answers no origin', async () => {
    const reply = await sendAdmin(tenant, '/__admin/switches', { headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    const session = await postJson(tenant, '/__admin/sessions', { email: 'alice@example.com' }, adminHeader(tenant));
    expect(session.status).toBe(200);
  });
});
