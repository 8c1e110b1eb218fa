/**
 * Shared checks for the attack catalogue: every case is one table row with an id, the public source
 * it comes from, and the exact error code it must end in. `expectOneRejection` asserts the rules of
 * issue 16 §3: exactly one callback carrying that code, nothing thrown, and no request to a host
 * other than the tenant's.
 */
import { webcrypto } from 'node:crypto';
import { expect } from 'vitest';
import type { JWK } from 'jose';
import type { FakeEnv } from './fake-env.js';
import { callsOf } from './fuzz.js';

/** One row of a catalogue table. */
export interface AttackCase<Setup> {
  id: string;
  source: string;
  name: string;
  setup: Setup;
  /** The exact `error` (or `code`) field of the error delivered to the callback. */
  error: string;
  /** Part of `errorDescription` (or `description`) that names the reason. */
  reason?: string | RegExp;
}

export const TENANT_HOST = 'me.auth0.com';

/** Test title: `ID [source] name`, so a failure names its source. */
export const title = (row: { id: string; source: string; name: string }) => `${row.id} [${row.source}] ${row.name}`;

/** Hosts the fake page sent requests to, other than the tenant's. */
export const foreignHosts = (env: FakeEnv, allowed = [TENANT_HOST]) =>
  env.fetches.map((f) => new URL(f.url).host).filter((host) => !allowed.includes(host));

/** Runs `start`, and checks: no throw, one call, its first argument carries `error` (and `reason`), no foreign request. */
export async function expectOneRejection(
  env: FakeEnv,
  start: (cb: (...args: unknown[]) => void) => void,
  error: string | number | null,
  reason?: string | RegExp,
): Promise<Record<string, any>> {
  let thrown: unknown;
  const calls = await callsOf((cb) => {
    try {
      start(cb);
    } catch (e) {
      thrown = e;
    }
  });
  expect(thrown).toBeUndefined();
  expect(calls).toHaveLength(1);
  expect(calls[0]![0]).toBeTruthy();
  const err = calls[0]![0] as Record<string, any>;
  expect(err?.error ?? err?.code ?? null).toBe(error);
  if (reason !== undefined)
    expect(String(err.errorDescription ?? err.description ?? err.error_description)).toMatch(reason);
  expect(calls[0]![1] ?? null).toBeNull();
  expect(foreignHosts(env)).toEqual([]);
  return err;
}

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
export const segment = (value: unknown) => b64(JSON.stringify(value));

/** An RSA key pair that can sign any header, including ones jose refuses to produce. */
export interface RawKeys {
  jwks: { keys: JWK[] };
  publicJwk: JWK;
  privateJwk: JWK;
  /** RS256 (or the `hash` given) over `header.payload`, both JSON-encoded as given. */
  signRaw(header: Record<string, unknown>, payload: unknown, hash?: string): Promise<string>;
}

export async function makeRawKeys(kid = 'k1', modulusLength = 2048): Promise<RawKeys> {
  // WebCrypto directly: jose refuses to make the sub-2048-bit keys the weak-key cases need.
  const pair = await webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const { kty, n, e } = (await webcrypto.subtle.exportKey('jwk', pair.publicKey)) as JWK;
  const publicJwk: JWK = { kty, n, e, kid, alg: 'RS256', use: 'sig' };
  const {
    key_ops: _ops,
    ext: _ext,
    alg: _alg,
    ...privateJwk
  } = (await webcrypto.subtle.exportKey('jwk', pair.privateKey)) as JWK;
  return {
    jwks: { keys: [publicJwk] },
    publicJwk,
    privateJwk,
    signRaw: async (header, payload, hash = 'SHA-256') => {
      const input = `${segment(header)}.${typeof payload === 'string' ? b64(payload) : segment(payload)}`;
      const key = await webcrypto.subtle.importKey(
        'jwk',
        privateJwk as webcrypto.JsonWebKey,
        { name: 'RSASSA-PKCS1-v1_5', hash },
        false,
        ['sign'],
      );
      const signature = await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(input));
      return `${input}.${b64(new Uint8Array(signature))}`;
    },
  };
}

/** An HS256 JWS over `header.payload` with `secret`. */
export async function signHmac(
  header: Record<string, unknown>,
  payload: unknown,
  secret: string | Uint8Array,
): Promise<string> {
  const input = `${segment({ alg: 'HS256', ...header })}.${segment(payload)}`;
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  const key = await webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${input}.${b64(new Uint8Array(await webcrypto.subtle.sign('HMAC', key, new TextEncoder().encode(input))))}`;
}
