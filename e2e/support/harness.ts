/**
 * The setup most browser specs share: a local tenant, the app server and Chromium for the whole
 * file, and a fresh browser context and page for every test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startTenant, type RunningTenant, type TenantOptions } from '../tenant/index.js';
import { startAppServer, type AppServer } from './app-server.js';
import { launchChromium, newTestContext } from './browser.js';

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
  beforeAll(async () => {
    [h.tenant, h.app, h.browser] = await Promise.all([startTenant(tenantOptions), startAppServer(), launchChromium()]);
  });
  afterAll(async () => {
    await Promise.all([h.browser?.close(), h.tenant?.close(), h.app?.close()]);
  });
  beforeEach(async () => {
    await h.context?.close();
    h.context = await newTestContext(h.browser);
    h.page = await h.context.newPage();
  });
  return h;
}
