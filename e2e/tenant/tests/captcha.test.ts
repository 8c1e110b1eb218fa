import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveImage } from '../state/captcha.js';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import {
  authorizePath,
  callbackFormOf,
  hostedConfigOf,
  hostedLoginBody,
  implicitParams,
  postJson,
  send,
} from '../testing/test-client.js';

type Json = Record<string, unknown>;

describe('captcha challenges and enforcement', () => {
  let tenant: RunningTenant;

  beforeAll(async () => {
    const def = defaultDefinition();
    def.captcha = {
      default: { provider: 'auth0' },
      signup: { provider: 'hcaptcha', site_key: 'hc-site-key' },
      passwordless: { provider: 'arkose', site_key: 'ark-key', client_subdomain: 'client-api' },
      password_reset: { provider: 'auth0_v2', site_key: 'turnstile-key', test_token: 'XXXX.DUMMY.TOKEN.XXXX' },
    };
    tenant = await startQuickTenant({ http: true, config: def });
  });
  afterAll(() => tenant.close());

  async function pageConfig(): Promise<Json> {
    return hostedConfigOf((await send(tenant, authorizePath(implicitParams()))).text);
  }

  it('tells the page which flows need a captcha', async () => {
    expect((await pageConfig())['captcha']).toEqual({ login: true, signup: true, passwordless: true, reset: true });
  });

  it('auth0 provider: an image a script can read, one answer per challenge', async () => {
    const config = await pageConfig();
    const state = String(config['state']);
    const challenge = (await postJson(tenant, '/usernamepassword/challenge', { state })).json() as Json;
    expect(challenge).toMatchObject({
      required: true,
      provider: 'auth0',
      type: 'code',
      image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const answer = solveImage(String(challenge['image']));
    expect(answer).toMatch(/^[A-Z2-9]{6}$/);
    const login = (captcha?: string) =>
      postJson(tenant, '/usernamepassword/login', {
        ...hostedLoginBody(config, { username: ALICE.email, password: ALICE.password }),
        ...(captcha ? { captcha } : {}),
      });
    expect((await login()).json()).toEqual({ error: 'invalid_captcha', error_description: 'Invalid captcha value' });
    // Missing answers used the challenge up too: a new one is needed.
    expect((await login(answer)).status).toBe(400);
    const fresh = (await postJson(tenant, '/usernamepassword/challenge', { state })).json() as Json;
    const ok = await login(solveImage(String(fresh['image'])).toLowerCase());
    expect(ok.status).toBe(200);
    expect(callbackFormOf(ok.text).fields['wresult']).toBeTruthy();
  });

  it('third-party providers: their descriptions, and only the test token passes', async () => {
    const state = String((await pageConfig())['state']);
    expect((await postJson(tenant, '/dbconnections/signup/challenge', { state })).json()).toEqual({
      required: true,
      provider: 'hcaptcha',
      siteKey: 'hc-site-key',
    });
    expect((await postJson(tenant, '/passwordless/challenge', { state })).json()).toEqual({
      required: true,
      provider: 'arkose',
      siteKey: 'ark-key',
      clientSubdomain: 'client-api',
    });
    expect((await postJson(tenant, '/dbconnections/change_password/challenge', { state })).json()).toEqual({
      required: true,
      provider: 'auth0_v2',
      siteKey: 'turnstile-key',
    });
    const signup = (captcha: string) =>
      postJson(tenant, '/dbconnections/signup', {
        client_id: 'spa-client',
        connection: 'Username-Password-Authentication',
        email: 'cap@example.com',
        password: 'Sup3r-secret',
        captcha,
      });
    expect((await signup('BYPASS_CAPTCHA')).json()).toMatchObject({ error: 'invalid_captcha' });
    expect((await signup('hcaptcha-test-token')).status).toBe(200);
    const reset = (captcha: string) =>
      postJson(tenant, '/dbconnections/change_password', {
        client_id: 'spa-client',
        connection: 'Username-Password-Authentication',
        email: 'cap@example.com',
        captcha,
      });
    expect((await reset('nope')).status).toBe(400);
    expect((await reset('XXXX.DUMMY.TOKEN.XXXX')).status).toBe(200);
    const start = (captcha: string) =>
      postJson(tenant, '/passwordless/start', {
        client_id: 'spa-client',
        connection: 'email',
        send: 'code',
        email: 'cap@example.com',
        captcha,
      });
    expect((await start('')).status).toBe(400);
    expect((await start('arkose-test-token')).status).toBe(200);
  });

  it('challenge endpoints need a live hosted-page state', async () => {
    expect((await postJson(tenant, '/usernamepassword/challenge', { state: 'forged' })).status).toBe(400);
    expect((await postJson(tenant, '/usernamepassword/challenge', {})).status).toBe(400);
    expect((await postJson(tenant, '/usernamepassword/challenge', { state: 'x', extra: 1 })).status).toBe(400);
  });

  it('answers required: false for flows without a captcha', async () => {
    const plain = await startQuickTenant({ http: true });
    try {
      const state = String(hostedConfigOf((await send(plain, authorizePath(implicitParams()))).text)['state']);
      expect((await postJson(plain, '/usernamepassword/challenge', { state })).json()).toEqual({ required: false });
    } finally {
      await plain.close();
    }
  });
});
