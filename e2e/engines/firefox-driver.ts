/**
 * Firefox ESR through puppeteer-core over WebDriver BiDi (Playwright's BiDi Firefox sends commands
 * this ESR lacks). A new Firefox with a new profile per session; its default privacy settings are
 * kept, except what keeps it off the network.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEFAULT_WAIT_MS, callSource, pollUntil, type EnginePage, type EngineSession } from './driver.js';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

// Network services only: none changes cookies, storage or tracking protection.
const OFFLINE_PREFS: Record<string, unknown> = {
  'app.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'extensions.update.enabled': false,
  'browser.region.network.url': '',
  'browser.search.geoip.url': '',
};

function wrap(browser: Browser, page: Page): EnginePage {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: (fn, arg) => page.evaluate(callSource(fn, arg)) as any,
    waitFor: (fn, arg, timeout = DEFAULT_WAIT_MS) =>
      pollUntil(() => page.evaluate(callSource(fn, arg)), timeout, 'a condition in the page'),
    waitForUrl: (test, timeout = DEFAULT_WAIT_MS) => pollUntil(async () => test(new URL(page.url())), timeout, 'a URL'),
    fill: async (selector, value) => {
      await page.waitForSelector(selector, { timeout: DEFAULT_WAIT_MS });
      await page.type(selector, value);
    },
    click: async (selector) => {
      await page.waitForSelector(selector, { timeout: DEFAULT_WAIT_MS });
      await page.click(selector);
    },
    popupFrom: async (action) => {
      const opened = new Promise<Page>((resolve) =>
        browser.once('targetcreated', (target) => void target.page().then((p) => p && resolve(p))),
      );
      await action();
      return wrap(browser, await opened);
    },
    waitForClose: (timeout = DEFAULT_WAIT_MS) => pollUntil(async () => page.isClosed(), timeout, 'the window to close'),
  };
}

export async function firefoxSession(): Promise<EngineSession> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: OFFLINE_PREFS,
  });
  const [page] = await browser.pages();
  return {
    page: wrap(browser, page ?? (await browser.newPage())),
    newPage: async () => wrap(browser, await browser.newPage()),
    addPasskeyAuthenticator: async () => ({
      unavailable: 'WebDriver BiDi has no virtual authenticator (only classic WebDriver through geckodriver does)',
    }),
    version: await browser.version(),
    close: () => browser.close(),
  };
}
