import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { ALICE } from '../testing/fixtures.js';
import { CookieJar, authorizePath, hostedConfigOf, implicitParams, logIn, send } from '../testing/test-client.js';

describe('HTTPS tenant', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant();
  });
  afterAll(() => tenant.close());

  it('is HTTPS by default with a fresh self-signed certificate for localhost and 127.0.0.1', () => {
    expect(tenant.url).toBe(`https://localhost:${tenant.port}`);
    expect(tenant.certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const cert = new X509Certificate(tenant.certPem ?? '');
    expect(cert.subject).toContain('CN=localhost');
    expect(cert.subjectAltName).toContain('DNS:localhost');
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
    const lifetimeDays = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / 86_400_000;
    expect(lifetimeDays).toBeCloseTo(2, 0);
    expect(cert.checkHost('localhost')).toBe('localhost');
  });

  it('answers when its certificate is trusted as CA', async () => {
    const reply = await send(tenant, '/.well-known/jwks.json', { ca: tenant.certPem ?? '' });
    expect(reply.status).toBe(200);
    expect((reply.json() as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('is rejected by a client that does not trust the certificate', async () => {
    await expect(send(tenant, '/.well-known/jwks.json')).rejects.toThrow(/self[- ]signed/i);
  });

  it('runs the login flow and sets a SameSite=None; Secure; HttpOnly session cookie', async () => {
    const jar = new CookieJar();
    const credentials = { username: ALICE.email, password: ALICE.password };
    const reply = await logIn(tenant, implicitParams(), jar, credentials, tenant.certPem);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/callback#access_token=/);
    const cookie = reply.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^webauth_tenant_session=[\w-]{20,};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=None/);
    expect(cookie).toMatch(/; Secure/);
  });

  it('configures the hosted page with host:port, so the library takes its hosted-page path', async () => {
    const page = await send(tenant, authorizePath(implicitParams()), { ca: tenant.certPem });
    expect(hostedConfigOf(page.text)['domain']).toBe(tenant.domain);
  });
});
