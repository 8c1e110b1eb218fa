import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_SECRET_BASIC, WEB_SECRET_POST } from '../testing/fixtures.js';
import type { RunningTenant } from '../server/server.js';
import { startTenantWithKeys } from '../testing/test-tenant.js';
import { codeFor, postForm, postJson, send } from '../testing/test-client.js';

type Json = Record<string, unknown>;
const APP_ORIGIN = 'http://127.0.0.1:3000';

describe('POST /oauth/revoke (RFC 7009)', () => {
  let tenant: RunningTenant;
  const token = (body: Json, headers?: Record<string, string>) => postJson(tenant, '/oauth/token', body, headers);
  const revoke = (body: Json, headers?: Record<string, string>) => postJson(tenant, '/oauth/revoke', body, headers);
  const refresh = (refreshToken: string, client: Json = { client_id: 'spa-client' }) =>
    token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client });

  /** A code-flow login of alice with offline_access: the first refresh token and the access token. */
  async function login(
    client: Json = { client_id: 'spa-client' },
    headers?: Record<string, string>,
  ): Promise<{ rt: string; at: string }> {
    const { code, redirectUri } = await codeFor(tenant, {
      client_id: String(client['client_id']),
      scope: 'openid offline_access',
    });
    const reply = await token(
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...client },
      headers,
    );
    expect(reply.status).toBe(200);
    const body = reply.json() as Json;
    return { rt: String(body['refresh_token']), at: String(body['access_token']) };
  }

  beforeAll(async () => ({ tenant } = await startTenantWithKeys()));
  afterAll(() => tenant.close());

  it('a public client (client_id only) revokes the whole family: the live token and its predecessors', async () => {
    const { rt: rt1 } = await login();
    const rt2 = String(((await refresh(rt1)).json() as Json)['refresh_token']);
    const reply = await revoke({ client_id: 'spa-client', token: rt2, token_type_hint: 'refresh_token' });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    expect(reply.headers['cache-control']).toBe('no-store');
    for (const presented of [rt2, rt1]) {
      const after = await refresh(presented);
      expect(after.status).toBe(400);
      expect(after.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('revoking a retired token of the family ends the live one too (form body)', async () => {
    const { rt: rt1 } = await login();
    const rt2 = String(((await refresh(rt1)).json() as Json)['refresh_token']);
    const reply = await postForm(tenant, '/oauth/revoke', { client_id: 'spa-client', token: rt1 });
    expect(reply.status).toBe(200);
    expect((await refresh(rt2)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers 200 for unknown tokens, access tokens, an unknown hint and a second revocation', async () => {
    const { rt, at } = await login();
    for (const body of [
      { client_id: 'spa-client', token: 'never-issued' },
      { client_id: 'spa-client', token: at, token_type_hint: 'access_token' },
      { client_id: 'spa-client', token: rt, token_type_hint: 'something_else' },
      { client_id: 'spa-client', token: rt },
    ]) {
      const reply = await revoke(body);
      expect(reply.status, JSON.stringify(body)).toBe(200);
    }
    expect((await refresh(rt)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("refuses to revoke another client's token (invalid_grant) and leaves it working", async () => {
    const { rt } = await login();
    const reply = await revoke({ ...secretPost(), token: rt });
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_grant' });
    expect(reply.text).not.toContain(rt);
    expect((await refresh(rt)).status).toBe(200);
  });

  it('authenticates clients as /oauth/token does', async () => {
    const { rt } = await login(secretPost());
    const failures: Array<[Json, Record<string, string>, number, string]> = [
      [{ token: rt }, {}, 401, 'invalid_client'],
      [{ client_id: WEB_SECRET_POST.clientId, token: rt }, {}, 401, 'invalid_client'],
      [{ ...secretPost(), client_secret: 'wrong', token: rt }, {}, 401, 'invalid_client'],
      [{ client_id: 'nobody', token: rt }, {}, 401, 'invalid_client'],
      [{ ...secretPost(), token: rt }, { authorization: basic() }, 400, 'invalid_request'],
      [{ ...secretPost() }, {}, 400, 'invalid_request'],
      [{ ...secretPost(), token: rt, refresh_token: rt }, {}, 400, 'invalid_request'],
      [{ ...secretPost(), token: 42 }, {}, 400, 'invalid_request'],
    ];
    for (const [body, headers, status, error] of failures) {
      const reply = await revoke(body, headers);
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(reply.json(), JSON.stringify(body)).toMatchObject({ error });
    }
    expect((await refresh(rt, secretPost())).status).toBe(200);
    // Client secret basic: only the header authenticates.
    const { rt: basicRt } = await login({ client_id: WEB_SECRET_BASIC.clientId }, { authorization: basic() });
    expect((await revoke({ token: basicRt }, { authorization: basic() })).status).toBe(200);
    const after = await token({ grant_type: 'refresh_token', refresh_token: basicRt }, { authorization: basic() });
    expect(after.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers CORS like /oauth/token: preflight for web origins, the origin named on the answer', async () => {
    const preflight = await send(tenant, '/oauth/revoke', {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    const foreign = await send(tenant, '/oauth/revoke', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
    const answer = await revoke({ client_id: 'spa-client', token: 'x' }, { origin: APP_ORIGIN });
    expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    const error = await revoke({ client_id: 'spa-client' }, { origin: APP_ORIGIN });
    expect(error.status).toBe(400);
    expect(error.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('is listed in the discovery document', async () => {
    const doc = (await send(tenant, '/.well-known/openid-configuration')).json() as Json;
    expect(doc['revocation_endpoint']).toBe(`${tenant.url}/oauth/revoke`);
    expect(doc['revocation_endpoint_auth_methods_supported']).toEqual(doc['token_endpoint_auth_methods_supported']);
  });
});

function secretPost(): Json {
  return { client_id: WEB_SECRET_POST.clientId, client_secret: WEB_SECRET_POST.clientSecret };
}

function basic(): string {
  return `Basic ${Buffer.from(`${WEB_SECRET_BASIC.clientId}:${WEB_SECRET_BASIC.clientSecret}`).toString('base64')}`;
}
