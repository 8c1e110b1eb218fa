import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { DB_CONNECTION, DB_WITH_USERNAME, MGMT_LOCAL, SPA_CLIENT_ID, TENANT_NAME } from '../testing/fixtures.js';
import { send } from '../testing/test-client.js';

/** Runs the script as a page would, with Lock's `Auth0.setClient`, and returns what it was given. */
function settingsOf(script: string): unknown[] {
  const calls: unknown[] = [];
  runInNewContext(script, { Auth0: { setClient: (o: unknown) => calls.push(o) } });
  return calls;
}

describe('GET /client/{clientID}.js (the script Lock loads)', () => {
  let tenant: RunningTenant;
  const EMAIL_ONLY = 'email-only-spa';

  beforeAll(async () => {
    const config = defaultDefinition();
    const spa = config.clients.find((c) => c.client_id === SPA_CLIENT_ID)!;
    config.clients.push({ ...spa, client_id: EMAIL_ONLY, name: 'Email only', connections: ['email'] });
    tenant = await startQuickTenant({ http: true, config });
  });
  afterAll(() => tenant.close());

  it("calls Auth0.setClient with the client's connections grouped by strategy", async () => {
    // Lock appends a cache-busting `?t<time>` without a value.
    const reply = await send(tenant, `/client/${SPA_CLIENT_ID}.js?t1764150000000`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(settingsOf(reply.text)).toEqual([
      {
        id: SPA_CLIENT_ID,
        tenant: TENANT_NAME,
        authorize: `${tenant.url}/authorize`,
        callback: expect.stringMatching(/^http/),
        hasAllowedOrigins: true,
        strategies: [
          {
            name: 'auth0',
            connections: [
              {
                name: DB_CONNECTION,
                showSignup: true,
                showForgot: true,
                requires_username: false,
                passwordPolicy: 'good',
              },
              {
                name: DB_WITH_USERNAME,
                showSignup: true,
                showForgot: true,
                requires_username: true,
                passwordPolicy: 'good',
                validation: { username: { min: 1, max: 15 } },
              },
            ],
          },
          { name: 'email', connections: [{ name: 'email' }] },
          { name: 'sms', connections: [{ name: 'sms' }] },
        ],
      },
    ]);
  });

  it('lists only the connections enabled for the client (none for a machine client)', async () => {
    const emailOnly = settingsOf((await send(tenant, `/client/${EMAIL_ONLY}.js`)).text)[0];
    expect(emailOnly).toMatchObject({
      id: EMAIL_ONLY,
      strategies: [{ name: 'email', connections: [{ name: 'email' }] }],
    });
    const machine = settingsOf((await send(tenant, `/client/${MGMT_LOCAL.clientId}.js`)).text)[0];
    expect(machine).toMatchObject({ id: MGMT_LOCAL.clientId, strategies: [], hasAllowedOrigins: false });
  });

  it('answers any origin with headers a cross-origin script needs, and revalidates with an ETag', async () => {
    const reply = await send(tenant, `/client/${SPA_CLIENT_ID}.js`, { headers: { origin: 'http://app.test:3000' } });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('public, no-cache');
    const etag = reply.headers['etag'];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await send(tenant, `/client/${SPA_CLIENT_ID}.js`, { headers: { 'if-none-match': String(etag) } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await send(tenant, `/client/${EMAIL_ONLY}.js`, { headers: { 'if-none-match': String(etag) } });
    expect(other.status).toBe(200);
  });

  it('answers 404 for an unknown client, 400 for a broken escape, and only GET', async () => {
    const unknown = await send(tenant, '/client/nobody.js');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', error_description: 'Unknown client: nobody' });
    expect((await send(tenant, '/client/%E0%A4%A.js')).status).toBe(400);
    expect((await send(tenant, `/client/${SPA_CLIENT_ID}.js`, { method: 'POST' })).status).toBe(405);
    expect((await send(tenant, `/client/${SPA_CLIENT_ID}`)).status).toBe(404);
  });
});
