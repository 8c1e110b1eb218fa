/** Passkeys (issue 48): sign-up and sign-in through /passkey/* and the webauthn grant. */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { send } from '../testing/test-client.js';
import { SoftAuthenticator } from '../testing/soft-authenticator.js';
import { challenge, register, signIn, signUp } from '../testing/passkey-ceremony.js';

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
});
