import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { CookieJar, authorizePath, fragmentOf, implicitParams, logIn, send } from '../testing/test-client.js';

const ALICE_CREDENTIALS = { username: ALICE.email, password: ALICE.password };

async function silentError(tenant: RunningTenant, jar: CookieJar): Promise<string | null> {
  const reply = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: jar.header() });
  return fragmentOf(reply.headers.location).get('error');
}

describe('/v2/logout', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('clears the session and redirects to an allowed returnTo', async () => {
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const before = jar.header();
    expect(await silentError(tenant, jar)).toBeNull();

    const returnTo = 'http://localhost:3000/logged-out?x=1';
    const reply = await send(tenant, `/v2/logout?${new URLSearchParams({ client_id: 'spa-client', returnTo })}`, {
      headers: jar.header(),
    });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(returnTo);
    expect(reply.headers['set-cookie']?.[0]).toMatch(/^webauth_tenant_session=;.*Max-Age=0/);
    jar.store(reply);
    expect(await silentError(tenant, jar)).toBe('login_required');
    // Even replaying the old cookie does not bring the session back: it was removed server side.
    const replay = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: before });
    expect(fragmentOf(replay.headers.location).get('error')).toBe('login_required');
  });

  it('does not redirect to a returnTo outside the allowed logout URLs', async () => {
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_CREDENTIALS);
    const reply = await send(
      tenant,
      `/v2/logout?client_id=spa-client&returnTo=${encodeURIComponent('https://evil.example/')}`,
      {
        headers: jar.header(),
      },
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.text).toContain('https://evil.example/');
    expect(await silentError(tenant, jar)).toBe('login_required');
  });

  it('uses the tenant-level list without client_id and shows a page without returnTo', async () => {
    const ok = await send(tenant, `/v2/logout?returnTo=${encodeURIComponent('http://127.0.0.1:9999/')}`);
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe('http://127.0.0.1:9999/');
    const plain = await send(tenant, '/v2/logout');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
    expect(plain.text).toContain('logged out');
    const unknown = await send(
      tenant,
      `/v2/logout?client_id=nope&returnTo=${encodeURIComponent('http://127.0.0.1:9999/')}`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
  });

  it('refuses header injection, unknown and repeated parameters, and keeps the federated flag', async () => {
    const injected = `/v2/logout?client_id=spa-client&returnTo=${encodeURIComponent('http://localhost:3000/\r\nSet-Cookie: pwned=1')}`;
    const reply = await send(tenant, injected);
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(String(reply.headers['set-cookie'])).not.toContain('pwned');
    const encodedLf = await send(tenant, '/v2/logout?returnTo=http%3A%2F%2Flocalhost%3A3000%2F%0aX-Evil%3A1');
    expect(encodedLf.status).toBe(400);
    expect(encodedLf.headers['x-evil']).toBeUndefined();
    expect((await send(tenant, '/v2/logout?colour=blue')).status).toBe(400);
    expect((await send(tenant, '/v2/logout?returnTo=a&returnTo=b')).status).toBe(400);
    const federated = await send(
      tenant,
      `/v2/logout?client_id=spa-client&returnTo=${encodeURIComponent('http://localhost:3000/')}&federated`,
    );
    expect(federated.status).toBe(302);
  });

  it('refuses a redirect_uri with line breaks at /authorize as a page, never a redirect', async () => {
    const reply = await send(
      tenant,
      authorizePath(implicitParams({ redirect_uri: 'http://localhost:3000/cb\r\nX-Evil: 1' })),
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.headers['x-evil']).toBeUndefined();
  });
});
