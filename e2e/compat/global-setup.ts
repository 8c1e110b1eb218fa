/**
 * vitest globalSetup for the differential project: one Chromium (as a Playwright browser server)
 * and the app server that serves both libraries' pages, shared by the test file through `provide`.
 * The two tenants start in the test file itself: scenarios read their in-memory records
 * (requests, outbox), which must live in the same process.
 */
import { chromium } from 'playwright';
import type { TestProject } from 'vitest/node';
import { startAppServer } from '../support/app-server.js';
import { chromiumArgs, chromiumPath } from '../support/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    compatBrowserWsEndpoint: string;
    compatAppOrigin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [browserServer, app] = await Promise.all([
    chromium.launchServer({
      executablePath: chromiumPath(),
      headless: true,
      args: chromiumArgs(process.env.WEBAUTH_SUITE_CHROMIUM !== '0'),
    }),
    startAppServer(),
  ]);
  project.provide('compatBrowserWsEndpoint', browserServer.wsEndpoint());
  project.provide('compatAppOrigin', app.url);
  return async () => {
    await Promise.all([browserServer.close(), app.close()]);
  };
}
