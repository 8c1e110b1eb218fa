import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { postJson, send, sendAdmin } from '../testing/test-client.js';

describe('rate limits', () => {
  let tenant: RunningTenant;

  beforeAll(async () => {
    const def = defaultDefinition();
    def.rate_limits = {
      '*': { limit: 100, window_seconds: 60 },
      '/passwordless/start': { limit: 2, window_seconds: 60 },
    };
    tenant = await startQuickTenant({ http: true, testEndpoints: true, config: def });
  });
  afterAll(() => tenant.close());

  it('sends the three headers on every response, per endpoint', async () => {
    const first = await send(tenant, '/.well-known/jwks.json');
    expect(first.headers['x-ratelimit-limit']).toBe('100');
    expect(first.headers['x-ratelimit-remaining']).toBe('99');
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    expect((await send(tenant, '/.well-known/jwks.json')).headers['x-ratelimit-remaining']).toBe('98');
    // Another endpoint has its own bucket; errors and unknown paths are counted and labelled too.
    expect((await send(tenant, '/.well-known/openid-configuration')).headers['x-ratelimit-remaining']).toBe('99');
    const missing = await send(tenant, '/nope');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-ratelimit-limit']).toBe('100');
  });

  it('answers 429 past the limit, before the endpoint runs (nothing is sent)', async () => {
    const start = () =>
      postJson(
        tenant,
        '/passwordless/start',
        { client_id: 'spa-client', connection: 'email', send: 'code', email: 'rl@example.com' },
        { origin: 'http://localhost:3000' },
      );
    expect((await start()).status).toBe(200);
    const second = await start();
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    const third = await start();
    expect(third.status).toBe(429);
    expect(third.json()).toMatchObject({
      error: 'too_many_requests',
      error_description: expect.stringContaining('X-RateLimit-Limit'),
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.headers['x-ratelimit-limit']).toBe('2');
    expect(tenant.outbox.filter((m) => m.to === 'rl@example.com')).toHaveLength(2);
    // Admin endpoints are never limited; a reset clears the counters.
    expect(
      (await sendAdmin(tenant, '/__admin/reset', { method: 'POST' })).headers['x-ratelimit-limit'],
    ).toBeUndefined();
    expect((await start()).status).toBe(200);
  });
});
