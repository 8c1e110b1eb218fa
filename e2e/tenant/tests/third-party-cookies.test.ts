import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, DB_CONNECTION } from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import {
  ALICE_LOGIN,
  CookieJar,
  authorizePath,
  fragmentOf,
  implicitParams,
  logIn,
  postJson,
  send,
  webMessageOf,
  sendAdmin,
  adminHeader,
} from '../testing/test-client.js';

type Json = Record<string, unknown>;
const IFRAME = { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'iframe', 'sec-fetch-mode': 'navigate' };

describe('the blockThirdPartyCookies switch', () => {
  let tenant: RunningTenant;
  let jar: CookieJar;
  const silent = (headers: Record<string, string>, extra: Record<string, string> = {}) =>
    send(tenant, authorizePath(implicitParams({ response_mode: 'web_message', prompt: 'none', ...extra })), {
      headers: { ...jar.header(), ...headers },
    });

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
  });
  // A session of each test's own: the reset test below ends every session, in whatever order.
  beforeEach(async () => {
    jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_LOGIN);
  });
  afterAll(() => tenant.close());

  it('off (the default): a cross-site iframe with the session cookie gets tokens', async () => {
    expect(webMessageOf(await silent(IFRAME)).response).toHaveProperty('id_token');
  });

  it('on: a cross-site iframe answers login_required; same-site frames and top-level navigations keep the session', async () => {
    expect(tenant.setSwitches({ blockThirdPartyCookies: true })).toEqual({
      blockThirdPartyCookies: true,
      dpopNonce: false,
    });
    try {
      expect(webMessageOf(await silent(IFRAME)).response).toEqual({
        error: 'login_required',
        error_description: 'Login required',
        state: 'state-123',
      });
      expect(webMessageOf(await silent({ ...IFRAME, 'sec-fetch-site': 'same-site' })).response).toHaveProperty(
        'id_token',
      );
      // A hidden iframe that is a frame of another kind (Sec-Fetch-Dest: frame) is embedded too.
      expect(webMessageOf(await silent({ ...IFRAME, 'sec-fetch-dest': 'frame' })).response).toHaveProperty('error');
      const topLevel = await send(tenant, authorizePath(implicitParams({ prompt: 'none' })), {
        headers: { ...jar.header(), ...IFRAME, 'sec-fetch-dest': 'document' },
      });
      expect(fragmentOf(topLevel.headers.location).get('id_token')).toBeTruthy();
      // Without Fetch Metadata (a server, an old browser) nothing is assumed.
      expect(webMessageOf(await silent({})).response).toHaveProperty('id_token');
    } finally {
      tenant.setSwitches({ blockThirdPartyCookies: false });
    }
  });

  it('on: a cross-site fetch sets no cookie (the /co/authenticate verifier), but still answers', async () => {
    const body = {
      client_id: 'spa-client',
      username: ALICE.email,
      password: ALICE.password,
      realm: DB_CONNECTION,
      credential_type: 'http://auth0.com/oauth/grant-type/password-realm',
    };
    const fetchHeaders = { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'empty' };
    const allowed = await postJson(tenant, '/co/authenticate', body, fetchHeaders);
    expect(allowed.headers['set-cookie']?.[0]).toMatch(/^webauth_tenant_co=/);
    tenant.setSwitches({ blockThirdPartyCookies: true });
    try {
      const blocked = await postJson(tenant, '/co/authenticate', body, fetchHeaders);
      expect(blocked.status).toBe(200);
      expect((blocked.json() as Json)['login_ticket']).toEqual(expect.any(String));
      expect(blocked.headers['set-cookie']).toBeUndefined();
    } finally {
      tenant.setSwitches({ blockThirdPartyCookies: false });
    }
  });

  it('/__admin/switches reads and sets it; bad input is refused; a reset restores the start value', async () => {
    expect((await sendAdmin(tenant, '/__admin/switches')).json()).toEqual({
      blockThirdPartyCookies: false,
      dpopNonce: false,
    });
    const on = await postJson(tenant, '/__admin/switches', { blockThirdPartyCookies: true }, adminHeader(tenant));
    expect(on.status).toBe(200);
    expect(on.json()).toEqual({ blockThirdPartyCookies: true, dpopNonce: false });
    expect(webMessageOf(await silent(IFRAME)).response).toHaveProperty('error', 'login_required');
    for (const bad of [{ blockThirdPartyCookies: 'yes' }, { blockThirdPartyCookie: true }, []]) {
      const reply = await postJson(tenant, '/__admin/switches', bad, adminHeader(tenant));
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await sendAdmin(tenant, '/__admin/switches')).json()).toEqual({
      blockThirdPartyCookies: true,
      dpopNonce: false,
    });
    expect((await sendAdmin(tenant, '/__admin/reset', { method: 'POST' })).status).toBe(204);
    expect((await sendAdmin(tenant, '/__admin/switches')).json()).toEqual({
      blockThirdPartyCookies: false,
      dpopNonce: false,
    });
  });

  it('TenantOptions.blockThirdPartyCookies starts with it on, and a reset keeps it on', async () => {
    const blocking = await startQuickTenant({ http: true, testEndpoints: true, blockThirdPartyCookies: true });
    try {
      const own = new CookieJar();
      await logIn(blocking, implicitParams(), own, ALICE_LOGIN);
      const frame = () =>
        send(blocking, authorizePath(implicitParams({ response_mode: 'web_message', prompt: 'none' })), {
          headers: { ...own.header(), ...IFRAME },
        });
      expect(webMessageOf(await frame()).response).toHaveProperty('error', 'login_required');
      await sendAdmin(blocking, '/__admin/reset', { method: 'POST' });
      expect((await sendAdmin(blocking, '/__admin/switches')).json()).toEqual({
        blockThirdPartyCookies: true,
        dpopNonce: false,
      });
    } finally {
      await blocking.close();
    }
  });
});
