import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebAuthError } from '../errors.js';
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import { cookieStore } from '../storage/cookie-store.js';
import { fakeEnv, json, memoryStorage, sent, type FakeEnv } from '../testing/fake-env.js';
import { claimsFor, makeKeys, type TestKeys } from '../testing/tokens.js';
import { testWebAuth } from '../testing/web-auth.js';

const TENANT = 'https://me.auth0.com';
const PKCE = { responseType: 'code', usePKCE: true };
let keys: TestKeys;
let env: FakeEnv;
/** The nonce the tenant puts in the ID token it answers. */
let nonce: string | null;

const tokenRequests = () => sent(env).filter((r) => r.url === `${TENANT}/oauth/token`);
const verifierItems = (storage: Storage & { data: Map<string, string> }) =>
  [...storage.data].filter(([key]) => key.startsWith('webauth-js.verifier.'));

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  env.respond = async (url) => {
    if (url === `${TENANT}/.well-known/jwks.json`) return json(keys.jwks);
    if (url !== `${TENANT}/oauth/token`) return new Response('not found', { status: 404 });
    return json({ access_token: 'AT', id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce })) });
  };
});

/** authorize() with usePKCE; resolves with the /authorize URL once it navigated. */
async function authorize(): Promise<URL> {
  testWebAuth(env, PKCE).authorize();
  await vi.waitFor(() => expect(env.navigations).toHaveLength(1));
  const url = new URL(env.navigations[0]!);
  nonce = url.searchParams.get('nonce');
  return url;
}

/** Lands on the callback with `code=C` for `state` and runs parseHash on a new instance. */
function callback(state: string) {
  env.url = `https://app.example.com/callback?code=C&state=${state}`;
  return testWebAuth(env, PKCE).parseHash();
}

describe('the PKCE code verifier', () => {
  it('is kept in sessionStorage, never in a cookie, and is gone once the code is redeemed', async () => {
    env.storage = memoryStorage();
    const url = await authorize();
    expect(env.cookieWrites.length).toBeGreaterThan(0); // the transaction (state, nonce) is a cookie
    const [[, entry]] = verifierItems(env.session as never) as [[string, string]];
    const [verifier] = JSON.parse(entry) as [string];
    expect(verifier).toMatch(/^[\w.~-]{64}$/);
    expect(env.cookieWrites.join('\n')).not.toContain(verifier);
    expect(env.readCookies()).not.toContain('codeVerifier');
    expect(verifierItems(env.storage as never)).toEqual([]);

    expect(await callback(url.searchParams.get('state')!)).toMatchObject({ accessToken: 'AT' });
    expect(tokenRequests()[0]!.body.code_verifier).toBe(verifier);
    expect(verifierItems(env.session as never)).toEqual([]);
  });

  it('completes a redirect an earlier version started, with the verifier in the transaction cookie', async () => {
    nonce = 'N'.repeat(32);
    const verifier = 'v'.repeat(64);
    // What the previous version stored at authorize: the verifier inside the transaction.
    cookieStore(env).set(
      'com.auth0.auth.OLD-STATE',
      {
        codeVerifier: verifier,
        redirectUri: 'https://app.example.com/callback',
        openid: true,
        nonce,
        state: 'OLD-STATE',
      },
      1 / 48,
    );
    expect(await callback('OLD-STATE')).toMatchObject({ accessToken: 'AT' });
    expect(tokenRequests()[0]!.body).toMatchObject({ code: 'C', code_verifier: verifier });
    expect(env.readCookies()).not.toContain('OLD-STATE');
  });

  it('goes to localStorage where sessionStorage is disabled; without either, authorize throws', async () => {
    env.session = 'throws';
    env.storage = memoryStorage();
    const url = await authorize();
    expect(verifierItems(env.storage as never)).toHaveLength(1);
    expect(await callback(url.searchParams.get('state')!)).toMatchObject({ accessToken: 'AT' });
    expect(verifierItems(env.storage as never)).toEqual([]);

    env.storage = 'throws';
    env.cookieWrites.length = 0;
    expect(() => testWebAuth(env, PKCE).authorize()).toThrow(WebAuthError);
    expect(env.cookieWrites).toEqual([]); // nothing stored
  });

  it('of popup.authorize goes to localStorage, where the popup window finds it', async () => {
    env.storage = memoryStorage();
    void testWebAuth(env, PKCE).popup.authorize({ popupOptions: {} } as never, () => undefined);
    await vi.waitFor(() => expect(verifierItems(env.storage as never)).toHaveLength(1));
    expect(verifierItems(env.session as never)).toEqual([]);
  });

  it('of an abandoned login is dropped once it expires, when the next login keeps its own', async () => {
    await authorize();
    expect(verifierItems(env.session as never)).toHaveLength(1);
    env.clock += 31 * 60_000; // the default stateExpiration is 30 minutes
    env.navigations.length = 0;
    const url = await authorize();
    const items = verifierItems(env.session as never);
    expect(items).toHaveLength(1);
    expect(items[0]![0]).toContain(url.searchParams.get('state'));
  });
});
