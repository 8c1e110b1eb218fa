/** A redirect login against the fake tenant me.auth0.com, for tests of what can go wrong on the way. */
import { clearJwksMemoryCache } from '../id-token/jwks.js';
import type { WebAuth } from '../web-auth/web-auth.js';
import { fakeEnv, type FakeEnv } from './fake-env.js';
import { callsOf } from './fuzz.js';
import { atHash, claimsFor, makeKeys, serveJwks, type TestKeys } from './tokens.js';

export const TEST_ISSUER = 'https://me.auth0.com/';
export const TEST_JWKS = 'https://me.auth0.com/.well-known/jwks.json';

/** A fresh fake page serving `keys` (made once when not given) as the tenant's key set, with no cached keys. */
export async function keyedEnv(keys?: TestKeys): Promise<{ env: FakeEnv; keys: TestKeys }> {
  clearJwksMemoryCache();
  const env = fakeEnv();
  keys ??= await makeKeys();
  serveJwks(env, TEST_JWKS, keys);
  return { env, keys };
}

/** authorize(), then parseHash() of a genuine response to it; returns every callback call. */
export async function loginCalls(env: FakeEnv, keys: TestKeys, auth: WebAuth): Promise<unknown[][]> {
  auth.authorize({});
  const url = new URL(env.navigations.at(-1)!);
  const idToken = await keys.sign(
    claimsFor(env, TEST_ISSUER, 'CID', { nonce: url.searchParams.get('nonce'), at_hash: atHash('AT') }),
  );
  const hash = `#access_token=AT&id_token=${idToken}&state=${url.searchParams.get('state')}`;
  return callsOf((cb) => auth.parseHash({ hash }, cb as never));
}
