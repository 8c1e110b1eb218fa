/** DPoP at the token endpoint (RFC 9449 §4.3, §5): every check of a proof, and token binding. */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SECRET_POST } from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { codeFor, postJson, send, adminHeader } from '../testing/test-client.js';
import { dpopKey, dpopLogin, dpopProof, tokenRequest, type DpopKey } from '../testing/dpop-proof.js';

type Json = Record<string, unknown>;

describe('DPoP at /oauth/token', () => {
  let tenant: RunningTenant;
  let key: DpopKey;
  let tokenUrl: string;
  const refresh = (refreshToken: string, proof?: string) =>
    tokenRequest(tenant, { grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: refreshToken }, proof);

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true, testEndpoints: true });
    key = await dpopKey();
    tokenUrl = `${tenant.url}/oauth/token`;
  });
  afterAll(() => tenant.close());

  it('binds the code exchange: token_type DPoP, cnf.jkt in the access token', async () => {
    const body = await dpopLogin(tenant, key);
    expect(body['token_type']).toBe('DPoP');
    expect(decodeJwt(String(body['access_token']))['cnf']).toEqual({ jkt: key.jkt });
    expect(body['refresh_token']).toEqual(expect.any(String));
  });

  it('without a DPoP header nothing changes: Bearer, no cnf', async () => {
    const { code, redirectUri } = await codeFor(tenant, { scope: 'openid offline_access' });
    const body = (
      await tokenRequest(tenant, {
        grant_type: 'authorization_code',
        client_id: 'spa-client',
        code,
        redirect_uri: redirectUri,
      })
    ).json() as Json;
    expect(body['token_type']).toBe('Bearer');
    expect(decodeJwt(String(body['access_token']))).not.toHaveProperty('cnf');
    // An unbound refresh token refreshes without a proof, as before.
    expect((await refresh(String(body['refresh_token']))).status).toBe(200);
  });

  it('a bound refresh token needs a proof by its key; without one or with another key: invalid_grant', async () => {
    const rt = String((await dpopLogin(tenant, key))['refresh_token']);
    const other = await dpopKey();
    for (const proof of [undefined, await dpopProof(other, tokenUrl)]) {
      const reply = await refresh(rt, proof);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // Those attempts did not use the token up or revoke its family: the key holder refreshes.
    const ok = await refresh(rt, await dpopProof(key, tokenUrl));
    expect(ok.status).toBe(200);
    const body = ok.json() as Json;
    expect(body['token_type']).toBe('DPoP');
    expect(decodeJwt(String(body['access_token']))['cnf']).toEqual({ jkt: key.jkt });
    // The successor is bound too.
    const successor = String(body['refresh_token']);
    expect((await refresh(successor)).json()).toMatchObject({ error: 'invalid_grant' });
    // A copy of the retired token without the key cannot trigger reuse detection (the family lives)…
    expect((await refresh(rt)).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await refresh(successor, await dpopProof(key, tokenUrl))).status).toBe(200);
    // …but the key holder replaying a retired token still revokes the family.
    const reuse = await refresh(rt, await dpopProof(key, tokenUrl));
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('reuse') });
  });

  it('refuses each malformed or misused proof with invalid_dpop_proof, before the grant runs', async () => {
    const rt = String((await dpopLogin(tenant, key))['refresh_token']);
    const now = Math.floor(Date.now() / 1000);
    const replayed = await dpopProof(key, tokenUrl);
    const first = await refresh(rt, replayed);
    expect(first.status).toBe(200);
    const live = String((first.json() as Json)['refresh_token']);
    const other = await dpopKey();
    const privateJwk = { ...key.publicJwk, d: 'AAAA' };
    const cases: Array<[string, string, string]> = [
      ['replayed jti', 'jti', replayed],
      ['another URL', 'htu', await dpopProof(key, `${tenant.url}/userinfo`)],
      ['another host', 'htu', await dpopProof(key, `http://127.0.0.2:${tenant.port}/oauth/token`)],
      ['another method', 'htm', await dpopProof(key, tokenUrl, { htm: 'GET' })],
      ['old iat', 'iat', await dpopProof(key, tokenUrl, { iat: now - 3600 })],
      ['iat in the future', 'iat', await dpopProof(key, tokenUrl, { iat: now + 600 })],
      ['signed by a key other than its jwk', 'signature', await dpopProof(key, tokenUrl, { jwk: other.publicJwk })],
      ['private members in jwk', 'private', await dpopProof(key, tokenUrl, { jwk: privateJwk })],
      ['typ not dpop+jwt', 'typ', await dpopProof(key, tokenUrl, { typ: 'JWT' })],
      ['not a JWT', 'signed JWT', 'not-a-jwt'],
      ['two proofs', 'exactly one', `${await dpopProof(key, tokenUrl)}, ${await dpopProof(key, tokenUrl)}`],
    ];
    for (const [name, check, proof] of cases) {
      const reply = await refresh(live, proof);
      expect(reply.status, name).toBe(400);
      expect(reply.json(), name).toMatchObject({
        error: 'invalid_dpop_proof',
        error_description: expect.stringContaining(check),
      });
      expect(reply.text, name).not.toContain(live);
    }
    // None of them rotated or revoked the token.
    expect((await refresh(live, await dpopProof(key, tokenUrl))).status).toBe(200);
  });

  it('/oauth/revoke revokes a bound refresh token only with a proof by its key', async () => {
    const rt = String((await dpopLogin(tenant, key))['refresh_token']);
    const revokeUrl = `${tenant.url}/oauth/revoke`;
    const revoke = (proof?: string) =>
      postJson(
        tenant,
        '/oauth/revoke',
        { client_id: 'spa-client', token: rt },
        proof === undefined ? {} : { dpop: proof },
      );
    for (const proof of [undefined, await dpopProof(await dpopKey(), revokeUrl)]) {
      const reply = await revoke(proof);
      expect(reply.status).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // A proof for the token endpoint is not one for the revocation endpoint.
    expect((await revoke(await dpopProof(key, tokenUrl))).json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect((await revoke(await dpopProof(key, revokeUrl))).status).toBe(200);
    expect((await refresh(rt, await dpopProof(key, tokenUrl))).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses symmetric and unsupported algorithms', async () => {
    const { code, redirectUri } = await codeFor(tenant, { scope: 'openid' });
    const exchange = { grant_type: 'authorization_code', client_id: 'spa-client', code, redirect_uri: redirectUri };
    const header = (h: Json) => Buffer.from(JSON.stringify(h)).toString('base64url');
    const claims = header({ htm: 'POST', htu: tokenUrl, jti: 'x', iat: Math.floor(Date.now() / 1000) });
    for (const alg of ['HS256', 'none', 'ES512']) {
      const proof = `${header({ alg, typ: 'dpop+jwt', jwk: key.publicJwk })}.${claims}.c2ln`;
      const reply = await tokenRequest(tenant, exchange, proof);
      expect(reply.json(), alg).toMatchObject({ error: 'invalid_dpop_proof' });
    }
    // The code was not used by the refused requests.
    expect((await tokenRequest(tenant, exchange, await dpopProof(key, tokenUrl))).status).toBe(200);
  });

  it('answers hostile DPoP headers with invalid_dpop_proof, never a 5xx', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = b64({ htm: 'POST', htu: tokenUrl, jti: 'j', iat: Math.floor(Date.now() / 1000) });
    const withHeader = (h: unknown) => `${b64(h)}.${claims}.c2ln`;
    const hostile = [
      '',
      ' ',
      'a.b.c',
      'x'.repeat(9000),
      withHeader(null),
      withHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: 'string' }),
      withHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: [] }),
      withHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: { kty: 'EC' } }),
      withHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: { kty: 'oct', k: 'AAAA' } }),
      withHeader({ alg: 'RS256', typ: 'dpop+jwt', jwk: key.publicJwk }),
      withHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: { ...key.publicJwk, x: 'not-a-point' } }),
    ];
    for (const proof of hostile) {
      const reply = await refresh('whatever', proof);
      expect(reply.status, proof.slice(0, 60)).toBe(400);
      expect(reply.json(), proof.slice(0, 60)).toMatchObject({ error: 'invalid_dpop_proof' });
    }
  });

  it('also binds client_credentials tokens (with the client certificate binding left as it was)', async () => {
    const reply = await tokenRequest(
      tenant,
      {
        grant_type: 'client_credentials',
        client_id: WEB_SECRET_POST.clientId,
        client_secret: WEB_SECRET_POST.clientSecret,
        audience: 'https://api.example.test/',
      },
      await dpopProof(key, tokenUrl),
    );
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    expect(body['token_type']).toBe('DPoP');
    expect(decodeJwt(String(body['access_token']))['cnf']).toEqual({ jkt: key.jkt });
  });

  it('the dpopNonce switch: use_dpop_nonce with a DPoP-Nonce header, then the nonce is accepted', async () => {
    expect(
      (await postJson(tenant, '/__admin/switches', { dpopNonce: true }, adminHeader(tenant))).json(),
    ).toMatchObject({
      dpopNonce: true,
    });
    try {
      const rt = String((await dpopLoginWithNonce())['refresh_token']);
      const missing = await refresh(rt, await dpopProof(key, tokenUrl));
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({ error: 'use_dpop_nonce' });
      const nonce = String(missing.headers['dpop-nonce']);
      expect(nonce).toMatch(/^[\w-]{16,}$/);
      const wrong = await refresh(rt, await dpopProof(key, tokenUrl, { nonce: 'made-up' }));
      expect(wrong.json()).toMatchObject({ error: 'use_dpop_nonce' });
      const ok = await refresh(rt, await dpopProof(key, tokenUrl, { nonce }));
      expect(ok.status).toBe(200);
      expect(ok.headers['dpop-nonce']).toBe(nonce);
      // Requests without DPoP are not affected.
      const { code, redirectUri } = await codeFor(tenant, { scope: 'openid' });
      const plain = await tokenRequest(tenant, {
        grant_type: 'authorization_code',
        client_id: 'spa-client',
        code,
        redirect_uri: redirectUri,
      });
      expect(plain.status).toBe(200);
      expect(plain.headers['dpop-nonce']).toBeUndefined();
    } finally {
      tenant.setSwitches({ dpopNonce: false });
    }
  });

  it('CORS lets pages send DPoP and read DPoP-Nonce; discovery lists the algorithms', async () => {
    const origin = 'http://127.0.0.1:3000';
    const preflight = await send(tenant, '/oauth/token', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, dpop',
      },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('DPoP');
    const withOrigin = await send(tenant, '/oauth/token', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(String(withOrigin.headers['access-control-expose-headers'])).toContain('DPoP-Nonce');
    const doc = (await send(tenant, '/.well-known/openid-configuration')).json() as Json;
    expect(doc['dpop_signing_alg_values_supported']).toEqual(expect.arrayContaining(['ES256']));
  });

  async function dpopLoginWithNonce(): Promise<Json> {
    const { code, redirectUri } = await codeFor(tenant, { scope: 'openid offline_access' });
    const exchange = { grant_type: 'authorization_code', client_id: 'spa-client', code, redirect_uri: redirectUri };
    const first = await tokenRequest(tenant, exchange, await dpopProof(key, tokenUrl));
    expect(first.json()).toMatchObject({ error: 'use_dpop_nonce' });
    const nonce = String(first.headers['dpop-nonce']);
    const reply = await tokenRequest(tenant, exchange, await dpopProof(key, tokenUrl, { nonce }));
    expect(reply.status).toBe(200);
    return reply.json() as Json;
  }
});
