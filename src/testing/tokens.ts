/** Signs test ID tokens with real keys (jose), and serves their JWKS from a fake env. */
import { createHash } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { json, type FakeEnv } from './fake-env.js';

export interface TestKeys {
  jwks: { keys: JWK[] };
  sign(claims: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  signHs256(claims: Record<string, unknown>, secret: string): Promise<string>;
}

export async function makeKeys(kid = 'k1'): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign: (claims, header = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT', ...header }).sign(privateKey),
    signHs256: (claims, secret) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret)),
  };
}

/** Standard claims for `clientID` on `issuer`, valid at the env's clock. */
export function claimsFor(env: FakeEnv, issuer: string, clientID: string, extra: Record<string, unknown> = {}) {
  const now = Math.floor(env.clock / 1000);
  return { iss: issuer, sub: 'auth0|alice', aud: clientID, iat: now, exp: now + 3600, ...extra };
}

/** Makes `env` answer `url` with the key set, counting the fetches. */
export function serveJwks(env: FakeEnv, url: string, keys: TestKeys): { count: number } {
  const counter = { count: 0 };
  env.respond = (input) => {
    if (input !== url) return new Response('nope', { status: 404, statusText: 'Not Found' });
    counter.count++;
    return json(keys.jwks);
  };
  return counter;
}

/** The `at_hash` of `accessToken` (OIDC Core 3.2.2.9), computed with Node's crypto, not the library's. */
export const atHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
