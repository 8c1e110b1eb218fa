import { createHmac, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TenantContext } from '../state/context.js';
import { createSigningKey } from '../state/keys.js';
import { signHs256, signRs256, verifyHs256 } from './jws.js';
import { signValue, verifyValue } from './signed-values.js';

const claims = { iss: 'https://t.example/', sub: 'auth0|1', exp: 2_000_000_000, n: 'é' };

describe('compact JWS of the tenant', () => {
  it('RS256: jose verifies it with the published key; the header names the kid', async () => {
    const key = await createSigningKey();
    const token = await signRs256(key.kid, claims, key.signingKey);
    const { payload } = await jwtVerify(token, key.publicKey, { algorithms: ['RS256'] });
    expect(payload).toEqual(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: key.kid });
  });

  it('HS256: jose verifies it, and so does verifyHs256', async () => {
    const secret = randomBytes(32);
    const token = signHs256(claims, secret);
    expect((await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload).toEqual(claims);
    expect(verifyHs256(token, secret)).toEqual(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('verifyHs256 refuses any change, another secret, another header and non-canonical encodings', () => {
    const secret = randomBytes(32);
    const token = signHs256(claims, secret);
    const [h, p, s] = token.split('.') as [string, string, string];
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    // Correctly MACed with the right secret, but not a header signHs256 writes.
    const withHeader = (header: unknown) => {
      const input = `${b64(header)}.${p}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    expect(verifyHs256(withHeader({ alg: 'HS256', typ: 'JWT' }), secret)).toEqual(claims);
    for (const bad of [
      `${h}.${b64({ ...claims, sub: 'auth0|2' })}.${s}`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p}.${s}=`,
      `${h}.${p}.${s}.`,
      `${h}.${p}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      withHeader({ alg: 'HS256', typ: 'JWT', crit: ['b64'], b64: false }),
      withHeader({ alg: 'HS512', typ: 'JWT' }),
      withHeader({ alg: 'HS256' }),
      withHeader(['HS256', 'JWT']),
    ])
      expect(verifyHs256(bad, secret), bad).toBeUndefined();
    expect(verifyHs256(token, randomBytes(32))).toBeUndefined();
  });
});

describe('signed values', () => {
  let now = 1_700_000_000_000;
  const tenant = {
    issuer: 'https://t.example/',
    secret: randomBytes(32),
    state: { now: () => now },
  } as unknown as TenantContext;

  it('come back for their purpose while live, never for another, another tenant or after exp', async () => {
    const value = await signValue(tenant, 'csrf', { tx: 'abc' }, 60);
    expect((await verifyValue(tenant, 'csrf', value))?.['tx']).toBe('abc');
    expect(await verifyValue(tenant, 'login-state', value)).toBeUndefined();
    expect(await verifyValue({ ...tenant, secret: randomBytes(32) } as TenantContext, 'csrf', value)).toBeUndefined();
    expect(
      await verifyValue({ ...tenant, issuer: 'https://u.example/' } as TenantContext, 'csrf', value),
    ).toBeUndefined();
    for (const junk of [undefined, 42, '', 'load-state', 'a.b.c', 'x'.repeat(5000)])
      expect(await verifyValue(tenant, 'csrf', junk)).toBeUndefined();
    now += 59_000;
    expect(await verifyValue(tenant, 'csrf', value)).toBeDefined();
    now += 1_000;
    expect(await verifyValue(tenant, 'csrf', value)).toBeUndefined();
  });
});
