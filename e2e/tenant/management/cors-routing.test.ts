import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_DOMAIN } from '../testing/fixtures.js';
import {
  PROFILES_PATH,
  call,
  expectError,
  expectRateLimitHeaders,
  startApiTenant,
  userTokens,
} from '../testing/management-harness.js';
import type { ApiTenant } from '../testing/management-harness.js';

const APP = 'http://127.0.0.1:3000';
const EVIL = 'https://evil.example';
const preflight = (origin: string, method = 'GET'): Record<string, string> => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'authorization, content-type, auth0-client',
});

describe('/api/v2 CORS and routing', () => {
  let api: ApiTenant;
  let token: string;

  beforeAll(async () => {
    api = await startApiTenant();
    token = (await userTokens(api)).accessToken;
  });
  afterAll(() => api.close());

  it.each([
    ['/api/v2/users/auth0%7Calice', 'GET, PATCH'],
    ['/api/v2/users/auth0%7Calice/identities', 'POST'],
    [PROFILES_PATH, 'GET'],
  ])('answers a preflight for %s from a registered web origin, without counting it', async (path, methods) => {
    const before = await call(api, path, { method: 'OPTIONS', headers: preflight(APP) });
    const counted = await call(api, path, { method: path.endsWith('identities') ? 'POST' : 'GET' });
    const reply = await call(api, path, { method: 'OPTIONS', headers: preflight(APP) });
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe(APP);
    expect(reply.headers['access-control-allow-credentials']).toBe('true');
    expect(reply.headers['access-control-allow-methods']).toBe(methods);
    expect(reply.headers['access-control-allow-headers']).toMatch(/Content-Type, Auth0-Client, Authorization/);
    expect(reply.headers['vary']).toMatch(/Origin/);
    expectRateLimitHeaders(reply);
    // Preflights show the anonymous bucket without using it; the tokenless request in between did.
    const left = Number(before.headers['x-ratelimit-remaining']);
    expect(Number(counted.headers['x-ratelimit-remaining'])).toBe(left - 1);
    expect(Number(reply.headers['x-ratelimit-remaining'])).toBe(left - 1);
  });

  it('refuses a preflight from any other origin, and one for an unknown path', async () => {
    const evil = await call(api, PROFILES_PATH, { method: 'OPTIONS', headers: preflight(EVIL) });
    expectError(evil, 403, 'origin_not_allowed');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expectError(await call(api, '/api/v2/users', { method: 'OPTIONS', headers: preflight(APP) }), 404, 'not_found');
  });

  it('reflects a registered origin on answers (errors too) and exposes the rate-limit headers', async () => {
    for (const reply of [
      await call(api, '/api/v2/users/auth0%7Calice', { token, headers: { origin: APP } }),
      await call(api, '/api/v2/users/auth0%7Cbob', { token, headers: { origin: APP } }),
      await call(api, '/api/v2/users/auth0%7Calice', { headers: { origin: APP } }),
    ]) {
      expect(reply.headers['access-control-allow-origin']).toBe(APP);
      expect(reply.headers['access-control-expose-headers']).toMatch(
        /X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset/,
      );
    }
    const evil = await call(api, '/api/v2/users/auth0%7Calice', { token, headers: { origin: EVIL } });
    expect(evil.status).toBe(200);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('404 for paths it does not serve, before looking at the token', async () => {
    for (const path of [
      '/api/v2',
      '/api/v2/',
      '/api/v2/users',
      '/api/v2/users/auth0%7Calice/',
      '/api/v2/users/a/identities/auth0/b',
      '/api/v2/clients',
    ]) {
      expectError(await call(api, path), 404, 'not_found');
    }
  });

  it("404 on the custom domain: the Management API is on the tenant's own domain only", async () => {
    const reply = await call(api, '/api/v2/users/auth0%7Calice', { token, headers: { host: `${CUSTOM_DOMAIN}:443` } });
    expectError(reply, 404, 'not_found', "The Management API is served on the tenant's own domain only.");
  });

  it('405 with Allow for other methods', async () => {
    const del = await call(api, '/api/v2/users/auth0%7Calice', { method: 'DELETE', token });
    expectError(del, 405, 'method_not_allowed');
    expect(del.headers['allow']).toBe('GET, PATCH, HEAD, OPTIONS');
    const put = await call(api, PROFILES_PATH, { method: 'PUT', token });
    expectError(put, 405, 'method_not_allowed');
    expect(put.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect((await call(api, '/api/v2/users/auth0%7Calice/identities', { token })).headers['allow']).toBe(
      'POST, OPTIONS',
    );
  });
});
