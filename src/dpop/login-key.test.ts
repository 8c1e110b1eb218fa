import { calculateJwkThumbprint, decodeProtectedHeader, type JWK } from 'jose';
import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { codeSignIn, REFRESH_SESSION } from '../testing/code-sign-in.js';
import { fakeEnv, json, memoryStorage, sent, type FakeEnv } from '../testing/fake-env.js';
import { fakeIndexedDB } from '../testing/fake-indexeddb.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';
import type { DpopKeyPair } from './key-pair.js';

const TENANT = 'https://me.auth0.com';
const KEY_ID = JSON.stringify(['me.auth0.com', 'CID']);
const EC = { name: 'ECDSA', namedCurve: 'P-256' };
let keys: TestKeys;
let env: FakeEnv;

/** The key thumbprint of the proof each /oauth/token request carried, in order. */
const tokenProofKeys = () =>
  Promise.all(
    sent(env)
      .filter((r) => r.url === `${TENANT}/oauth/token`)
      .map((r) => calculateJwkThumbprint(decodeProtectedHeader(r.headers.dpop!).jwk as JWK)),
  );

/**
 * What a script on the page can store: a pair it generated extractable, exported (it keeps the
 * private JWK), then imported non-extractable, so that it passes for one of ours.
 */
async function plantedPair(): Promise<DpopKeyPair> {
  const generated = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const exported = await webcrypto.subtle.exportKey('jwk', generated.privateKey);
  const privateKey = await webcrypto.subtle.importKey('jwk', exported, EC, false, ['sign']);
  const { x, y } = exported;
  return { privateKey: privateKey as unknown as CryptoKey, jwk: { kty: 'EC', crv: 'P-256', x: x!, y: y! } };
}

describe('a DPoP key pair per login (issue 53, finding 8)', () => {
  const idb = fakeIndexedDB();
  beforeEach(async () => {
    clearJwksMemoryCache();
    idb.data.clear();
    vi.stubGlobal('indexedDB', idb.indexedDB);
    env = fakeEnv();
    env.storage = memoryStorage();
    keys ??= await makeKeys();
    env.respond = async (url) => {
      if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
      if (url !== `${TENANT}/oauth/token`) return new Response('not found', { status: 404 });
      const nonce = new URL(env.navigations.at(-1)!).searchParams.get('nonce');
      const idToken = await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce }));
      return json({ access_token: 'AT', id_token: idToken, refresh_token: 'RT', token_type: 'DPoP' });
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a pair planted in IndexedDB before login is not the one the code exchange binds, nor the one kept', async () => {
    const planted = await plantedPair();
    idb.data.set(KEY_ID, planted);
    const webAuth = testWebAuth(env, { ...REFRESH_SESSION, useDpop: true });
    expect((await codeSignIn(env, webAuth)).result).toMatchObject({ tokenType: 'DPoP' });
    const [bound] = await tokenProofKeys();
    expect(bound).not.toBe(await calculateJwkThumbprint(planted.jwk));
    // The login's own pair replaced it in storage: the next page refreshes with that one.
    expect(await calculateJwkThumbprint((idb.data.get(KEY_ID) as DpopKeyPair).jwk)).toBe(bound);
    expect(await webAuth.dpop!.thumbprint()).toBe(bound);
  });

  it('each login makes a new pair; a refresh keeps the one its login bound', async () => {
    const webAuth = testWebAuth(env, { ...REFRESH_SESSION, useDpop: true });
    await codeSignIn(env, webAuth);
    await webAuth.checkSession({});
    env.navigations.length = 0;
    await codeSignIn(env, webAuth);
    const [first, refreshed, second] = await tokenProofKeys();
    expect(refreshed).toBe(first);
    expect(second).not.toBe(first);
  });
});
