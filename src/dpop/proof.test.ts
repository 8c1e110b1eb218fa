import { webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../errors.js';
import { fakeEnv } from '../testing/fake-env.js';
import { generateDpopKeyPair } from './key-pair.js';
import { createProof, htmOf, htuOf } from './proof.js';

const subtle = () => webcrypto.subtle as unknown as SubtleCrypto;
const TOKEN_URL = 'https://tenant.example.com/oauth/token';

/** Verifies `proof` with jose against the key in its own header, as a DPoP server does (RFC 9449 §4.3). */
async function verifyProof(proof: string) {
  const { payload, protectedHeader } = await jwtVerify(proof, EmbeddedJWK, {
    typ: 'dpop+jwt',
    algorithms: ['ES256'],
  });
  return { payload, header: protectedHeader };
}

describe('DPoP proofs', () => {
  it('are ES256 JWTs that jose verifies with the embedded public jwk, with the RFC 9449 claims', async () => {
    const env = fakeEnv();
    const pair = await generateDpopKeyPair(subtle);
    const proof = await createProof(pair, { method: 'POST', url: TOKEN_URL }, env);
    const { payload, header } = await verifyProof(proof);
    expect(header).toEqual({ typ: 'dpop+jwt', alg: 'ES256', jwk: pair.jwk });
    expect(Object.keys(header.jwk!).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(payload).toEqual({ htm: 'POST', htu: TOKEN_URL, iat: Math.floor(env.clock / 1000), jti: payload.jti });
    expect(payload.jti).toMatch(/^[\w.~-]{32}$/);
    expect(await calculateJwkThumbprint(header.jwk!)).toBe(await calculateJwkThumbprint(pair.jwk));
  });

  it('carry a fresh jti on every proof', async () => {
    const pair = await generateDpopKeyPair(subtle);
    const proofs = await Promise.all(
      Array.from({ length: 20 }, () => createProof(pair, { method: 'GET', url: TOKEN_URL }, fakeEnv())),
    );
    const ids = await Promise.all(proofs.map(async (p) => (await verifyProof(p)).payload.jti));
    expect(new Set(ids).size).toBe(20);
  });

  it('carry the nonce when one is known and ath, the base64url SHA-256 of the access token', async () => {
    const pair = await generateDpopKeyPair(subtle);
    const accessToken = 'eyJ.access.token';
    const proof = await createProof(
      pair,
      { method: 'GET', url: 'https://tenant.example.com/userinfo', nonce: 'n-1', accessToken },
      fakeEnv(),
    );
    const { payload } = await verifyProof(proof);
    const digest = Buffer.from(await subtle().digest('SHA-256', new TextEncoder().encode(accessToken)));
    expect(payload.ath).toBe(digest.toString('base64url'));
    expect(payload.nonce).toBe('n-1');
    expect(proof).not.toContain(accessToken);
  });

  it('leave query, fragment and credentials out of htu', async () => {
    expect(htuOf('https://api.example.com/orders?id=1&x=2#frag')).toBe('https://api.example.com/orders');
    expect(htuOf('https://user:pw@api.example.com:8443/a/b?')).toBe('https://api.example.com:8443/a/b');
    expect(htuOf('http://127.0.0.1:3000/oauth/token#x')).toBe('http://127.0.0.1:3000/oauth/token');
    const pair = await generateDpopKeyPair(subtle);
    const proof = await createProof(pair, { method: 'GET', url: `${TOKEN_URL}?code=secret#hash` }, fakeEnv());
    expect((await verifyProof(proof)).payload.htu).toBe(TOKEN_URL);
    expect(proof).not.toContain('secret');
  });

  it('give htm as fetch sends the method: the six standard methods upper-cased, others as given', () => {
    expect(htmOf('post')).toBe('POST');
    expect(htmOf('Delete')).toBe('DELETE');
    expect(htmOf('PATCH')).toBe('PATCH');
    expect(htmOf('patch')).toBe('patch');
  });

  it('refuse a bad method, URL or access token with an ArgumentError', async () => {
    const pair = await generateDpopKeyPair(subtle);
    const env = fakeEnv();
    const cases: [Record<string, unknown>, string][] = [
      [{ method: '', url: TOKEN_URL }, 'method is not valid'],
      [{ method: 'GET POST', url: TOKEN_URL }, 'method is not valid'],
      [{ method: undefined, url: TOKEN_URL }, 'method is not valid'],
      [{ method: 'GET', url: 'not a url' }, 'url is not valid'],
      [{ method: 'GET', url: 'javascript:alert(1)' }, 'url is not valid'],
      [{ method: 'GET', url: 42 }, 'url is not valid'],
      [{ method: 'GET', url: TOKEN_URL, accessToken: '' }, 'accessToken is not valid'],
      [{ method: 'GET', url: TOKEN_URL, accessToken: { token: 'x' } }, 'accessToken is not valid'],
    ];
    for (const [request, message] of cases) {
      const error = await createProof(pair, request as never, env).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toBe(message);
    }
  });

  it('are signed by the pair: a proof whose jwk is swapped for another key fails verification', async () => {
    const [pair, other] = await Promise.all([generateDpopKeyPair(subtle), generateDpopKeyPair(subtle)]);
    const proof = await createProof(pair, { method: 'POST', url: TOKEN_URL }, fakeEnv());
    const [, payload, signature] = proof.split('.');
    const header = { ...decodeProtectedHeader(proof), jwk: other.jwk };
    const forged = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}.${signature}`;
    await expect(verifyProof(forged)).rejects.toThrow(/signature/);
  });
});
