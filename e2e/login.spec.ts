/**
 * The vertical slice, end to end: authorize → hosted login page → back to the app → parseHash, in
 * Chromium, against the local tenant on another origin, with the built UMD and ESM files.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/server.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import { ALICE, appUrl, openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

let tenant: RunningTenant;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [tenant, app, browser] = await Promise.all([startTenant({ testEndpoints: true }), startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), app?.close()]);
});
beforeEach(async () => {
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
});

const config = (lib: LibBuild, clientID = 'spa-client'): AppConfig => ({
  domain: tenant.domain,
  clientID,
  redirectUri: appUrl(app.url, lib),
  responseType: 'token id_token',
});

describe.each(['umd', 'esm'] as const)('redirect login with the %s build', (lib) => {
  it('signs alice in and returns the verified ID token claims', async () => {
    await openApp(page, app.url, lib);
    await startLogin(page, config(lib), { appState: { returnTo: '/profile' } });
    expect(new URL(page.url()).origin).toBe(tenant.url);
    const cookies = await context.cookies(app.url);
    const transaction = cookies.find((c) => c.name.startsWith('com.auth0.auth.'));
    expect(transaction).toBeDefined();
    await signIn(page, app.url);
    const { err, result } = await parseHash(page, config(lib));
    expect(err).toBeNull();
    const authResult = result as Record<string, any>;
    expect(authResult.accessToken).toEqual(expect.any(String));
    expect(authResult.idTokenPayload).toMatchObject({
      iss: tenant.issuer,
      aud: 'spa-client',
      email: ALICE.email,
      sub: expect.stringMatching(/\|/),
    });
    expect(authResult.appState).toEqual({ returnTo: '/profile' });
    expect(authResult.state).toBe(transaction!.name.slice('com.auth0.auth.'.length));
    expect(authResult.tokenType).toBe('Bearer');
    expect(authResult.expiresIn).toBeGreaterThan(0);
    // The transaction is consumed: a second parse of the same response fails.
    expect((await context.cookies(app.url)).some((c) => c.name === transaction!.name)).toBe(false);
    const replay = await parseHash(page, config(lib));
    expect(replay.err?.json).toEqual({ error: 'invalid_token', errorDescription: '`state` does not match.' });
  });

  it('rejects a response whose state was tampered with', async () => {
    await openApp(page, app.url, lib);
    await startLogin(page, config(lib));
    await signIn(page, app.url);
    const hash = new URL(page.url()).hash.replace(/state=[^&]+/, 'state=tampered');
    const { err, result } = await parseHash(page, config(lib), { hash });
    expect(result).toBeNull();
    expect(err).toMatchObject({ isError: true, json: { error: 'invalid_token', errorDescription: '`state` does not match.' } });
  });

  it('fails an HS256-signed ID token with invalid_token', async () => {
    await openApp(page, app.url, lib);
    await startLogin(page, config(lib, 'hs256-client'));
    await signIn(page, app.url);
    expect(new URL(page.url()).hash).toContain('id_token=');
    const { err, result } = await parseHash(page, config(lib, 'hs256-client'));
    expect(result).toBeNull();
    expect(err?.json).toEqual({
      error: 'invalid_token',
      errorDescription: 'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    });
  });
});
