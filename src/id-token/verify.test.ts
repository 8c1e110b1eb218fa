import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { clearJwksMemoryCache } from './jwks.js';
import { effectiveLeeway, verifyIdToken, type VerifyOptions } from './verify.js';

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

  it('accepts an aud array holding only the client id, and no other audience beside it', async () => {
    await expect(verify({ aud: ['CID'] })).resolves.toMatchObject({ aud: ['CID'] });
    await expect(verify({ aud: ['CID', 'api'], azp: 'CID' })).rejects.toThrow(
      'Audience (aud) claim mismatch in the ID token; expected only "CID" but found "CID, api"',
    );
  });

  it('accepts an iat within the leeway ahead and rejects one beyond it', async () => {
    const now = Math.floor(env.clock / 1000);
    await expect(verify({ iat: now + 60 })).resolves.toMatchObject({ iat: now + 60 });
    await expect(verify({ iat: now + 61 })).rejects.toThrow(/^Issued At \(iat\) claim error in the ID token/);
  });

  it('takes leeway 0 as no leeway, and an absent one as 60 s', async () => {
    expect([effectiveLeeway(0), effectiveLeeway(undefined), effectiveLeeway(5)]).toEqual([0, 60, 5]);
    const now = Math.floor(env.clock / 1000);
    const expired = { exp: now - 1, iat: now - 3600 };
    await expect(verify(expired)).resolves.toMatchObject(expired);
    await expect(verify(expired, undefined, { leeway: 0 })).rejects.toThrow(/Expiration Time \(exp\) claim error/);
    await expect(verify({}, undefined, { leeway: 0 })).resolves.toMatchObject({ iss: ISSUER });
  });
});
