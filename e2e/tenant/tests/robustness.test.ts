import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { authorizePath, hostedConfigOf, implicitParams, send, sendAdmin } from '../testing/test-client.js';
import { failOnConsoleError } from '../testing/test-tenant.js';

/** Send raw bytes and collect whatever comes back until the server closes or a timeout. */
function raw(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(data));
    let out = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('robustness', () => {
  let tenant: RunningTenant;
  // No input in this file may reach the "unexpected error" path.
  failOnConsoleError();
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  afterAll(() => tenant.close());

  async function stillAlive(): Promise<void> {
    expect((await send(tenant, '/.well-known/jwks.json')).status).toBe(200);
  }

  it('answers unknown paths with 404 JSON and wrong methods with 405', async () => {
    const missing = await send(tenant, '/nope?x=1');
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    const wrongMethod = await send(tenant, '/authorize', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET');
  });

  it('rejects bad percent-encoding in the query with 400', async () => {
    const reply = await send(tenant, '/authorize?client_id=%E0%A4%A&redirect_uri=%zz');
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_request' });
    await stillAlive();
  });

  it('rejects bad form encoding and invalid UTF-8 in bodies with 400', async () => {
    const reply = await send(tenant, '/login/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'wa=wsignin1.0&wresult=%FF%FE&x=%',
    });
    expect(reply.status).toBe(400);
    const utf8 = await send(tenant, '/co/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from([0x69, 0x64, 0x3d, 0xc3, 0x28]),
    });
    expect(utf8.status).toBe(400);
    expect(utf8.json()).toMatchObject({ error: 'invalid_request' });
    await stillAlive();
  });

  it('rejects the wrong content type with 415 and malformed JSON with 400', async () => {
    const page = await send(tenant, authorizePath(implicitParams()));
    const reply = await send(tenant, '/usernamepassword/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: String(hostedConfigOf(page.text)['state']) }).toString(),
    });
    expect(reply.status).toBe(415);
    const broken = await send(tenant, '/usernamepassword/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"state":',
    });
    expect(broken.status).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('rejects bodies over 100 KB with 413', async () => {
    const reply = await send(tenant, '/dbconnections/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `tx=x&username=${'a'.repeat(101 * 1024)}`,
    });
    expect(reply.status).toBe(413);
    expect(reply.json()).toMatchObject({ error: 'request_too_large' });
    await stillAlive();
  });

  it('refuses repeated client_id or redirect_uri without redirecting', async () => {
    const reply = await send(
      tenant,
      `${authorizePath(implicitParams())}&redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
  });

  it('survives raw protocol garbage and odd request targets', async () => {
    const garbage = await raw(tenant.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    const authority = await raw(
      tenant.port,
      'GET //evil.example/authorize HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(authority).toMatch(/^HTTP\/1\.1 404/);
    const absolute = await raw(
      tenant.port,
      'GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 400/);
    const aborted = await raw(
      tenant.port,
      'POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\nshort',
    );
    // Node's parser answers the truncated request itself; the tenant must not report a fault.
    expect(aborted).not.toMatch(/^HTTP\/1\.1 5/);
    await stillAlive();
  });

  it('records requests that were rejected as malformed', async () => {
    await sendAdmin(tenant, '/__admin/reset', { method: 'POST' });
    await send(tenant, '/userinfo?bad=%zz');
    expect(tenant.requests).toHaveLength(1);
    expect(tenant.requests[0]).toMatchObject({ method: 'GET', path: '/userinfo', query: { bad: '%zz' } });
  });
});
