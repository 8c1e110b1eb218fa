/**
 * The package's Playwright helpers in Chromium. This Chromium blocks third-party cookies, so the
 * silent-authentication checks use a tenant on the app's site (127.0.0.1, plain HTTP, as
 * e2e/check-session.spec.ts does); the redirect checks use the HTTPS tenant on `localhost`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startAppServer, type AppServer } from '../../support/app-server.js';
import { launchChromium, newTestContext } from '../../support/browser.js';
import { ALICE, appUrl, openApp, parseHash, startLogin, type AppConfig } from '../../support/flow.js';
import { startTenant, type RunningTenant } from '../server/server.js';
import { forceAuthorizeError, signIn, signInThroughLoginPage } from './index.js';

let tenant: RunningTenant;
let sameSite: RunningTenant;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [tenant, sameSite, app, browser] = await Promise.all([
    startTenant(),
    startTenant({ http: true, host: '127.0.0.1' }),
    startAppServer(),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), sameSite?.close(), app?.close()]);
});
beforeEach(async () => {
  sameSite.clearFaults();
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
});

const config = (t: RunningTenant): AppConfig => ({
  // A domain with a scheme is used as it is (the plain HTTP tenant).
  domain: t === tenant ? t.domain : t.url,
  clientID: 'spa-client',
  redirectUri: appUrl(app.url, 'umd'),
  responseType: 'token id_token',
  ...(t === tenant ? {} : { overrides: { __token_issuer: t.issuer } }),
});

/** The app's checkSession (an iframe to the tenant), as the library reports it. */
function checkSession(): Promise<{ error?: string; email?: string }> {
  return page.evaluate(async (config) => {
    const lib = await (window as any).libReady;
    const webAuth = new lib.WebAuth(config);
    return new Promise((resolve) =>
      webAuth.checkSession({ scope: 'openid email' }, (err: any, result: any) =>
        resolve(err ? { error: err.error } : { email: result.idTokenPayload.email }),
      ),
    );
  }, config(sameSite));
}

describe('webauth-local-tenant/playwright in Chromium', () => {
  it('signIn: checkSession finds the user signed in, no login page involved', async () => {
    await openApp(page, app.url, 'umd');
    expect(await checkSession()).toEqual({ error: 'login_required' });
    await signIn(context, sameSite, { email: ALICE.email });
    expect(await checkSession()).toEqual({ email: ALICE.email });
    expect(sameSite.requests.some((r) => r.path === '/usernamepassword/login')).toBe(false);
  });

  it('signIn: a redirect login to the HTTPS tenant comes straight back with tokens', async () => {
    await signIn(context, tenant, { email: ALICE.email });
    await openApp(page, app.url, 'umd');
    // The tenant answers /authorize at once (a 302 back), so no login page ever commits.
    await Promise.all([
      page.waitForURL((url) => url.origin === app.url && url.hash.includes('access_token')),
      page.evaluate(async (config) => {
        const lib = await (window as any).libReady;
        new lib.WebAuth(config).authorize({ scope: 'openid email' });
      }, config(tenant)),
    ]);
    const { err, result } = await parseHash(page, config(tenant));
    expect(err).toBeNull();
    expect(result).toMatchObject({ idTokenPayload: { email: ALICE.email, iss: tenant.issuer } });
  });

  it('signInThroughLoginPage: logs in on the hosted page and lands back at the app', async () => {
    await openApp(page, app.url, 'umd');
    await startLogin(page, config(tenant));
    await signInThroughLoginPage(page, tenant, { username: ALICE.email, password: ALICE.password });
    const { err, result } = await parseHash(page, config(tenant));
    expect(err).toBeNull();
    expect(result).toMatchObject({ idTokenPayload: { email: ALICE.email } });
  });

  it('forceAuthorizeError: a signed-in user still gets consent_required, once', async () => {
    await signIn(context, sameSite, { email: ALICE.email });
    await openApp(page, app.url, 'umd');
    forceAuthorizeError(sameSite, 'consent_required', { times: 1 });
    expect(await checkSession()).toEqual({ error: 'consent_required' });
    expect(await checkSession()).toEqual({ email: ALICE.email });
  });
});
