/**
 * The setup most browser specs share: a local tenant, the app server and Chromium for the whole
 * file, and for every test an empty browser tab: the last test's, emptied, when that test left
 * nothing emptying cannot undo, else a new context and page (e2e/support/reused-tab.ts).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startTenant, type RunningTenant, type TenantOptions } from '../tenant/index.js';
import { startAppServer, type AppServer } from './app-server.js';
import { launchChromium } from './browser.js';
import { reusedTab } from './reused-tab.js';
import { suiteTenantOptions } from './suite-tenant.js';

export interface BrowserHarness {
  tenant: RunningTenant;
  app: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** Registers the hooks; read the fields inside tests (they are set by then). */
export function useBrowserHarness(tenantOptions: TenantOptions = { testEndpoints: true }): BrowserHarness {
  const h = {} as BrowserHarness;
  const tab = reusedTab(() => h.browser);
  beforeAll(async () => {
    [h.tenant, h.app, h.browser] = await Promise.all([
      suiteTenantOptions().then((shared) => startTenant({ ...shared, ...tenantOptions })),
      startAppServer(),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await tab.close();
    await Promise.all([h.browser?.close(), h.tenant?.close(), h.app?.close()]);
  });
  beforeEach(async () => {
    ({ context: h.context, page: h.page } = await tab.next());
  });
  return h;
}
