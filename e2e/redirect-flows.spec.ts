/**
 * Core redirect flows in Chromium against the local tenant: each response type, logout with
 * returnTo (the tenant session really ends), and userInfo from the app's origin; with our two
 * builds and with auth0-js 10.2.1 itself (`ref`).
 */
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import {
  ALICE,
  ALL_LIBS,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

const h = useBrowserHarness();

const config = (lib: LibBuild, responseType: string): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, lib),
  responseType,
});

describe.each(ALL_LIBS)('%s build', (lib) => {
  it.each([
    ['token', { accessToken: true, idToken: false }],
    ['id_token', { accessToken: false, idToken: true }],
    ['token id_token', { accessToken: true, idToken: true }],
  ])('response type %s', async (responseType, expected) => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib, responseType));
    await signIn(h.page, h.app.url);
    const { err, result } = await parseHash(h.page, config(lib, responseType));
    expect(err).toBeNull();
    const r = result as Record<string, any>;
    expect(Boolean(r.accessToken)).toBe(expected.accessToken);
    expect(Boolean(r.idToken)).toBe(expected.idToken);
    if (expected.idToken) expect(r.idTokenPayload).toMatchObject({ email: ALICE.email, aud: 'spa-client' });
    else expect(r.idTokenPayload).toBeNull();
  });

  it('response type code returns to the app with a code in the query, which parseHash ignores', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib, 'code'));
    await signIn(h.page, h.app.url);
    const url = new URL(h.page.url());
    expect(url.searchParams.get('code')).toBeTruthy();
    expect(await parseHash(h.page, config(lib, 'code'))).toEqual({ err: null, result: null });
  });

  it('userInfo returns the profile for the access token, from the app origin', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib, 'token id_token'));
    await signIn(h.page, h.app.url);
    const { result } = await parseHash(h.page, config(lib, 'token id_token'));
    const accessToken = (result as Record<string, string>).accessToken;
    const profile = await h.page.evaluate(
      async ([config, token]) => {
        const libNs = await (window as any).libReady;
        const webAuth = new libNs.WebAuth(config);
        return new Promise((resolve) =>
          webAuth.client.userInfo(token, (err: unknown, user: unknown) => resolve({ err, user })),
        );
      },
      [config(lib, 'token id_token'), accessToken] as const,
    );
    expect(profile).toMatchObject({
      err: null,
      user: { sub: expect.any(String), email: ALICE.email, email_verified: true },
    });
  });

  it('client.login uses the password-realm grant from the app origin', async () => {
    await openApp(h.page, h.app.url, lib);
    const outcome = await h.page.evaluate(
      async ([config, password]) => {
        const libNs = await (window as any).libReady;
        const client = new libNs.WebAuth(config).client;
        const login = (pw: string) =>
          new Promise<any>((resolve) =>
            client.login(
              {
                username: 'alice@example.com',
                password: pw,
                realm: 'Username-Password-Authentication',
                scope: 'openid',
              },
              (err: any, result: any) =>
                resolve({
                  err: err && { code: err.code, statusCode: err.statusCode, description: err.description },
                  result,
                }),
            ),
          );
        return { good: await login(password), bad: await login('wrong') };
      },
      [config(lib, 'token id_token'), ALICE.password] as const,
    );
    expect(outcome.good.err).toBeNull();
    expect(outcome.good.result).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      tokenType: 'Bearer',
    });
    expect(outcome.bad.err).toMatchObject({ statusCode: 400, code: 'invalid_grant' }); // RFC 6749 §5.2, as the tenant answers
  });

  it('logout returns to returnTo and ends the tenant session', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, config(lib, 'token id_token'));
    await signIn(h.page, h.app.url);
    const returnTo = `${h.app.url}/pages/app.html?lib=${lib}&loggedout=1`;
    await Promise.all([
      h.page.waitForURL((url) => url.searchParams.get('loggedout') === '1'),
      h.page.evaluate(
        async ([config, returnTo]) => new (await (window as any).libReady).WebAuth(config).logout({ returnTo }),
        [config(lib, 'token id_token'), returnTo] as const,
      ),
    ]);
    // Silent authentication now fails: the session is gone.
    await Promise.all([
      h.page.waitForURL((url) => url.origin === h.app.url && url.hash.includes('error=')),
      h.page.evaluate(
        async (config) => new (await (window as any).libReady).WebAuth(config).authorize({ prompt: 'none' }),
        config(lib, 'token id_token'),
      ),
    ]);
    const { err } = await parseHash(h.page, config(lib, 'token id_token'));
    expect(err?.json).toMatchObject({ error: 'login_required' });
  });
});
