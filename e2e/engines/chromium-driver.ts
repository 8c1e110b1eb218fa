/** Chromium through Playwright: a new browser context (a fresh profile) per session. */
import type { Browser, Page } from 'playwright';
import { launchOwnChromium } from '../support/browser.js';
import { addVirtualAuthenticator } from '../tenant/playwright/index.js';
import { DEFAULT_WAIT_MS, type EnginePage, type EngineSession } from './driver.js';

const pages = new WeakMap<EnginePage, Page>();

function wrap(page: Page): EnginePage {
  const wrapped: EnginePage = {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(fn as any, arg) as any,
    waitFor: async (fn, arg, timeout = DEFAULT_WAIT_MS) =>
      void (await page.waitForFunction(fn as any, arg, { timeout })),
    waitForUrl: (test, timeout = DEFAULT_WAIT_MS) =>
      page.waitForURL(test, { timeout, waitUntil: 'commit' }).catch((err: Error) => {
        throw new Error(`${err.message.split('\n')[0]} (at ${page.url()})`);
      }),
    fill: (selector, value) => page.fill(selector, value),
    click: (selector) => page.click(selector),
    popupFrom: async (action) => {
      const [popup] = await Promise.all([page.context().waitForEvent('page'), action()]);
      return wrap(popup);
    },
    waitForClose: async (timeout = DEFAULT_WAIT_MS) => {
      if (!page.isClosed()) await page.waitForEvent('close', { timeout });
    },
  };
  pages.set(wrapped, page);
  return wrapped;
}

let browser: Promise<Browser> | undefined;

export async function chromiumSession(): Promise<EngineSession> {
  const b = await (browser ??= launchOwnChromium());
  const context = await b.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  return {
    page: wrap(page),
    newPage: async () => wrap(await context.newPage()),
    // Chromium's WebAuthn domain, through the tenant package's helper.
    addPasskeyAuthenticator: async (target) => void (await addVirtualAuthenticator(context, pages.get(target)!)),
    version: `Chromium ${b.version()}`,
    close: () => context.close(),
  };
}

export async function closeChromium(): Promise<void> {
  const b = browser;
  browser = undefined;
  await (await b)?.close();
}
