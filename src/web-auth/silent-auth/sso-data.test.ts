import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearJwksMemoryCache } from '../../id-token/jwks.js';
import { dispatchMessage, fakeEnv, json, sent, type FakeEnv } from '../../testing/fake-env.js';
import { atHash, claimsFor, makeKeys, type TestKeys } from '../../testing/tokens.js';
import { Authentication } from '../../authentication/authentication.js';
import { testWebAuth } from '../../testing/web-auth.js';
import { customEnvironment } from '../../types/custom-environment.js';
import type { WebAuthContext } from '../../flow/context.js';
import { hostedSsoData, ssoDataFromSession, type SsoData } from './sso-data.js';

const TENANT = 'https://me.auth0.com';
let keys: TestKeys;
let env: FakeEnv;

function setup() {
  const webAuth = testWebAuth(env, { responseType: undefined });
  return webAuth as unknown as { ctx: WebAuthContext; _universalLogin: { ulp: any } };
}

/** Runs ssoDataFromSession and answers the iframe with `respond(state, nonce)`. */
async function session(
  ctx: WebAuthContext,
  respond: (state: string, nonce: string) => Promise<Record<string, unknown>>,
) {
  const outcome = new Promise<[any, SsoData | undefined]>((resolve) =>
    ssoDataFromSession(ctx, (err, data) => resolve([err, data])),
  );
  const frame = env.frames.at(-1)!;
  const url = new URL(frame.url!);
  const response = await respond(url.searchParams.get('state')!, url.searchParams.get('nonce')!);
  dispatchMessage(env, { type: 'authorization_response', response }, TENANT, frame.window);
  return { url, outcome: await outcome };
}

beforeEach(async () => {
  clearJwksMemoryCache();
  env = fakeEnv();
  keys ??= await makeKeys();
  env.respond = (url) =>
    url === `${TENANT}/.well-known/jwks.json`
      ? json(keys.jwks)
      : json({ sso: true, lastUsedConnection: { name: 'db' } });
});

describe('getSSOData away from the hosted page', () => {
  it('reports the session user for the last used connection', async () => {
    const { ctx } = setup();
    ctx.ssodataStore.set('auth0.ssodata', JSON.stringify({ lastUsedConnection: 'db', lastUsedSub: 'auth0|alice' }));
    const { url, outcome } = await session(ctx, async (state, nonce) => ({
      id_token: await keys.sign(
        claimsFor(env, `${TENANT}/`, 'CID', { nonce, email: 'alice@example.com', at_hash: atHash('AT') }),
      ),
      access_token: 'AT',
      state,
    }));
    expect(url.searchParams.get('connection')).toBe('db');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('response_type')).toBe('token id_token');
    expect(outcome).toEqual([
      null,
      {
        lastUsedConnection: { name: 'db' },
        lastUsedUserID: 'auth0|alice',
        lastUsedUsername: 'alice@example.com',
        lastUsedClientID: 'CID',
        sessionClients: ['CID'],
        sso: true,
      },
    ]);
  });

  it('says sso: false without a session, or when the session is another user', async () => {
    const { ctx } = setup();
    const none = await session(ctx, async (state) => ({
      error: 'login_required',
      error_description: 'Login required',
      state,
    }));
    expect(none.outcome).toEqual([null, { sso: false }]);
    ctx.ssodataStore.set('auth0.ssodata', JSON.stringify({ lastUsedConnection: 'db', lastUsedSub: 'auth0|bob' }));
    const other = await session(ctx, async (state, nonce) => ({
      id_token: await keys.sign(claimsFor(env, `${TENANT}/`, 'CID', { nonce })),
      state,
    }));
    expect(other.outcome).toEqual([null, { sso: false }]);
  });

  it('explains consent_required in getSSOData terms', async () => {
    const { ctx } = setup();
    const { outcome } = await session(ctx, async (state) => ({
      error: 'consent_required',
      error_description: 'Consent required',
      state,
    }));
    expect(outcome[0]).toMatchObject({ code: 'consent_required', description: 'Consent required' });
    expect(outcome[0].error_description).toBe(
      'Consent required. When using `getSSOData`, the user has to be authenticated with the following scope: `openid profile email`.',
    );
    expect(outcome[1]).toEqual({ sso: false });
  });

  it('times out after 5 s', async () => {
    const { ctx } = setup();
    const outcome = new Promise<[any, unknown]>((resolve) =>
      ssoDataFromSession(ctx, (err, data) => resolve([err, data])),
    );
    env.advance(5000);
    expect(await outcome).toEqual([expect.objectContaining({ code: 'timeout' }), { sso: false }]);
  });
});

describe('getSSOData on the hosted page', () => {
  it('asks /user/ssodata with cookies and no headers, with ldaps when asked', async () => {
    const { _universalLogin } = setup();
    const data = await hostedSsoData(_universalLogin.ulp, true);
    expect(data).toEqual({ sso: true, lastUsedConnection: { name: 'db' } });
    await hostedSsoData(_universalLogin.ulp, undefined);
    const [withAd, plain] = sent(env);
    expect(withAd).toMatchObject({
      method: 'GET',
      url: `${TENANT}/user/ssodata?ldaps=1&client_id=CID`,
      credentials: 'include',
    });
    expect(withAd!.headers).toEqual({});
    expect(plain!.url).toBe(`${TENANT}/user/ssodata`);
    expect(() => hostedSsoData(_universalLogin.ulp, 'yes', () => {})).toThrow(
      'withActiveDirectories parameter is not valid',
    );
  });
});

describe('client.getSSOData', () => {
  it("off the hosted page, runs a silent check with its WebAuth's context", async () => {
    const webAuth = testWebAuth(env, { responseType: undefined });
    const outcome = new Promise<[any, unknown]>((resolve) =>
      webAuth.client.getSSOData((err, data) => resolve([err, data])),
    );
    await vi.waitFor(() => expect(env.frames).toHaveLength(1));
    const frame = env.frames[0]!;
    const state = new URL(frame.url!).searchParams.get('state');
    dispatchMessage(
      env,
      { type: 'authorization_response', response: { error: 'login_required', state } },
      TENANT,
      frame.window,
    );
    expect(await outcome).toEqual([null, { sso: false }]);
    // The hint the WebAuth's logins leave is the one the client reads.
    webAuth.ssodataStorage.set('db', 'auth0|alice');
    expect(webAuth.client.ssodataStorage.get()).toEqual({ lastUsedConnection: 'db', lastUsedSub: 'auth0|alice' });
    expect(() => webAuth.client.getSSOData('yes' as never, 'no' as never)).toThrow('cb parameter is not valid');
  });

  it('works for a client made alone, with a context of its own', async () => {
    const client = new Authentication({
      domain: 'me.auth0.com',
      clientID: 'CID',
      redirectUri: 'https://app.example.com/callback',
      [customEnvironment]: env,
    } as never);
    const outcome = new Promise<[any, unknown]>((resolve) => client.getSSOData((err, data) => resolve([err, data])));
    const frame = env.frames[0]!;
    expect(new URL(frame.url!).searchParams.get('scope')).toBe('openid profile email');
    dispatchMessage(
      env,
      {
        type: 'authorization_response',
        response: { error: 'login_required', state: new URL(frame.url!).searchParams.get('state') },
      },
      TENANT,
      frame.window,
    );
    expect(await outcome).toEqual([null, { sso: false }]);
  });

  it('on the hosted page, asks /user/ssodata and checks withActiveDirectories synchronously', async () => {
    env.url = `${TENANT}/login?state=abc`;
    const webAuth = testWebAuth(env);
    expect(() => webAuth.client.getSSOData('yes' as never, () => {})).toThrow(
      'withActiveDirectories parameter is not valid',
    );
    const data = await webAuth.client.getSSOData(true);
    expect(data).toEqual({ sso: true, lastUsedConnection: { name: 'db' } });
    expect(sent(env)[0]!.url).toBe(`${TENANT}/user/ssodata?ldaps=1&client_id=CID`);
    expect(sent(env)[0]!.headers).toEqual({}); // no headers at all, not even telemetry
  });
});
