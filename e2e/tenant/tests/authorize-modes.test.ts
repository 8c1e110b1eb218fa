import { decodeJwt, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ACME_INVITATION, ALICE, BOB, ORG_ACME, THIRD_PARTY_CLIENT_ID } from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { startTenantWithKeys } from '../testing/test-tenant.js';
import {
  ALICE_LOGIN,
  APP_CALLBACK,
  CookieJar,
  authorizePath,
  fragmentOf,
  hostedConfigOf,
  implicitParams,
  logIn,
  postJson,
  send,
  webMessageOf,
} from '../testing/test-client.js';
import type { Reply } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const BOB_LOGIN = { username: BOB.email, password: BOB.password };

function formPostOf(reply: Reply): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(reply.text)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of reply.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1] ?? ''] = m[2] ?? '';
  return { action, fields };
}

describe('/authorize response modes, hybrid, organizations and consent', () => {
  let tenant: RunningTenant;
  let jwks: JWTVerifyGetKey;

  beforeAll(async () => ({ tenant, jwks } = await startTenantWithKeys()));
  afterAll(() => tenant.close());

  it('form_post: a self-submitting form to the redirect URI, allowed by hash', async () => {
    const reply = await logIn(tenant, implicitParams({ response_mode: 'form_post' }), new CookieJar(), ALICE_LOGIN);
    expect(reply.status).toBe(200);
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[\w+/=]+'/);
    expect(csp).toContain('form-action http://127.0.0.1:3000');
    const { action, fields } = formPostOf(reply);
    expect(action).toBe(APP_CALLBACK);
    expect(Object.keys(fields)).toEqual(['access_token', 'id_token', 'scope', 'expires_in', 'token_type', 'state']);
    await jwtVerify(fields['id_token'] ?? '', jwks, { issuer: tenant.issuer, audience: 'spa-client' });
    expect(reply.headers['set-cookie']?.[0]).toMatch(/^webauth_tenant_session=/);
  });

  it('web_message: posts errors and tokens to the redirect origin, framable by it only', async () => {
    const silent = await send(tenant, authorizePath(implicitParams({ response_mode: 'web_message', prompt: 'none' })));
    expect(silent.status).toBe(200);
    expect(silent.headers['x-frame-options']).toBeUndefined();
    expect(String(silent.headers['content-security-policy'])).toContain('frame-ancestors http://127.0.0.1:3000');
    expect(webMessageOf(silent)).toEqual({
      origin: 'http://127.0.0.1:3000',
      response: { error: 'login_required', error_description: 'Login required', state: 'state-123' },
    });
    const jar = new CookieJar();
    await logIn(tenant, implicitParams(), jar, ALICE_LOGIN);
    const ok = await send(tenant, authorizePath(implicitParams({ response_mode: 'web_message', prompt: 'none' })), {
      headers: jar.header(),
    });
    const message = webMessageOf(ok);
    expect(Object.keys(message.response)).toEqual([
      'access_token',
      'id_token',
      'scope',
      'expires_in',
      'token_type',
      'state',
    ]);
    expect(decodeJwt(message.response['id_token'] ?? '')).toMatchObject({ sub: ALICE.userId, nonce: 'nonce-456' });
    // The origin must be a web origin, or the response would go somewhere unvetted: a page, no post.
    const def = defaultDefinition();
    def.clients[0] = { ...def.clients[0]!, web_origins: ['http://localhost:*'] };
    const strict = await startQuickTenant({ http: true, config: def });
    try {
      const refused = await send(
        strict,
        authorizePath(implicitParams({ response_mode: 'web_message', prompt: 'none' })),
      );
      expect(refused.status).toBe(400);
      expect(refused.text).not.toContain('authorization-response');
    } finally {
      await strict.close();
    }
  });

  it('hybrid: code and ID token (c_hash) in the fragment; the code still exchanges', async () => {
    const reply = await logIn(tenant, implicitParams({ response_type: 'code id_token' }), new CookieJar(), ALICE_LOGIN);
    const fragment = fragmentOf(reply.headers.location);
    expect([...fragment.keys()]).toEqual(['code', 'id_token', 'state']);
    const { payload } = await jwtVerify(fragment.get('id_token') ?? '', jwks, { issuer: tenant.issuer });
    expect(payload['c_hash']).toMatch(/^[\w-]{22}$/);
    const tokens = await postJson(tenant, '/oauth/token', {
      grant_type: 'authorization_code',
      client_id: 'spa-client',
      code: fragment.get('code'),
      redirect_uri: APP_CALLBACK,
    });
    expect(tokens.status).toBe(200);
  });

  it('refuses bad PKCE, unknown parameters and unknown audiences through the redirect', async () => {
    const code = { response_type: 'code', nonce: '' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...code, code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ ...code, code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
      [{ ...code, code_challenge_method: 'S256' }, 'invalid_request'],
      [{ colour: 'blue' }, 'invalid_request'],
      [{ audience: 'https://nowhere.example/' }, 'access_denied'],
      [{ organization: 'org_nope' }, 'invalid_request'],
      [{ invitation: ACME_INVITATION.id }, 'invalid_request'],
      [{ request: 'eyJ' }, 'request_not_supported'],
      [{ prompt: 'sometimes' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const params = implicitParams(extra);
      if (extra['response_type'] === 'code') delete params['nonce'];
      const reply = await send(tenant, authorizePath(params));
      expect(reply.status, JSON.stringify(extra)).toBe(302);
      const location = new URL(reply.headers.location ?? '');
      const values = location.hash ? new URLSearchParams(location.hash.slice(1)) : location.searchParams;
      expect(values.get('error'), JSON.stringify(extra)).toBe(error);
      expect(values.get('state')).toBe('state-123');
    }
    const custom = await send(
      tenant,
      authorizePath(implicitParams({ 'ext-theme': 'dark', screen_hint: 'signup', ui_locales: 'fr' })),
    );
    expect(custom.status).toBe(200);
    expect(hostedConfigOf(custom.text)['initialTab']).toBe('signup');
  });

  it('issues Management API tokens with the current-user scopes only', async () => {
    const audience = `${tenant.issuer}api/v2/`;
    const reply = await logIn(
      tenant,
      implicitParams({
        response_type: 'token',
        audience,
        scope: 'openid read:current_user update:current_user_metadata read:users',
      }),
      new CookieJar(),
      ALICE_LOGIN,
    );
    const fragment = fragmentOf(reply.headers.location);
    expect(fragment.get('scope')).toBe('openid read:current_user update:current_user_metadata');
    const { payload } = await jwtVerify(fragment.get('access_token') ?? '', jwks, { issuer: tenant.issuer, audience });
    expect(payload).toMatchObject({
      sub: ALICE.userId,
      azp: 'spa-client',
      aud: [audience, `${tenant.issuer}userinfo`],
    });
  });

  it('organizations: members get org claims, others are refused, invitations are accepted once', async () => {
    const acme = implicitParams({ organization: ORG_ACME.name });
    const member = await logIn(tenant, acme, new CookieJar(), ALICE_LOGIN);
    expect(decodeJwt(fragmentOf(member.headers.location).get('id_token') ?? '')).toMatchObject({
      org_id: ORG_ACME.id,
      org_name: ORG_ACME.name,
    });
    const bobJar = new CookieJar();
    const outsider = await logIn(tenant, acme, bobJar, BOB_LOGIN);
    expect(fragmentOf(outsider.headers.location).get('error')).toBe('access_denied');
    await logIn(tenant, implicitParams(), bobJar, BOB_LOGIN);
    const silent = await send(tenant, authorizePath({ ...acme, prompt: 'none' }), { headers: bobJar.header() });
    expect(fragmentOf(silent.headers.location).get('error')).toBe('interaction_required');
    const invited = await logIn(
      tenant,
      implicitParams({ organization: ORG_ACME.id, invitation: ACME_INVITATION.id }),
      new CookieJar(),
      BOB_LOGIN,
    );
    expect(decodeJwt(fragmentOf(invited.headers.location).get('id_token') ?? '')).toMatchObject({
      sub: BOB.userId,
      org_id: ORG_ACME.id,
    });
    const used = await send(
      tenant,
      authorizePath(implicitParams({ organization: ORG_ACME.id, invitation: ACME_INVITATION.id })),
    );
    expect(fragmentOf(used.headers.location).get('error')).toBe('invalid_request');
    // Bob is a member now.
    const again = await send(tenant, authorizePath({ ...acme, prompt: 'none' }), { headers: bobJar.header() });
    expect(fragmentOf(again.headers.location).get('id_token')).toBeTruthy();
  });

  it('third-party clients: signing in consents; new scopes need consent (consent_required)', async () => {
    const params = implicitParams({ client_id: THIRD_PARTY_CLIENT_ID, scope: 'openid profile' });
    const page = await send(tenant, authorizePath(params));
    expect(page.text).toContain('id="consent"');
    const jar = new CookieJar();
    await logIn(tenant, params, jar, ALICE_LOGIN);
    const same = await send(tenant, authorizePath({ ...params, prompt: 'none' }), { headers: jar.header() });
    expect(fragmentOf(same.headers.location).get('id_token')).toBeTruthy();
    const wider = await send(tenant, authorizePath({ ...params, scope: 'openid profile email', prompt: 'none' }), {
      headers: jar.header(),
    });
    expect(Object.fromEntries(fragmentOf(wider.headers.location))).toMatchObject({
      error: 'consent_required',
      state: 'state-123',
    });
    const interactive = await send(tenant, authorizePath({ ...params, scope: 'openid profile email' }), {
      headers: jar.header(),
    });
    expect(interactive.status).toBe(200);
  });

  it('over plain HTTP the hosted page logs in cross-origin, and its state continues the transaction', async () => {
    const page = await send(tenant, authorizePath(implicitParams()));
    const config = hostedConfigOf(page.text);
    expect(config['domain']).toBe(tenant.url);
    const co = await postJson(
      tenant,
      '/co/authenticate',
      {
        client_id: 'spa-client',
        username: ALICE.email,
        password: ALICE.password,
        realm: 'Username-Password-Authentication',
        credential_type: 'http://auth0.com/oauth/grant-type/password-realm',
      },
      { origin: tenant.url },
    );
    const jar = new CookieJar();
    jar.store(co);
    const ticket = String((co.json() as Json)['login_ticket']);
    // What the page's library sends: its own (signed) state, the app's nonce, the ticket.
    const params = {
      ...implicitParams({
        state: String(config['state']),
        login_ticket: ticket,
        realm: 'Username-Password-Authentication',
      }),
    };
    const reply = await send(tenant, authorizePath(params), { headers: jar.header() });
    const fragment = fragmentOf(reply.headers.location);
    expect(fragment.get('state')).toBe('state-123');
    expect(decodeJwt(fragment.get('id_token') ?? '')).toMatchObject({ sub: ALICE.userId, nonce: 'nonce-456' });
  });
});
