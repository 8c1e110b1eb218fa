/**
 * Token verification under random mutations of a valid RS256 ID token: every mutation is rejected
 * with an `invalid_token` AuthResponseError through the callback, exactly once, and nothing throws.
 */
import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthResponseError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, serveJwks, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import { callsOf, fuzzParams } from '../testing/fuzz.js';

const ISSUER = 'https://me.auth0.com/';
const JWKS = 'https://me.auth0.com/.well-known/jwks.json';
const NONCE = 'n0nce';
let keys: TestKeys;
let otherSameKid: TestKeys;
let otherKid: TestKeys;
let env: FakeEnv;
let valid: string;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const json = (value: unknown) => b64(new TextEncoder().encode(JSON.stringify(value)));
const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString());

type Mutation = (token: string) => Promise<string> | string;

/** Flips one bit of one decoded byte of a segment (so base64url's padding bits can't hide it). */
const flipByte = fc
  .record({ segment: fc.integer({ min: 0, max: 2 }), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) })
  .map(({ segment, at, bit }): Mutation => (token) => {
    const parts = token.split('.');
    const bytes = unb64(parts[segment]!);
    bytes[at % bytes.length]! ^= 1 << bit;
    parts[segment] = b64(bytes);
    return parts.join('.');
  });

/** Rewrites header fields (alg, kid, typ) while keeping the original signature. */
const swapHeader = fc
  .record(
    {
      alg: fc.constantFrom('none', 'HS256', 'RS384', 'RS512', 'PS256', 'ES256', 'rs256', '', 'RS256 '),
      kid: fc.oneof(fc.string(), fc.constant('k2')),
      typ: fc.constantFrom('JWT', 'at+jwt', 'JWS', ''),
    },
    { requiredKeys: [] },
  )
  .filter((changes) => Object.keys(changes).length > 0)
  .map((changes): Mutation => (token) => {
    const [header, ...rest] = token.split('.');
    return [json({ ...decode(header!), ...changes }), ...rest].join('.');
  });

/** Drops, duplicates or reorders segments, or truncates the token. */
const reshape = fc
  .oneof(
    fc.constantFrom([0, 1], [0, 2], [1, 2], [0, 1, 2, 2], [0, 0, 1, 2], [1, 0, 2], [2, 1, 0], [0, 1, 1], [], [0]),
    fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 5 }),
  )
  .filter((order) => order.join() !== '0,1,2')
  .map(
    (order): Mutation =>
      (token) =>
        order.map((i) => token.split('.')[i]).join('.'),
  );
const truncate = fc.nat().map(
  (n): Mutation =>
    (token) =>
      token.slice(0, n % token.length),
);

/** Changes one claim without re-signing. */
const claimChange = fc
  .tuple(
    fc.constantFrom('iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'azp', 'nbf', 'email'),
    fc.jsonValue({ maxDepth: 1 }),
  )
  .map(([claim, value]): Mutation => (token) => {
    const [header, payload, signature] = token.split('.');
    const claims = decode(payload!);
    claims[claim] = JSON.stringify(value) === JSON.stringify(claims[claim]) ? `${String(value)}x` : value;
    return [header, json(claims), signature].join('.');
  });

/** Signs the same claims with a key the tenant does not publish (same kid, or another). */
const resign = fc.constantFrom<Mutation>(
  () => otherSameKid.sign(claimsFor(env, ISSUER, 'CID', { nonce: NONCE })),
  () => otherKid.sign(claimsFor(env, ISSUER, 'CID', { nonce: NONCE })),
  () => otherKid.sign(claimsFor(env, ISSUER, 'CID', { nonce: NONCE }), { kid: 'k1' }),
  () => keys.signHs256(claimsFor(env, ISSUER, 'CID', { nonce: NONCE }), 'CID'),
);

const mutation = fc.oneof(flipByte, swapHeader, reshape, truncate, claimChange, resign);

/** Validates `token`, returning every callback call (after the work has settled). */
async function validate(token: string): Promise<unknown[][]> {
  const webAuth = testWebAuth(env);
  return callsOf((cb) => expect(() => webAuth.validateToken(token, NONCE, cb)).not.toThrow());
}

beforeAll(async () => {
  [keys, otherSameKid, otherKid] = await Promise.all([makeKeys('k1'), makeKeys('k1'), makeKeys('k2')]);
});
beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  serveJwks(env, JWKS, keys);
  valid = await keys.sign(claimsFor(env, ISSUER, 'CID', { nonce: NONCE }));
});

describe('ID token verification under mutation', () => {
  it('accepts the unmutated token (the baseline the mutations start from)', async () => {
    const calls = await validate(valid);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBeNull();
    expect(calls[0]![1]).toMatchObject({ sub: 'auth0|alice', nonce: NONCE });
  });

  it('rejects every mutation with invalid_token, exactly once, without throwing', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (mutate) => {
        const token = await mutate(valid);
        fc.pre(token !== valid);
        const calls = await validate(token);
        expect(calls).toHaveLength(1);
        const [err, payload] = calls[0]!;
        expect(payload).toBeUndefined();
        expect(err).toBeInstanceOf(AuthResponseError);
        expect(err).toMatchObject({ error: 'invalid_token' });
      }),
      fuzzParams(120),
    );
  });
});
