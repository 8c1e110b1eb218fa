/** /__admin/faults and /__admin/sessions: the faults and the direct sign-in for a tenant in another process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import {
  authorizePath,
  fragmentOf,
  implicitParams,
  postJson,
  send,
  sendAdmin,
  adminHeader,
} from '../testing/test-client.js';

describe('/__admin/faults and /__admin/sessions', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  afterAll(() => tenant.close());

  it('installs, lists and clears faults over HTTP, refusing malformed rules', async () => {
    const rule = { path: '/.well-known/jwks.json', fault: { kind: 'status', status: 500 }, times: 1 };
    const added = await postJson(tenant, '/__admin/faults', rule, adminHeader(tenant));
    expect(added.status).toBe(200);
    expect(added.json()).toEqual([rule]);
    expect((await send(tenant, '/.well-known/jwks.json')).status).toBe(500);
    expect((await sendAdmin(tenant, '/__admin/faults')).json()).toEqual([]);
    await postJson(tenant, '/__admin/faults', { path: '/userinfo', fault: { kind: 'hang' } }, adminHeader(tenant));
    expect((await sendAdmin(tenant, '/__admin/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await sendAdmin(tenant, '/__admin/faults')).json()).toEqual([]);
    for (const bad of [
      { path: '/x' },
      { path: '/x', fault: { kind: 'explode' } },
      { path: '/x', fault: { kind: 'status', status: '500' } },
      { path: '/x', fault: { kind: 'status', status: 500, error: 7 } },
      { path: '/token', fault: { kind: 'authorize-error', error: 'login_required' } },
    ]) {
      const reply = await postJson(tenant, '/__admin/faults', bad, adminHeader(tenant));
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('makes a signed-in session whose cookie /authorize accepts', async () => {
    const reply = await postJson(tenant, '/__admin/sessions', { email: 'alice@example.com' }, adminHeader(tenant));
    expect(reply.status).toBe(200);
    const { userId, cookie } = reply.json() as { userId: string; cookie: { name: string; value: string } };
    expect(userId).toBe('auth0|alice');
    const silent = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), {
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(fragmentOf(silent.headers.location).get('access_token')).toBeTruthy();
    expect(
      (await postJson(tenant, '/__admin/sessions', { email: 'nobody@example.com' }, adminHeader(tenant))).status,
    ).toBe(400);
    expect((await postJson(tenant, '/__admin/sessions', { email: 7 }, adminHeader(tenant))).status).toBe(400);
  });
});
