import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenant } from '../server/server.js';
import type { RunningTenant } from '../server/server.js';
import { send } from '../testing/test-client.js';

describe('discovery documents', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    tenant = await startTenant({ http: true });
  });
  afterAll(() => tenant.close());

  it('exposes the running URL, domain and issuer', () => {
    expect(tenant.url).toBe(`http://localhost:${tenant.port}`);
    expect(tenant.domain).toBe(`localhost:${tenant.port}`);
    expect(tenant.issuer).toBe(`${tenant.url}/`);
    expect(tenant.port).toBeGreaterThan(0);
    expect(tenant.certPem).toBeUndefined();
  });

  it('serves the OpenID configuration to any origin, without credentials', async () => {
    const reply = await send(tenant, '/.well-known/openid-configuration', {
      headers: { origin: 'https://any.example' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('https://any.example');
    expect(reply.headers['access-control-allow-credentials']).toBeUndefined();
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const doc = reply.json() as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: tenant.issuer,
      authorization_endpoint: `${tenant.url}/authorize`,
      token_endpoint: `${tenant.url}/oauth/token`,
      userinfo_endpoint: `${tenant.url}/userinfo`,
      jwks_uri: `${tenant.url}/.well-known/jwks.json`,
    });
    expect(doc['id_token_signing_alg_values_supported']).toEqual(['RS256', 'HS256']);
    expect(doc['response_types_supported']).toEqual(
      expect.arrayContaining(['code', 'token', 'id_token', 'token id_token']),
    );
  });

  it('serves a JWKS with only the public RSA members', async () => {
    const reply = await send(tenant, '/.well-known/jwks.json', { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    const { keys } = reply.json() as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(Object.keys(key ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    // 2048-bit modulus = 256 bytes = 342 base64url characters.
    expect(String(key?.['n'])).toHaveLength(342);
  });

  it('makes a new key at every start', async () => {
    const other = await startTenant({ http: true });
    try {
      const a = (await send(tenant, '/.well-known/jwks.json')).json() as { keys: Array<{ kid: string }> };
      const b = (await send(other, '/.well-known/jwks.json')).json() as { keys: Array<{ kid: string }> };
      expect(a.keys[0]?.kid).not.toBe(b.keys[0]?.kid);
    } finally {
      await other.close();
    }
  });

  it('uses the configured public host name in URLs and the issuer', async () => {
    const other = await startTenant({ http: true, host: 'auth.localtest' });
    try {
      expect(other.issuer).toBe(`http://auth.localtest:${other.port}/`);
      const doc = (await send(other, '/.well-known/openid-configuration')).json() as { issuer: string };
      expect(doc.issuer).toBe(other.issuer);
    } finally {
      await other.close();
    }
  });

  it('serves the user avatar locally', async () => {
    const reply = await send(tenant, '/avatars/alice.svg');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml');
    expect(reply.text).toContain('<svg');
    expect((await send(tenant, '/avatars/nobody.svg')).status).toBe(404);
  });
});
