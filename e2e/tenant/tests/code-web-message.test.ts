/**
 * The authorization-code flow as a single-page app runs it without third-party cookies: the code
 * answered by postMessage (response_mode=web_message, with and without prompt=none), redeemed with
 * its PKCE verifier; and refresh tokens only when offline_access is granted and the application
 * (and the API) allow them.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE, EXAMPLE_API, SPA_CLIENT_ID } from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import {
  ALICE_LOGIN,
  APP_CALLBACK,
  CookieJar,
  authorizePath,
  codeFor,
  logIn,
  pkcePair,
  postJson,
  send,
  webMessageOf,
} from '../testing/test-client.js';

type Json = Record<string, unknown>;

function codeParams(challenge: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: SPA_CLIENT_ID,
    response_type: 'code',
    response_mode: 'web_message',
    redirect_uri: APP_CALLBACK,
    scope: 'openid profile offline_access',
    state: 'st-wm',
    nonce: 'n-wm',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
}

describe('code flow by web_message, and when refresh tokens are issued', () => {
  let tenant: RunningTenant;
  const exchange = (code: string, verifier: string) =>
    postJson(tenant, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: SPA_CLIENT_ID,
      code,
      redirect_uri: APP_CALLBACK,
      code_verifier: verifier,
    });

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('an interactive login answers the code by postMessage to the redirect origin', async () => {
    const { verifier, challenge } = pkcePair();
    const reply = await logIn(tenant, codeParams(challenge), new CookieJar(), ALICE_LOGIN);
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-security-policy'])).toContain('frame-ancestors http://127.0.0.1:3000');
    const message = webMessageOf(reply);
    expect(message.origin).toBe('http://127.0.0.1:3000');
    expect(Object.keys(message.response)).toEqual(['code', 'state']);
    expect(message.response['state']).toBe('st-wm');
    const tokens = await exchange(message.response['code'] ?? '', verifier);
    expect(tokens.status).toBe(200);
    expect(Object.keys(tokens.json() as Json)).toContain('refresh_token');
  });

  it('prompt=none answers a code (with a session) or login_required (without), by postMessage', async () => {
    const jar = new CookieJar();
    await logIn(tenant, codeParams(pkcePair().challenge), jar, ALICE_LOGIN);
    const { verifier, challenge } = pkcePair();
    const silent = await send(tenant, authorizePath(codeParams(challenge, { prompt: 'none' })), {
      headers: jar.header(),
    });
    const { response } = webMessageOf(silent);
    expect(Object.keys(response)).toEqual(['code', 'state']);
    // The code is bound to this request's challenge: another verifier fails, the right one works once.
    expect((await exchange(response['code'] ?? '', pkcePair().verifier)).json()).toMatchObject({
      error: 'invalid_grant',
    });
    const tokens = (await exchange(response['code'] ?? '', verifier)).json() as Json;
    expect(decodeJwt(String(tokens['id_token']))).toMatchObject({ sub: ALICE.userId, nonce: 'n-wm' });
    expect((await exchange(response['code'] ?? '', verifier)).json()).toMatchObject({ error: 'invalid_grant' });

    const anonymous = await send(tenant, authorizePath(codeParams(challenge, { prompt: 'none' })));
    expect(webMessageOf(anonymous).response).toEqual({
      error: 'login_required',
      error_description: 'Login required',
      state: 'st-wm',
    });
  });

  it('issues a refresh token only when offline_access is asked for', async () => {
    const without = await codeFor(tenant, { scope: 'openid profile' });
    const body = (
      await postJson(tenant, '/oauth/token', {
        grant_type: 'authorization_code',
        client_id: SPA_CLIENT_ID,
        code: without.code,
        redirect_uri: without.redirectUri,
      })
    ).json() as Json;
    expect(body['scope']).toBe('openid profile');
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('an application without the refresh_token grant, or an API without offline access, gets none', async () => {
    const definition = defaultDefinition();
    const spa = definition.clients.find((c) => c.client_id === SPA_CLIENT_ID);
    if (!spa) throw new Error('no spa-client in the built-in definition');
    const noRefresh = 'spa-no-refresh';
    definition.clients.push({
      ...spa,
      client_id: noRefresh,
      grant_types: spa.grant_types.filter((g) => g !== 'refresh_token'),
    });
    const noOffline = 'https://no-offline.example.test/';
    definition.apis = [...(definition.apis ?? []), { identifier: noOffline, name: 'No offline', scopes: ['read:x'] }];
    const custom = await startQuickTenant({ http: true, config: definition });
    const redeem = async (clientId: string, extra: Record<string, string> = {}) => {
      const { code, redirectUri } = await codeFor(custom, {
        client_id: clientId,
        scope: 'openid offline_access',
        ...extra,
      });
      const reply = await postJson(custom, '/oauth/token', {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: redirectUri,
      });
      expect(reply.status).toBe(200);
      return reply.json() as Json;
    };
    try {
      const app = await redeem(noRefresh);
      expect(app['scope']).toBe('openid');
      expect(app).not.toHaveProperty('refresh_token');
      const refused = await postJson(custom, '/oauth/token', {
        grant_type: 'refresh_token',
        client_id: noRefresh,
        refresh_token: 'anything',
      });
      expect(refused.json()).toMatchObject({ error: 'unauthorized_client' });
      const api = await redeem(SPA_CLIENT_ID, { audience: noOffline });
      expect(api).not.toHaveProperty('refresh_token');
      const allowed = await redeem(SPA_CLIENT_ID, { audience: EXAMPLE_API.identifier });
      expect(allowed['refresh_token']).toEqual(expect.any(String));
      expect((await redeem(SPA_CLIENT_ID))['refresh_token']).toEqual(expect.any(String));
    } finally {
      await custom.close();
    }
  });
});
