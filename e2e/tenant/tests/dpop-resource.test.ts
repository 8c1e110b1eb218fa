/**
 * DPoP at resource endpoints (RFC 9449 §7): /userinfo and the Management API take a bound token
 * with `Authorization: DPoP` and a proof carrying its hash, and refuse it as `Bearer`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE } from '../testing/fixtures.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';
import { codeFor, send, type Reply } from '../testing/test-client.js';
import { dpopKey, dpopLogin, dpopProof, tokenRequest, type DpopKey } from '../testing/dpop-proof.js';

describe('DPoP-bound access tokens at /userinfo and /api/v2', () => {
  let tenant: RunningTenant;
  let key: DpopKey;
  let accessToken: string;
  let userinfoUrl: string;
  const userinfo = (authorization: string, proof?: string): Promise<Reply> =>
    send(tenant, '/userinfo', { headers: { authorization, ...(proof === undefined ? {} : { dpop: proof }) } });
  const proofFor = (opts: Parameters<typeof dpopProof>[2] = {}) =>
    dpopProof(key, userinfoUrl, { htm: 'GET', accessToken, ...opts });

  beforeAll(async () => {
    tenant = await startQuickTenant({ http: true });
    key = await dpopKey();
    userinfoUrl = `${tenant.url}/userinfo`;
    accessToken = String((await dpopLogin(tenant, key))['access_token']);
  });
  afterAll(() => tenant.close());

  it('/userinfo answers a DPoP request with a proof by the bound key', async () => {
    const reply = await userinfo(`DPoP ${accessToken}`, await proofFor());
    expect(reply.status).toBe(200);
    expect(reply.json()).toMatchObject({ sub: ALICE.userId });
  });

  it('/userinfo refuses the bound token as Bearer: 401, WWW-Authenticate DPoP error="invalid_token"', async () => {
    const reply = await userinfo(`Bearer ${accessToken}`);
    expect(reply.status).toBe(401);
    expect(reply.json()).toMatchObject({ error: 'invalid_token' });
    expect(String(reply.headers['www-authenticate'])).toMatch(/^DPoP error="invalid_token"/);
    // A proof alongside does not make Bearer acceptable.
    expect((await userinfo(`Bearer ${accessToken}`, await proofFor())).status).toBe(401);
  });

  it('/userinfo refuses missing, replayed, misdirected and foreign proofs', async () => {
    const replayed = await proofFor();
    expect((await userinfo(`DPoP ${accessToken}`, replayed)).status).toBe(200);
    const other = await dpopKey();
    const cases: Array<[string, string | undefined, string]> = [
      ['no proof', undefined, 'invalid_dpop_proof'],
      ['replayed jti', replayed, 'invalid_dpop_proof'],
      ['no ath', await dpopProof(key, userinfoUrl, { htm: 'GET' }), 'invalid_dpop_proof'],
      ['ath of another token', await proofFor({ accessToken: `${accessToken}x` }), 'invalid_dpop_proof'],
      ['another method', await proofFor({ htm: 'POST' }), 'invalid_dpop_proof'],
      [
        'another URL',
        await dpopProof(key, `${tenant.url}/oauth/token`, { htm: 'GET', accessToken }),
        'invalid_dpop_proof',
      ],
      ['old iat', await proofFor({ iat: Math.floor(Date.now() / 1000) - 3600 }), 'invalid_dpop_proof'],
      ['another key', await dpopProof(other, userinfoUrl, { htm: 'GET', accessToken }), 'invalid_token'],
    ];
    for (const [name, proof, error] of cases) {
      const reply = await userinfo(`DPoP ${accessToken}`, proof);
      expect(reply.status, name).toBe(401);
      expect(reply.json(), name).toMatchObject({ error });
      expect(String(reply.headers['www-authenticate']), name).toContain(`DPoP error="${error}"`);
    }
  });

  it('/userinfo refuses an unbound token sent with the DPoP scheme; Bearer works for it as before', async () => {
    const { code, redirectUri } = await codeFor(tenant, { scope: 'openid' });
    const plain = String(
      (
        (
          await tokenRequest(tenant, {
            grant_type: 'authorization_code',
            client_id: 'spa-client',
            code,
            redirect_uri: redirectUri,
          })
        ).json() as Record<string, unknown>
      )['access_token'],
    );
    expect((await userinfo(`Bearer ${plain}`)).status).toBe(200);
    const refused = await userinfo(`DPoP ${plain}`, await proofFor({ accessToken: plain }));
    expect(refused.status).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('/userinfo with the dpopNonce switch: use_dpop_nonce and a DPoP-Nonce header, then 200', async () => {
    tenant.setSwitches({ dpopNonce: true });
    try {
      const first = await userinfo(`DPoP ${accessToken}`, await proofFor());
      expect(first.status).toBe(401);
      expect(String(first.headers['www-authenticate'])).toContain('DPoP error="use_dpop_nonce"');
      const nonce = String(first.headers['dpop-nonce']);
      expect((await userinfo(`DPoP ${accessToken}`, await proofFor({ nonce }))).status).toBe(200);
    } finally {
      tenant.setSwitches({ dpopNonce: false });
    }
  });

  it('the Management API takes the bound token with DPoP and refuses it as Bearer', async () => {
    const body = await dpopLogin(tenant, key, {
      audience: `${tenant.issuer}api/v2/`,
      scope: 'openid read:current_user',
    });
    const token = String(body['access_token']);
    const path = `/api/v2/users/${encodeURIComponent(ALICE.userId)}`;
    const url = `${tenant.url}${path}`;
    const ok = await send(tenant, path, {
      headers: { authorization: `DPoP ${token}`, dpop: await dpopProof(key, url, { htm: 'GET', accessToken: token }) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ user_id: ALICE.userId });
    const bearer = await send(tenant, path, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);
    expect(bearer.headers['www-authenticate']).toBe('DPoP error="invalid_token"');
    const foreign = await send(tenant, path, {
      headers: {
        authorization: `DPoP ${token}`,
        dpop: await dpopProof(await dpopKey(), url, { htm: 'GET', accessToken: token }),
      },
    });
    expect(foreign.status).toBe(401);
    const noProof = await send(tenant, path, { headers: { authorization: `DPoP ${token}` } });
    expect(noProof.status).toBe(401);
    expect(noProof.headers['www-authenticate']).toBe('DPoP error="invalid_dpop_proof"');
  });
});
