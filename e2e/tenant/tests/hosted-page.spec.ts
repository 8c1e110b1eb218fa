/**
 * The hosted login page in Chromium: it runs our dist/webauth.min.js (the library's hosted-page
 * path) for every tab, with both our bundle and auth0-js 10.2.1 on the application side.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startAppServer, type AppServer } from '../../support/app-server.js';
import { launchChromium, newTestContext } from '../../support/browser.js';
import {
  ALICE,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from '../../support/flow.js';
import { type RunningTenant } from '../server/server.js';
import { startQuickTenant } from '../testing/quick-start.js';

let tenant: RunningTenant;
let app: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  [tenant, app, browser] = await Promise.all([
    startQuickTenant({ testEndpoints: true }),
    startAppServer(),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), app?.close()]);
});
beforeEach(async () => {
  await context?.close();
  context = await newTestContext(browser);
  page = await context.newPage();
  problems = [];
  // CSP violations and script errors on the hosted page are failures.
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    // Chromium logs every 4xx answer ("Failed to load resource"); those are expected here.
    if (
      msg.type() === 'error' &&
      new URL(page.url()).origin === tenant.url &&
      !msg.text().startsWith('Failed to load resource')
    )
      problems.push(msg.text());
  });
});

const config = (lib: LibBuild): AppConfig => ({
  domain: tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(app.url, lib),
  responseType: 'token id_token',
});

function telemetryName(value: string | undefined): string {
  return (
    JSON.parse(Buffer.from(String(value).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString()) as {
      name: string;
    }
  ).name;
}

async function openLoginPage(lib: LibBuild = 'umd'): Promise<void> {
  await openApp(page, app.url, lib);
  await startLogin(page, config(lib));
  await page.waitForSelector('#submit:not([disabled])');
}

describe.each(['umd', 'ref'] as const)('hosted login with %s on the application side', (lib) => {
  it('signs in through /usernamepassword/login and /login/callback with our library', async () => {
    const seen = tenant.requests.length;
    await openLoginPage(lib);
    await signIn(page, app.url);
    // The app page's `authorize` may load the key set as it leaves (COMPATIBILITY S2): a race with
    // the navigation, so that request is not part of the hosted page's sequence.
    const requests = tenant.requests
      .slice(seen)
      .filter((r) => r.path !== '/favicon.ico' && r.path !== '/.well-known/jwks.json');
    const { err, result } = await parseHash(page, config(lib));
    expect(err).toBeNull();
    expect(result).toMatchObject({ idTokenPayload: { email: ALICE.email, iss: tenant.issuer } });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /authorize',
      'GET /static/webauth.min.js',
      'GET /static/hosted-login.js',
      'POST /usernamepassword/login',
      'POST /login/callback',
    ]);
    const login = requests[3];
    expect(telemetryName(login?.headers['auth0-client'])).toBe('auth0.js-ulp');
    expect(login?.body).toMatchObject({
      client_id: 'spa-client',
      connection: 'Username-Password-Authentication',
      username: ALICE.email,
      _intstate: 'deprecated',
      tenant: 'local',
    });
    expect(problems).toEqual([]);
  });
});

describe('hosted page tabs', () => {
  it('shows a wrong password as text and stays on the page', async () => {
    await openLoginPage();
    await page.fill('#username', ALICE.email);
    await page.fill('#password', 'wrong-password');
    await page.click('#submit');
    await expect.poll(() => page.textContent('#error')).toBe('Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/authorize');
    expect(await page.isEnabled('#submit')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('signs a new user up and in', async () => {
    await openLoginPage();
    await page.click('#tab-signup');
    await page.fill('#signup-email', 'browser-signup@example.com');
    await page.fill('#signup-password', 'Br0wser-secret');
    await Promise.all([page.waitForURL((url) => url.origin === app.url), page.click('#signup-submit')]);
    await page.evaluate(() => (window as any).libReady);
    const { result } = await parseHash(page, config('umd'));
    expect(result).toMatchObject({ idTokenPayload: { email: 'browser-signup@example.com' } });
  });

  it('shows signup errors (weak password) as text', async () => {
    await openLoginPage();
    await page.click('#tab-signup');
    await page.fill('#signup-email', 'weak-browser@example.com');
    await page.fill('#signup-password', 'weak');
    await page.click('#signup-submit');
    await expect.poll(() => page.textContent('#error')).toContain('The password is too weak');
  });

  it('sends a password reset email', async () => {
    await openLoginPage();
    await page.click('#tab-reset');
    await page.fill('#reset-email', 'bob@example.com');
    await page.click('#reset-submit');
    await expect.poll(() => page.textContent('#notice')).toBe("We've just sent you an email to reset your password.");
    expect(tenant.outbox.at(-1)).toMatchObject({ kind: 'change_password', to: 'bob@example.com' });
  });

  it('signs in with an emailed code', async () => {
    await openLoginPage();
    await page.click('#tab-passwordless');
    await page.fill('#pwless-recipient', 'browser-code@example.com');
    await page.click('#pwless-send');
    await page.waitForSelector('#pwless-code');
    await expect.poll(() => tenant.outbox.at(-1)?.to).toBe('browser-code@example.com');
    await page.fill('#pwless-code', tenant.outbox.at(-1)?.code ?? '');
    await Promise.all([page.waitForURL((url) => url.origin === app.url), page.click('#pwless-verify')]);
    await page.evaluate(() => (window as any).libReady);
    const { result } = await parseHash(page, config('umd'));
    expect(result).toMatchObject({ idTokenPayload: { email: 'browser-code@example.com' } });
    expect(problems).toEqual([]);
  });
});
