import { decodeJwt, jwtVerify } from 'jose';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  BLOCKED_USER,
  BOB,
  DB_CONNECTION,
  EXAMPLE_API,
  LEAKED_USER,
  ORG_ACME,
  TOKEN_EXCHANGE_TYPE,
  WEB_SECRET_POST,
} from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { startTenantWithKeys } from '../testing/test-tenant.js';
import { APP_CALLBACK, codeFor, pkcePair as pkce, postForm, postJson, send } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const REALM = 'http://auth0.com/oauth/grant-type/password-realm';

describe('/oauth/token grants', () => {
  let tenant: RunningTenant;
  let jwks: JWTVerifyGetKey;
  const token = (body: Json, headers?: Record<string, string>) => postJson(tenant, '/oauth/token', body, headers);
  const realmLogin = (username: string, password: string, extra: Json = {}) =>
    token({
      grant_type: REALM,
      client_id: 'spa-client',
      username,
      password,
      realm: DB_CONNECTION,
      scope: 'openid profile email',
      ...extra,
    });

  beforeAll(async () => ({ tenant, jwks } = await startTenantWithKeys()));
  afterAll(() => tenant.close());

  it('authorization_code: exchanges a code once for verified tokens', async () => {
    const { code, redirectUri } = await codeFor(tenant, { nonce: 'n-1' });
    const reply = await token({
      grant_type: 'authorization_code',
      client_id: 'spa-client',
      code,
      redirect_uri: redirectUri,
    });
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    expect(Object.keys(body)).toEqual(['access_token', 'id_token', 'scope', 'expires_in', 'token_type']);
    const id = await jwtVerify(String(body['id_token']), jwks, { issuer: tenant.issuer, audience: 'spa-client' });
    expect(id.payload).toMatchObject({
      sub: ALICE.userId,
      nonce: 'n-1',
      email: ALICE.email,
      at_hash: expect.any(String),
    });
    const access = await jwtVerify(String(body['access_token']), jwks, { issuer: tenant.issuer });
    expect(access.payload).toMatchObject({
      aud: `${tenant.issuer}userinfo`,
      azp: 'spa-client',
      scope: 'openid profile email',
    });
    const userinfo = await send(tenant, '/userinfo', {
      headers: { authorization: `Bearer ${String(body['access_token'])}` },
    });
    expect(userinfo.json()).toMatchObject({ sub: ALICE.userId });
    const again = await token({
      grant_type: 'authorization_code',
      client_id: 'spa-client',
      code,
      redirect_uri: redirectUri,
    });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("authorization_code: scope and audience sent with the exchange (v10's oauthToken does) are ignored", async () => {
    const { code, redirectUri } = await codeFor(tenant, {});
    const reply = await token({
      grant_type: 'authorization_code',
      client_id: 'spa-client',
      code,
      redirect_uri: redirectUri,
      scope: 'openid profile email read:current_user',
      audience: EXAMPLE_API.identifier,
    });
    expect(reply.status).toBe(200);
    const access = await jwtVerify(String((reply.json() as Json)['access_token']), jwks, { issuer: tenant.issuer });
    expect(access.payload).toMatchObject({ aud: `${tenant.issuer}userinfo`, scope: 'openid profile email' });
  });

  it('authorization_code: a failed exchange (client, redirect URI, verifier) does not use the code up', async () => {
    const { verifier, challenge } = pkce();
    const { code, redirectUri } = await codeFor(tenant, { code_challenge: challenge, code_challenge_method: 'S256' });
    const base = { grant_type: 'authorization_code', client_id: 'spa-client', code, redirect_uri: redirectUri };
    const attempts: Array<[string, Json]> = [
      ['no verifier', base],
      ['wrong verifier', { ...base, code_verifier: pkce().verifier }],
      ['short verifier', { ...base, code_verifier: 'abc' }],
      ['other redirect', { ...base, code_verifier: verifier, redirect_uri: `${APP_CALLBACK}/other` }],
      ['no redirect', { grant_type: 'authorization_code', client_id: 'spa-client', code, code_verifier: verifier }],
      [
        'other client',
        {
          ...base,
          code_verifier: verifier,
          client_id: WEB_SECRET_POST.clientId,
          client_secret: WEB_SECRET_POST.clientSecret,
        },
      ],
    ];
    for (const [name, body] of attempts) {
      const reply = await token(body);
      expect(reply.status, name).toBe(400);
      expect(reply.json(), name).toMatchObject({ error: 'invalid_grant' });
    }
    const ok = await token({ ...base, code_verifier: verifier });
    expect(ok.status).toBe(200);
    // A verifier for a code without a challenge is refused too.
    const plain = await codeFor(tenant);
    const extra = await token({
      grant_type: 'authorization_code',
      client_id: 'spa-client',
      code: plain.code,
      redirect_uri: plain.redirectUri,
      code_verifier: verifier,
    });
    expect(extra.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refresh_token: rotates, narrows scope, detects reuse and revokes the family', async () => {
    const { code, redirectUri } = await codeFor(tenant, {
      scope: 'openid profile offline_access read:things',
      audience: EXAMPLE_API.identifier,
    });
    const first = (
      await token({ grant_type: 'authorization_code', client_id: 'spa-client', code, redirect_uri: redirectUri })
    ).json() as Json;
    expect(first['scope']).toBe('openid profile offline_access read:things');
    const rt1 = String(first['refresh_token']);
    expect(rt1).toMatch(/^[\w-]{40,}$/);
    const second = await token({
      grant_type: 'refresh_token',
      client_id: 'spa-client',
      refresh_token: rt1,
      scope: 'read:things',
      // Ignored: the refresh token's audience stays (v10's oauthToken sends the constructor's).
      audience: 'https://ignored.example.test/',
    });
    expect(second.status).toBe(200);
    const body2 = second.json() as Json;
    expect(body2['scope']).toBe('read:things');
    expect(body2['id_token']).toBeUndefined();
    expect(decodeJwt(String(body2['access_token']))).toMatchObject({
      aud: EXAMPLE_API.identifier,
      scope: 'read:things',
    });
    const rt2 = String(body2['refresh_token']);
    expect(rt2).not.toBe(rt1);
    const wider = await token({
      grant_type: 'refresh_token',
      client_id: 'spa-client',
      refresh_token: rt2,
      scope: 'write:things',
    });
    expect(wider.json()).toMatchObject({ error: 'invalid_scope' });
    // Reusing the retired token revokes every token of the family, the live one included.
    const reuse = await token({ grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: rt1 });
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('reuse') });
    expect(
      (await token({ grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: rt2 })).json(),
    ).toMatchObject({ error: 'invalid_grant' });
    expect(
      (await token({ grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: 'made-up' })).json(),
    ).toMatchObject({ error: 'invalid_grant' });
  });

  it('password-realm and password: tokens for good credentials, RFC errors otherwise', async () => {
    const ok = await realmLogin(ALICE.email, ALICE.password, {
      audience: EXAMPLE_API.identifier,
      scope: 'openid read:things',
    });
    expect(ok.status).toBe(200);
    const body = ok.json() as Json;
    expect(decodeJwt(String(body['access_token']))).toMatchObject({
      sub: ALICE.userId,
      gty: 'password',
      aud: [EXAMPLE_API.identifier, `${tenant.issuer}userinfo`],
    });
    expect(decodeJwt(String(body['id_token']))).toMatchObject({ sub: ALICE.userId, aud: 'spa-client' });
    const form = await postForm(tenant, '/oauth/token', {
      grant_type: 'password',
      client_id: 'spa-client',
      username: BOB.email,
      password: BOB.password,
    });
    expect(form.status).toBe(200);
    expect(decodeJwt(String((form.json() as Json)['id_token'])).sub).toBe(BOB.userId);

    const cases: Array<[string, Promise<Awaited<ReturnType<typeof token>>>, number, Json]> = [
      [
        'wrong password',
        realmLogin(ALICE.email, 'nope'),
        400,
        { error: 'invalid_grant', error_description: 'Wrong email or password.' },
      ],
      [
        'unknown user',
        realmLogin('nobody@example.com', 'nope'),
        400,
        { error: 'invalid_grant', error_description: 'Wrong email or password.' },
      ],
      [
        'blocked',
        realmLogin(BLOCKED_USER.email, BLOCKED_USER.password),
        400,
        { error: 'invalid_grant', error_description: 'user is blocked' },
      ],
      ['leaked', realmLogin(LEAKED_USER.email, LEAKED_USER.password), 400, { error: 'password_leaked' }],
      ['unknown realm', realmLogin(ALICE.email, ALICE.password, { realm: 'nope' }), 400, { error: 'invalid_request' }],
      [
        'passwordless realm',
        realmLogin(ALICE.email, ALICE.password, { realm: 'email' }),
        400,
        { error: 'invalid_request' },
      ],
      [
        'unknown audience',
        realmLogin(ALICE.email, ALICE.password, { audience: 'https://x.example/' }),
        403,
        { error: 'access_denied' },
      ],
    ];
    for (const [name, pending, status, expected] of cases) {
      const reply = await pending;
      expect(reply.status, name).toBe(status);
      expect(reply.json(), name).toMatchObject(expected);
    }
  });

  it('blocks a user and IP pair after 10 consecutive failures (too_many_attempts)', async () => {
    const t = await startQuickTenant({ http: true });
    try {
      const login = (password: string) =>
        postJson(t, '/oauth/token', {
          grant_type: REALM,
          client_id: 'spa-client',
          username: BOB.email,
          password,
          realm: DB_CONNECTION,
        });
      for (let i = 0; i < 10; i++) expect((await login('wrong')).json()).toMatchObject({ error: 'invalid_grant' });
      const blocked = await login(BOB.password);
      expect(blocked.status).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'too_many_attempts' });
      // Other users from the same IP are not affected.
      const alice = await postJson(t, '/oauth/token', {
        grant_type: REALM,
        client_id: 'spa-client',
        username: ALICE.email,
        password: ALICE.password,
        realm: DB_CONNECTION,
      });
      expect(alice.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('organization: org claims for members, invalid_grant for others', async () => {
    const ok = (await realmLogin(ALICE.email, ALICE.password, { organization: ORG_ACME.name })).json() as Json;
    expect(decodeJwt(String(ok['id_token']))).toMatchObject({ org_id: ORG_ACME.id, org_name: ORG_ACME.name });
    expect(decodeJwt(String(ok['access_token']))).toMatchObject({ org_id: ORG_ACME.id });
    expect((await realmLogin(BOB.email, BOB.password, { organization: ORG_ACME.id })).json()).toMatchObject({
      error: 'invalid_grant',
    });
    expect((await realmLogin(ALICE.email, ALICE.password, { organization: 'org_nope' })).json()).toMatchObject({
      error: 'invalid_request',
    });
  });

  it('token exchange: a tenant JWT of a user becomes tokens for the requesting client', async () => {
    const idToken = String(((await realmLogin(ALICE.email, ALICE.password)).json() as Json)['id_token']);
    const exchange = {
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'spa-client',
      subject_token: idToken,
      subject_token_type: TOKEN_EXCHANGE_TYPE,
    };
    // The library forwards every extra key, nested objects included (reference §4.12).
    const reply = await token({
      ...exchange,
      scope: 'openid email',
      audience: EXAMPLE_API.identifier,
      custom_param: { inner_key: 1 },
    });
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    expect(body['issued_token_type']).toBe('urn:ietf:params:oauth:token-type:access_token');
    expect(decodeJwt(String(body['access_token']))).toMatchObject({ sub: ALICE.userId, gty: 'token-exchange' });
    expect((await token({ ...exchange, subject_token_type: 'urn:unknown' })).json()).toMatchObject({
      error: 'invalid_request',
    });
    expect((await token({ ...exchange, subject_token: 'not.a.jwt' })).json()).toMatchObject({
      error: 'invalid_request',
    });
    expect((await token({ ...exchange, subject_token: 42 })).json()).toMatchObject({ error: 'invalid_request' });
  });
});
