/** Passkeys (issue 48): sign-up and sign-in through /passkey/* and the webauthn grant. */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDefinition } from '../config/defaults.js';
import { dpopKey, dpopProof } from '../testing/dpop-proof.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { send, type Reply } from '../testing/test-client.js';
import { SoftAuthenticator } from '../testing/soft-authenticator.js';
import { APP_ORIGIN, challenge, redeem, register, signIn, signUp } from '../testing/passkey-ceremony.js';

type Json = Record<string, unknown>;

describe('passkeys: the happy path', () => {
  let tenant: RunningTenant;
  let jwks: JWTVerifyGetKey;

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    jwks = createLocalJWKSet((await send(tenant, '/.well-known/jwks.json')).json() as JSONWebKeySet);
  });
  afterAll(() => tenant.close());

  it('answers the creation and request options the service documents', async () => {
    const signup = await register(tenant, { email: 'options@example.com', name: 'Opt Ions' });
    expect(signup.authSession).toMatch(/^[\w-]{20,}$/);
    expect(signup.options).toEqual({
      challenge: expect.stringMatching(/^[\w-]{40,}$/),
      timeout: 60000,
      rp: { id: 'localhost', name: 'Local tenant' },
      user: { id: expect.stringMatching(/^[\w-]+$/), name: 'options@example.com', displayName: 'Opt Ions' },
      pubKeyCredParams: [-8, -7, -257].map((alg) => ({ type: 'public-key', alg })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const login = await challenge(tenant);
    expect(login.options).toEqual({
      challenge: expect.stringMatching(/^[\w-]{40,}$/),
      timeout: 60000,
      rpId: 'localhost',
      userVerification: 'preferred',
    });
  });

  it('sign-up then sign-in give the same sub; the tokens verify against the JWKS', async () => {
    const authenticator = new SoftAuthenticator();
    const up = await signUp(tenant, authenticator, { email: 'pat@example.com', name: 'Pat Key' });
    expect(up.status).toBe(200);
    const upBody = up.json() as Json;
    expect(upBody).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const upId = await jwtVerify(String(upBody['id_token']), jwks, { issuer: tenant.issuer, audience: 'spa-client' });
    await jwtVerify(String(upBody['access_token']), jwks, { issuer: tenant.issuer });
    expect(upId.payload).not.toHaveProperty('nonce');

    const inReply = await signIn(tenant, authenticator);
    expect(inReply.status).toBe(200);
    const inBody = inReply.json() as Json;
    const inId = await jwtVerify(String(inBody['id_token']), jwks, { issuer: tenant.issuer, audience: 'spa-client' });
    expect(inId.payload.sub).toBe(upId.payload.sub);
    expect(inId.payload.sub).toMatch(/^auth0\|[0-9a-f]{24}$/);
    expect(decodeJwt(String(inBody['access_token'])).sub).toBe(inId.payload.sub);
  });

  it('answers CORS for the allowed web origins, preflight included (JSON POSTs are not simple)', async () => {
    for (const path of ['/passkey/register', '/passkey/challenge', '/oauth/token']) {
      const preflight = await send(tenant, path, {
        method: 'OPTIONS',
        headers: {
          origin: APP_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,dpop',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': APP_ORIGIN,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': expect.stringContaining('DPoP'),
      });
      const refused = await send(tenant, path, { method: 'OPTIONS', headers: { origin: 'https://app.example.test' } });
      expect(refused.status).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
    const reply = await send(tenant, '/passkey/challenge', {
      method: 'POST',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'spa-client' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('binds the tokens to a DPoP key, and gives a refresh token for offline_access', async () => {
    const authenticator = new SoftAuthenticator();
    expect((await signUp(tenant, authenticator, { email: 'dee@example.com' })).status).toBe(200);
    const key = await dpopKey();
    const { authSession, options } = await challenge(tenant);
    const reply = await redeem(
      tenant,
      authSession,
      authenticator.get(options, { origin: APP_ORIGIN }),
      { scope: 'openid offline_access' },
      await dpopProof(key, `${tenant.url}/oauth/token`),
    );
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    expect(body).toMatchObject({ token_type: 'DPoP', refresh_token: expect.any(String) });
    expect(decodeJwt(String(body['access_token']))['cnf']).toEqual({ jkt: key.jkt });
    // The refresh token is bound too: without a proof it is refused.
    const refresh = await send(tenant, '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'refresh_token',
        client_id: 'spa-client',
        refresh_token: body['refresh_token'],
      }),
    });
    expect(refresh.status).toBe(400);
  });

  it('sign-up keeps the profile and user_metadata; the Management API shows the passkey', async () => {
    const authenticator = new SoftAuthenticator();
    const { authSession, options } = await register(
      tenant,
      {
        email: 'meta@example.com',
        given_name: 'Meta',
        family_name: 'Data',
        name: 'Meta Data',
        phone_number: '+15551234567',
      },
      { user_metadata: { plan: 'free', locale: 'en' } },
    );
    const reply = await redeem(tenant, authSession, authenticator.create(options, { origin: APP_ORIGIN }), {
      scope: 'openid profile email read:current_user',
      audience: `${tenant.issuer}api/v2/`,
    });
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    const sub = String(decodeJwt(String(body['id_token'])).sub);
    const user = await send(tenant, `/api/v2/users/${encodeURIComponent(sub)}`, {
      headers: { authorization: `Bearer ${String(body['access_token'])}` },
    });
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({
      user_id: sub,
      email: 'meta@example.com',
      email_verified: false,
      name: 'Meta Data',
      user_metadata: { plan: 'free', locale: 'en' },
      identities: [{ connection: 'Username-Password-Authentication', provider: 'auth0', isSocial: false }],
      authentication_methods: [
        {
          type: 'passkey',
          key_id: authenticator.credentials[0]?.id,
          credential_device_type: 'singleDevice',
          credential_backed_up: false,
          transports: ['internal'],
          created_at: expect.any(String),
        },
      ],
    });
    expect(decodeJwt(String(body['id_token']))).toMatchObject({ given_name: 'Meta', family_name: 'Data' });
  });
});

describe('passkeys: kept with the user across restarts (--data), RP ID from the definition', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-passkeys-'));
  const dataFile = join(dir, 'data.json');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a passkey registered before a restart signs in after it; its counter is kept', async () => {
    const config = defaultDefinition();
    config.passkeys = { rp_id: 'localhost', rp_name: 'Passkey Test' };
    const authenticator = new SoftAuthenticator();
    let tenant = await startQuickTenant({ http: true, dataFile, config });
    const signedUp: Reply = await signUp(tenant, authenticator, { email: 'keep@example.com' });
    expect(signedUp.status).toBe(200);
    expect((await signIn(tenant, authenticator, { counter: 7 })).status).toBe(200);
    await tenant.close();
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { users: Array<Record<string, unknown>> };
    const user = saved.users.find((u) => u['email'] === 'keep@example.com');
    expect(user?.['passkeys']).toEqual([expect.objectContaining({ id: authenticator.credentials[0]?.id, counter: 7 })]);
    expect(user).not.toHaveProperty('passwordHash');

    tenant = await startQuickTenant({ http: true, dataFile, config });
    try {
      expect((await register(tenant, { email: 'other@example.com' })).options.rp).toEqual({
        id: 'localhost',
        name: 'Passkey Test',
      });
      expect((await signIn(tenant, authenticator, { counter: 6 })).status).toBe(400); // the counter survived
      const again = await signIn(tenant, authenticator, { counter: 8 });
      expect(again.status).toBe(200);
      expect(decodeJwt(String((again.json() as Json)['id_token'])).sub).toBe(user?.['userId']);
    } finally {
      await tenant.close();
    }
  });
});
