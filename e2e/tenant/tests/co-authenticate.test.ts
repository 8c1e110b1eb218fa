import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { ALICE, BLOCKED_USER, BOB, DB_CONNECTION, LEAKED_USER } from '../testing/fixtures.js';
import { startQuickTenant } from '../testing/quick-start.js';
import type { RunningTenant } from '../server/server.js';
import { CookieJar, authorizePath, form, fragmentOf, implicitParams, postJson, send } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const REALM = 'http://auth0.com/oauth/grant-type/password-realm';
const ORIGIN = 'http://localhost:3000';

describe('/co/authenticate and login tickets', () => {
  let tenant: RunningTenant;
  const co = (body: Json, origin = ORIGIN) => postJson(tenant, '/co/authenticate', body, origin ? { origin } : {});
  const creds = (extra: Json = {}) => ({
    client_id: 'spa-client',
    username: ALICE.email,
    password: ALICE.password,
    realm: DB_CONNECTION,
    credential_type: REALM,
    ...extra,
  });

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('answers a login ticket with credentialed CORS and a verifier cookie; /authorize redeems it once', async () => {
    const jar = new CookieJar();
    const reply = await co(creds());
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(reply.headers['access-control-allow-credentials']).toBe('true');
    const body = reply.json() as Json;
    expect(Object.keys(body)).toEqual(['login_ticket', 'co_verifier', 'co_id']);
    expect(reply.headers['set-cookie']?.[0]).toMatch(
      /^webauth_tenant_co=[\w-]+\.[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    jar.store(reply);
    const params = implicitParams({ login_ticket: String(body['login_ticket']), realm: DB_CONNECTION });
    const done = await send(tenant, authorizePath(params), { headers: jar.header() });
    expect(done.status).toBe(302);
    const fragment = fragmentOf(done.headers.location);
    expect(decodeJwt(fragment.get('id_token') ?? '')).toMatchObject({ sub: ALICE.userId, nonce: 'nonce-456' });
    expect(String(done.headers['set-cookie'])).toMatch(/webauth_tenant_session=/);
    expect(String(done.headers['set-cookie'])).toMatch(/webauth_tenant_co=; Max-Age=0/);
    const again = await send(tenant, authorizePath(params), { headers: jar.header() });
    expect(fragmentOf(again.headers.location).get('error')).toBe('access_denied');
  });

  it('without the cookie, finishes through /co/verify and the app verification page', async () => {
    const body = (await co(creds())).json() as Json;
    const start = await send(tenant, authorizePath(implicitParams({ login_ticket: String(body['login_ticket']) })));
    expect(start.status).toBe(302);
    expect(start.headers.location).toMatch(/^\/co\/verify\?id=[\w-]+$/);
    const page = await send(tenant, start.headers.location ?? '');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src http://127.0.0.1:3000');
    expect(page.text).toContain('/static/co-verify.js');
    expect(page.text).toContain(`"coId":"${String(body['co_id'])}"`);
    expect(page.text).toContain(`/pages/cross-origin-verification.html#origin=${encodeURIComponent(tenant.url)}`);
    const id = new URL(start.headers.location ?? '', tenant.url).searchParams.get('id') ?? '';
    const ok = await send(tenant, '/co/verify', {
      method: 'POST',
      ...form({ id, co_verifier: String(body['co_verifier']) }),
    });
    expect(ok.status).toBe(302);
    expect(fragmentOf(ok.headers.location).get('id_token')).toBeTruthy();

    const second = (await co(creds())).json() as Json;
    const redirect = await send(
      tenant,
      authorizePath(implicitParams({ login_ticket: String(second['login_ticket']) })),
    );
    const id2 = new URL(redirect.headers.location ?? '', tenant.url).searchParams.get('id') ?? '';
    const wrong = await send(tenant, '/co/verify', { method: 'POST', ...form({ id: id2, co_verifier: 'guess' }) });
    expect(fragmentOf(wrong.headers.location).get('error')).toBe('access_denied');
    expect(
      (
        await send(tenant, '/co/verify', {
          method: 'POST',
          ...form({ id: id2, co_verifier: String(second['co_verifier']) }),
        })
      ).status,
    ).toBe(400);
  });

  it('takes passwordless codes and the default directory', async () => {
    await postJson(tenant, '/passwordless/start', {
      client_id: 'spa-client',
      connection: 'sms',
      send: 'code',
      phone_number: '+15550001111',
    });
    const otp = tenant.outbox.at(-1)?.code ?? '';
    const body = {
      client_id: 'spa-client',
      username: '+15550001111',
      otp,
      realm: 'sms',
      credential_type: 'http://auth0.com/oauth/grant-type/passwordless/otp',
    };
    expect((await co({ ...body, otp: '000' })).json()).toMatchObject({
      error: 'access_denied',
      error_description: 'Wrong phone number or verification code.',
    });
    expect((await co(body)).status).toBe(200);
    const plain = await co({
      client_id: 'spa-client',
      username: BOB.email,
      password: BOB.password,
      credential_type: 'password',
    });
    expect(plain.status).toBe(200);
  });

  it('answers the seed error table', async () => {
    const cases: Array<[string, Json, number, Json]> = [
      ['extra key', creds({ scope: 'openid' }), 400, { error: 'invalid_request' }],
      ['missing realm', (({ realm: _r, ...rest }) => rest)(creds()), 400, { error: 'invalid_request' }],
      ['password and otp', creds({ otp: '1' }), 400, { error: 'invalid_request' }],
      ['non-string', creds({ password: 1 }), 400, { error: 'invalid_request' }],
      ['unknown type', creds({ credential_type: 'magic' }), 400, { error: 'unsupported_credential_type' }],
      [
        'not allowed',
        creds({ client_id: 'third-party-spa' }),
        401,
        { error: 'unauthorized_client', error_description: 'Cross origin login not allowed.' },
      ],
      [
        'unknown realm',
        creds({ realm: 'nope' }),
        400,
        { error: 'invalid_request', error_description: 'Unknown realm.' },
      ],
      [
        'otp on a database',
        creds({ credential_type: 'http://auth0.com/oauth/grant-type/passwordless/otp', otp: '1', password: undefined }),
        400,
        { error: 'invalid_request' },
      ],
      [
        'wrong password',
        creds({ password: 'nope' }),
        403,
        { error: 'access_denied', error_description: 'Wrong email or password.' },
      ],
      [
        'unknown user',
        creds({ username: 'ghost@example.com' }),
        403,
        { error: 'access_denied', error_description: 'Wrong email or password.' },
      ],
      [
        'blocked',
        creds({ username: BLOCKED_USER.email, password: BLOCKED_USER.password }),
        403,
        { error: 'blocked_user' },
      ],
      [
        'leaked',
        creds({ username: LEAKED_USER.email, password: LEAKED_USER.password }),
        401,
        { error: 'password_leaked' },
      ],
    ];
    for (const [name, body, status, expected] of cases) {
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const reply = await co(body);
      expect(reply.status, name).toBe(status);
      expect(reply.json(), name).toMatchObject(expected);
    }
  });

  it('answers a disallowed origin with the plain-text 403, and preflights only web origins', async () => {
    const denied = await co(creds(), 'https://evil.example');
    expect(denied.status).toBe(403);
    expect(denied.headers['content-type']).toMatch(/^text\/plain/);
    expect(denied.text).toBe('Origin https://evil.example is not allowed.');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await send(tenant, '/co/authenticate', {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, auth0-client',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    const evil = await send(tenant, '/co/authenticate', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.status).toBe(403);
  });

  it('blocks after repeated failures, per user and per IP (too_many_attempts)', async () => {
    const def = defaultDefinition();
    def.brute_force = { max_attempts: 3, block_seconds: 60, suspicious_ip_threshold: 5 };
    const t = await startQuickTenant({ http: true, config: def });
    try {
      const attempt = (username: string, password: string) =>
        postJson(t, '/co/authenticate', creds({ username, password }));
      for (let i = 0; i < 3; i++) expect((await attempt(BOB.email, 'wrong')).status).toBe(403);
      const user = await attempt(BOB.email, BOB.password);
      expect(user.status).toBe(429);
      expect(user.json()).toMatchObject({
        error: 'too_many_attempts',
        error_description: expect.stringContaining('consecutive login attempts'),
      });
      expect((await attempt(ALICE.email, 'wrong')).status).toBe(403);
      expect((await attempt('x@example.com', 'wrong')).status).toBe(403);
      const ip = await attempt(ALICE.email, ALICE.password);
      expect(ip.status).toBe(429);
      expect(ip.json()).toMatchObject({
        error: 'too_many_attempts',
        error_description: expect.stringContaining('suspicious'),
      });
    } finally {
      await t.close();
    }
  });

  it('refuses a ticket for another client or connection', async () => {
    const body = (await co(creds())).json() as Json;
    const other = await send(
      tenant,
      authorizePath(implicitParams({ client_id: 'hs256-client', login_ticket: String(body['login_ticket']) })),
    );
    expect(fragmentOf(other.headers.location).get('error')).toBe('access_denied');
    const realm = await send(
      tenant,
      authorizePath(implicitParams({ login_ticket: String(body['login_ticket']), realm: 'db-with-username' })),
    );
    expect(fragmentOf(realm.headers.location).get('error')).toBe('access_denied');
  });
});
