/**
 * The setup of the oidc-provider specs: the app over HTTPS at app.op.test, the provider at
 * op.test (same site, other origin) and Chromium for the whole file; each test gets the file's tab
 * emptied (e2e/support/reused-tab.ts), or a new context where the last test used it up.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright';
import type { AppServer } from '../support/app-server.js';
import { launchChromium } from '../support/browser.js';
import { appUrl, type AppConfig, type LibBuild } from '../support/flow.js';
import { reusedTab } from '../support/reused-tab.js';
import { CLIENT_ID, startOidcProvider, type RunningProvider } from './provider.js';
import { startSecureApp } from './secure-app.js';

export interface ProviderHarness {
  op: RunningProvider;
  app: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** A WebAuth configuration for `lib` against the provider (v10 implicit unless `extra` says otherwise). */
  config(lib: LibBuild, extra?: Record<string, unknown>): AppConfig;
}

export function useProviderHarness(): ProviderHarness {
  const h = {} as ProviderHarness;
  const tab = reusedTab(() => h.browser);
  h.config = (lib, extra = {}) => ({
    domain: h.op.domain,
    clientID: CLIENT_ID,
    redirectUri: appUrl(h.app.url, lib),
    responseType: 'token id_token',
    // v10's checkSession sends no scope when the options name none, and the identity service then
    // defaults to openid; a standard provider refuses an OpenID response type without it.
    scope: 'openid profile email',
    ...extra,
  });
  beforeAll(async () => {
    [h.app, h.browser] = await Promise.all([startSecureApp(), launchChromium()]);
    h.op = await startOidcProvider({ appOrigin: h.app.url });
  });
  afterAll(async () => {
    await tab.close();
    await Promise.all([h.browser?.close(), h.op?.close(), h.app?.close()]);
  });
  beforeEach(async () => {
    ({ context: h.context, page: h.page } = await tab.next());
    h.op?.setRequireDpopNonce(false);
  });
  return h;
}

/** The refresh token the page keeps in localStorage (cacheLocation 'localstorage'), or null. */
export async function storedRefreshToken(page: Page): Promise<string | null> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), `@@webauth@@::refresh::${CLIENT_ID}`);
  return stored === null ? null : (JSON.parse(stored).token as string);
}
