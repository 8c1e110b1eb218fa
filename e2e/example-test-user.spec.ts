/**
 * The example pages name the local tenant's test user when it runs its development defaults
 * (`npm start`), and only then: examples/local-tenant-user.js asks the tenant's /local/test-user.js.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startTenant, type RunningTenant } from './tenant/index.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import { ALICE } from './support/flow.js';

const EXAMPLE_TENANT = 'http://localhost:4400';
let withDefaults: RunningTenant;
let plain: RunningTenant;
let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [withDefaults, plain, app, browser] = await Promise.all([
    startTenant({ http: true, host: '127.0.0.1', showTestUser: true }),
    startTenant({ http: true, host: '127.0.0.1' }),
    startAppServer(),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), withDefaults?.close(), plain?.close(), app?.close()]);
});

/**
 * Opens an example with its tenant address pointed at `tenant`: the CDN example's config.js
 * rewritten; the passkeys page given `window.TENANT` first (a document served by Playwright's
 * routing would be refused the loopback tenant by Chromium's local network access check).
 */
async function openExample(path: 'cdn/' | 'passkeys/', tenant: RunningTenant): Promise<Page> {
  const page = await (await newTestContext(browser)).newPage();
  if (path === 'cdn/')
    await page.route('**/examples/cdn/config.js', async (route) => {
      const original = await route.fetch();
      await route.fulfill({ response: original, body: (await original.text()).replaceAll(EXAMPLE_TENANT, tenant.url) });
    });
  else await page.addInitScript((url) => ((window as any).TENANT = url), tenant.url);
  const loaded = page.waitForResponse((r) => r.url() === `${tenant.url}/local/test-user.js`);
  await page.goto(`${app.url}/examples/${path}`);
  await loaded;
  return page;
}

it.each(['cdn/', 'passkeys/'] as const)(
  'examples/%s names the test user with the development defaults, not otherwise',
  async (path) => {
    const shown = await openExample(path, withDefaults);
    await expect
      .poll(() => shown.locator('#test-user').textContent())
      .toBe(`Local tenant, development defaults: sign in as ${ALICE.email} with the password ${ALICE.password}.`);
    await shown.context().close();

    const hidden = await openExample(path, plain);
    await hidden.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await hidden.evaluate(() => (window as any).LOCAL_TENANT_TEST_USER)).toBeNull();
    expect(await hidden.locator('#test-user').count()).toBe(0);
    await hidden.context().close();
  },
);
