/** Faults on demand and reading the outbox, through the helpers tests use. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { authorizePath, fragmentOf, implicitParams, postJson, send, sendAdmin } from '../testing/test-client.js';
import {
  delayKeySet,
  failEndpoint,
  failKeySet,
  forceAuthorizeError,
  hangAuthorize,
  rateLimitEndpoint,
  waitForCode,
  waitForMessage,
  waitForResetLink,
} from './index.js';

const APP_ORIGIN = 'http://localhost:3000';
const REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const ALICE = {
  grant_type: REALM,
  client_id: 'spa-client',
  username: 'alice@example.com',
  password: 'Passw0rd!alice',
  realm: 'Username-Password-Authentication',
  scope: 'openid',
};

describe('faults', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  beforeEach(() => tenant.clearFaults());
  afterAll(() => tenant.close());

  const silent = (cookie: string) =>
    send(tenant, authorizePath(implicitParams({ prompt: 'none' })), { headers: { cookie } });

  it('forces login_required and consent_required at /authorize for a signed-in user, then only as often as asked', async () => {
    const { cookie } = tenant.createSession({ email: 'alice@example.com' });
    const header = `${cookie.name}=${cookie.value}`;
    forceAuthorizeError(tenant, 'login_required', { times: 1 });
    const forced = fragmentOf((await silent(header)).headers.location);
    expect(forced.get('error')).toBe('login_required');
    expect(forced.get('state')).toBe('state-123');
    expect(fragmentOf((await silent(header)).headers.location).get('access_token')).toBeTruthy();
    const remove = forceAuthorizeError(tenant, 'consent_required');
    expect(fragmentOf((await silent(header)).headers.location).get('error')).toBe('consent_required');
    expect(fragmentOf((await silent(header)).headers.location).get('error')).toBe('consent_required');
    remove();
    expect(fragmentOf((await silent(header)).headers.location).get('error')).toBeNull();
  });

  it('holds /authorize without an answer until the tenant closes', async () => {
    const own = await startQuickTenant({ http: true });
    hangAuthorize(own);
    const pending = send(own, authorizePath(implicitParams()));
    let answered = false;
    void pending.then(
      () => (answered = true),
      () => undefined,
    );
    // Recorded means it arrived; the answer it never gets shows when the server closes the socket.
    await expect.poll(() => own.requests.some((r) => r.path === '/authorize')).toBe(true);
    expect(answered).toBe(false);
    await own.close();
    await expect(pending).rejects.toThrow();
  });

  it('answers the key set late or with an error, with CORS for the app', async () => {
    delayKeySet(tenant, 300, { times: 1 });
    const started = Date.now();
    expect((await send(tenant, '/.well-known/jwks.json')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    failKeySet(tenant, 503, { times: 1 });
    const failed = await send(tenant, '/.well-known/jwks.json', { headers: { origin: APP_ORIGIN } });
    expect(failed.status).toBe(503);
    expect(failed.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(failed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect((await send(tenant, '/.well-known/jwks.json')).status).toBe(200);
  });

  it('answers 429 with Retry-After and 5xx on chosen endpoints, leaving preflights and other paths alone', async () => {
    rateLimitEndpoint(tenant, '/oauth/token', { retryAfter: 7, times: 1 });
    const limited = await postJson(tenant, '/oauth/token', ALICE, { origin: APP_ORIGIN });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.headers['access-control-allow-credentials']).toBe('true');
    expect((await postJson(tenant, '/oauth/token', ALICE)).status).toBe(200);

    failEndpoint(tenant, '/userinfo', 502, { method: 'GET' });
    expect((await send(tenant, '/userinfo')).status).toBe(502);
    const preflight = await send(tenant, '/oauth/token', {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(() => failEndpoint(tenant, 'oauth/token', 500)).toThrow(/path/);
    expect(() => failEndpoint(tenant, '/oauth/token', 200)).toThrow(/status/);
  });

  it('is cleared by the reset', async () => {
    const own = await startQuickTenant({ http: true, testEndpoints: true });
    failKeySet(own);
    expect((await send(own, '/.well-known/jwks.json')).status).toBe(503);
    expect((await sendAdmin(own, '/__admin/reset', { method: 'POST' })).status).toBe(204);
    expect((await send(own, '/.well-known/jwks.json')).status).toBe(200);
    await own.close();
  });
});

describe('outbox', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('reads the newest passwordless code, waiting for a message still on its way', async () => {
    const first = postJson(tenant, '/passwordless/start', {
      client_id: 'spa-client',
      connection: 'email',
      send: 'code',
      email: 'pat@example.com',
    });
    const code = await waitForCode(tenant, 'PAT@example.com');
    await first;
    expect(code).toMatch(/^\d{6}$/);
    const after = tenant.outbox.length;
    await postJson(tenant, '/passwordless/start', {
      client_id: 'spa-client',
      connection: 'email',
      send: 'code',
      email: 'pat@example.com',
    });
    expect(await waitForCode(tenant, 'pat@example.com', { after })).toBe(tenant.outbox.at(-1)?.code);
    await expect(waitForMessage(tenant, { to: 'nobody@example.com' }, { timeout: 50 })).rejects.toThrow(/nobody/);
  });

  it('reads the password-reset link', async () => {
    await postJson(tenant, '/dbconnections/change_password', {
      client_id: 'spa-client',
      connection: 'Username-Password-Authentication',
      email: 'alice@example.com',
    });
    const link = new URL(await waitForResetLink(tenant, 'alice@example.com'));
    expect(link.pathname).toBe('/lo/reset');
    expect(link.searchParams.get('ticket')).toBeTruthy();
    expect((await send(tenant, link.pathname + link.search)).status).toBe(200);
  });
});
