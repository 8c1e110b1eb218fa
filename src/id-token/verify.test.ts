import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { clearJwksMemoryCache } from './jwks.js';
import { verifyIdToken, type VerifyOptions } from './verify.js';

const ISSUER = 'https://me.auth0.com/';
let keys: TestKeys;
let env: FakeEnv;

const options = (extra: Partial<VerifyOptions> = {}): VerifyOptions => ({
  issuer: ISSUER,
  audience: 'CID',
  jwksUri: ISSUER + '.well-known/jwks.json',
  source: { fetchJson: async () => ({ body: keys.jwks }), now: () => env.clock, timer: env.timer },
  leeway: 60,
  clock: () => new Date(env.clock),
  ...extra,
});
const verify = async (
  claims: Record<string, unknown>,
  header?: Record<string, unknown>,
  extra?: Partial<VerifyOptions>,
) => verifyIdToken(await keys.sign(claimsFor(env, ISSUER, 'CID', claims), header), options(extra));

beforeAll(async () => {
  keys = await makeKeys();
});
beforeEach(() => {
  clearJwksMemoryCache();
  env = fakeEnv();
});

describe('verifyIdToken claim rules beyond v10', () => {
  it('accepts a token whose azp, when present, is the client id', async () => {
    await expect(verify({ azp: 'CID' })).resolves.toMatchObject({ azp: 'CID' });
  });

  it('rejects an azp naming another client, even with a single audience', async () => {
    await expect(verify({ azp: 'other-client' })).rejects.toThrow(
      'Authorized Party (azp) claim mismatch in the ID token; expected "CID", found "other-client"',
    );
  });

  it.each([
    ['exp', 'Expiration Time (exp) claim must be a number present in the ID token', { exp: '9999999999' }],
    ['iat', 'Issued At (iat) claim must be a number present in the ID token', { iat: '1' }],
    ['nbf', 'Not Before Time (nbf) claim must be a number when present in the ID token', { nbf: '9999999999' }],
    [
      'auth_time',
      'Authentication Time (auth_time) claim must be a number when present in the ID token',
      { auth_time: 'yesterday' },
    ],
    ['nbf (null)', 'Not Before Time (nbf) claim must be a number when present in the ID token', { nbf: null }],
  ])('requires %s to be a number', async (_name, message, claims) => {
    await expect(verify(claims)).rejects.toThrow(message);
  });

  it('rejects a header with b64: false (an unencoded payload) before fetching keys', async () => {
    let fetched = 0;
    const source = { fetchJson: async () => (fetched++, { body: keys.jwks }), now: () => env.clock, timer: env.timer };
    await expect(verify({}, { b64: false }, { source })).rejects.toThrow(
      'ID token header "b64": false (an unencoded payload) is not supported',
    );
    expect(fetched).toBe(0);
  });
});
