/**
 * What `npm start` serves: the SPA example (examples/spa) against the local tenant over plain HTTP,
 * clicked through as a person would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import { ALICE } from './support/flow.js';

const EXAMPLE_TENANT = 'http://localhost:4400';

let tenant: RunningTenant;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [tenant, app, browser] = await Promise.all([startTenant({ http: true }), startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), tenant?.close(), app?.close()]);
});

it('lets alice sign in and shows her verified claims, then sign out', async () => {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The example names http://localhost:4400, the port `npm start` uses; the test's tenant has an
  // ephemeral port so that parallel runs on one machine do not collide.
  await page.route('**/examples/spa/app.js', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replaceAll(EXAMPLE_TENANT, tenant.url);
    expect(body).toContain(tenant.url);
    await route.fulfill({ response: original, body });
  });
  await page.goto(`${app.url}/examples/spa/`);
  await expect.poll(() => page.textContent('#status')).toBe('Not signed in.');
  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await Promise.all([page.waitForURL((url) => url.origin === app.url), page.click('#submit')]);
  await expect.poll(() => page.textContent('#status')).toBe(`Signed in as ${ALICE.email}.`);
  const claims = await page.$$eval('#claims tbody tr', (rows) =>
    rows.map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent)),
  );
  expect(Object.fromEntries(claims)).toMatchObject({ email: ALICE.email, iss: tenant.issuer, aud: 'spa-client' });
  expect(new URL(page.url()).hash).toBe(''); // tokens removed from the address bar
  await Promise.all([
    page.waitForURL((url) => url.origin === app.url && url.pathname === '/examples/spa/'),
    page.click('#logout'),
  ]);
  await expect.poll(() => page.textContent('#status')).toBe('Not signed in.');
  expect(errors).toEqual([]);
  await context.close();
});
