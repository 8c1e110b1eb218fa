/**
 * examples/cdn as a person uses it: silent checkSession on load, redirect login, userInfo, logout
 * and popup login, in Chromium against the local tenant; with the PKCE checkbox on, a reload stays
 * signed in against a tenant on another site that refuses its cookie in cross-site iframes. Saves
 * the README's screenshots.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import { ALICE } from './support/flow.js';

const EXAMPLE_TENANT = 'http://localhost:4400';
// vitest's 1 s poll default is shorter than a login on a loaded 2-core CI machine.
const SETTLE = { timeout: 15_000 };
const IMAGES = join(import.meta.dirname, '..', 'docs', 'images');

// The tenant on the app's site (127.0.0.1): its session cookie reaches checkSession's iframe.
let tenant: RunningTenant;
// The tenant on another site (localhost) refusing its cookie in cross-site iframes.
let crossSite: RunningTenant;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [tenant, crossSite, app, browser] = await Promise.all([
    startTenant({ http: true, host: '127.0.0.1' }),
    startTenant({ http: true, host: 'localhost', blockThirdPartyCookies: true }),
    startAppServer(),
    launchChromium(),
  ]);
  await mkdir(IMAGES, { recursive: true });
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), crossSite?.close(), app?.close()]);
});

/** Points the example's config at the test tenant (ephemeral port) instead of `npm start`'s. */
async function useTestTenant(page: Page, url = tenant.url): Promise<void> {
  await page.route('**/examples/cdn/config.js', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replaceAll(EXAMPLE_TENANT, url);
    expect(body).toContain(url);
    await route.fulfill({ response: original, body });
  });
}

async function signIn(page: Page): Promise<void> {
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await page.click('#submit');
}

it('checks the session on load, logs in by redirect, shows userInfo and logs out', async () => {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await useTestTenant(page);
  const home = `${app.url}/examples/cdn/`;
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  await page.screenshot({ path: join(IMAGES, 'example-cdn-signed-out.png') });

  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  await Promise.all([page.waitForURL((url) => url.origin === app.url), signIn(page)]);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe(`Signed in as ${ALICE.email}.`);
  expect(JSON.parse((await page.textContent('#profile')) ?? '')).toMatchObject({ email: ALICE.email });
  expect(new URL(page.url()).hash).toBe('');
  await page.screenshot({ path: join(IMAGES, 'example-cdn-signed-in.png') });

  // A fresh load has no tokens in the URL: the tenant session signs alice in silently.
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe(`Signed in as ${ALICE.email}.`);

  await Promise.all([
    page.waitForURL((url) => url.origin === app.url && url.pathname === '/examples/cdn/'),
    page.click('#logout'),
  ]);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  expect(errors).toEqual([]);
  await context.close();
});

it('logs in through a popup', async () => {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  await useTestTenant(page);
  context.on('page', (p) => void useTestTenant(p));
  await page.goto(`${app.url}/examples/cdn/`);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  const [popup] = await Promise.all([context.waitForEvent('page'), page.click('#popup')]);
  await popup.waitForURL((url) => url.pathname === '/authorize');
  await signIn(popup);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe(`Signed in as ${ALICE.email}.`);
  await context.close();
});

it('with the PKCE checkbox, stays signed in across a reload with third-party cookies blocked', async () => {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await useTestTenant(page, crossSite.url);
  const home = `${app.url}/examples/cdn/`;
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  // The box reloads the page. page.check would read the box on the new page, where it can still be
  // unchecked until app.js has run (a CI run failed that way); the assertions below read it settled.
  await Promise.all([page.waitForEvent('load'), page.click('#pkce')]);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  expect(await page.isChecked('#pkce')).toBe(true);

  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  const authorize = new URL(page.url()).searchParams;
  expect(authorize.get('response_type')).toBe('code');
  expect(authorize.get('code_challenge_method')).toBe('S256');
  expect(authorize.get('scope')?.split(' ')).toContain('offline_access');
  await Promise.all([page.waitForURL((url) => url.origin === app.url), signIn(page)]);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe(`Signed in as ${ALICE.email}.`);
  expect(new URL(page.url()).search).toBe(''); // the code left the address bar

  // A reload: the refresh token signs alice in, with no iframe (its cookie would be refused).
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe(`Signed in as ${ALICE.email}.`);
  expect(urls.filter((u) => new URL(u).pathname === '/authorize')).toEqual([]);
  const grants = crossSite.requests.filter((r) => r.path === '/oauth/token').map((r) => (r.body as any)?.grant_type);
  expect(grants).toEqual(['authorization_code', 'refresh_token']);

  // Logout revokes the refresh token: a reload is signed out.
  await Promise.all([
    page.waitForURL((url) => url.origin === app.url && url.pathname === '/examples/cdn/'),
    page.click('#logout'),
  ]);
  await expect.poll(() => page.textContent('#status'), SETTLE).toBe('Not signed in.');
  expect(crossSite.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/revoke')).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
});
