/**
 * The browser harness's reused tab (e2e/support/reused-tab.ts, issue 34): what one test leaves in
 * it is gone for the next (its init scripts and listeners too), and a test that used something
 * emptying cannot undo gets a new context.
 * Two origins stand for the app and the tenant: the second is reached only through an iframe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium } from './support/browser.js';
import { reusedTab } from './support/reused-tab.js';

let browser: Browser;
let app: AppServer;
let other: AppServer;

beforeAll(async () => {
  [browser, app, other] = await Promise.all([launchChromium(), startAppServer(), startAppServer()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), app?.close(), other?.close()]);
});

/** Everything a test can leave in a tab's storage, written on the page's origin. */
function leaveTraces(page: Page): Promise<void> {
  return page.evaluate(async () => {
    localStorage.setItem('left', '1');
    sessionStorage.setItem('left', '1');
    document.cookie = 'left=1; path=/';
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('left', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
  });
}

/** What is left on the page's origin: [localStorage, sessionStorage, cookie, IndexedDB names]. */
function traces(page: Page): Promise<unknown[]> {
  return page.evaluate(async () => [
    localStorage.getItem('left'),
    sessionStorage.getItem('left'),
    document.cookie,
    (await indexedDB.databases()).map((d) => d.name),
  ]);
}

/** The second origin's traces, read and written by a frame of it inside the page. */
async function inFrame<T>(page: Page, fn: (frame: Page) => Promise<T>): Promise<T> {
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const frame = Object.assign(document.createElement('iframe'), { src, onload: () => resolve() });
        document.body.append(frame);
      }),
    `${other.url}/pages/app.html?lib=umd`,
  );
  const frame = page.frames().find((f) => f.url().startsWith(other.url))!;
  return fn(frame as unknown as Page);
}

describe('the reused tab', () => {
  it('keeps the context, and leaves no storage, cookie, route or page of the last test, on any origin it reached', async () => {
    const tab = reusedTab(() => browser);
    try {
      const first = await tab.next();
      await first.page.goto(`${app.url}/pages/app.html?lib=umd`);
      await leaveTraces(first.page);
      await inFrame(first.page, leaveTraces);
      await first.page.route('**/pages/app.html*', (route) => route.fulfill({ body: 'routed' }));
      const popup = await first.context.newPage();
      expect(await traces(first.page)).toEqual(['1', '1', 'left=1', ['left']]);

      const second = await tab.next();
      expect(first.page.isClosed()).toBe(false); // the same tab, emptied
      expect(browser.contexts()).toHaveLength(1);
      expect(popup.isClosed()).toBe(true);
      await second.page.goto(`${app.url}/pages/app.html?lib=umd`);
      expect(await second.page.textContent('body')).not.toBe('routed');
      expect(await traces(second.page)).toEqual([null, null, '', []]);
      expect(await inFrame(second.page, traces)).toEqual([null, null, '', []]);
    } finally {
      await tab.close();
    }
  });

  it("removes a test's init scripts and listeners for the next test, in the same tab", async () => {
    const tab = reusedTab(() => browser);
    try {
      const first = await tab.next();
      const seen: string[] = [];
      await first.page.addInitScript(() => ((window as any).initScriptRan = true));
      await first.page.context().addInitScript(() => ((window as any).contextScriptRan = true));
      // Chained: `on` returns the watched page, so the second listener is undone too.
      first.page.on('console', (m) => seen.push(`first: ${m.text()}`)).once('console', () => seen.push('once'));
      first.page.context().on('request', (r) => seen.push(`request: ${new URL(r.url()).pathname}`));
      await first.page.goto(`${app.url}/pages/app.html?lib=umd`);
      expect(
        await first.page.evaluate(() => [(window as any).initScriptRan, (window as any).contextScriptRan]),
      ).toEqual([true, true]);
      await first.page.evaluate(() => console.log('hello'));
      expect(seen).toContain('first: hello');

      const second = await tab.next();
      expect(first.page.isClosed()).toBe(false); // the same tab, emptied
      seen.length = 0;
      await second.page.goto(`${app.url}/pages/app.html?lib=umd`);
      await second.page.evaluate(() => console.log('again'));
      expect(
        await second.page.evaluate(() => [
          (window as any).initScriptRan ?? null,
          (window as any).contextScriptRan ?? null,
        ]),
      ).toEqual([null, null]);
      expect(seen).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('gives a new context after a test that went offline or exposed a function', async () => {
    const tab = reusedTab(() => browser);
    try {
      for (const use of [
        (t: { page: Page }) => t.page.context().setOffline(true),
        (t: { page: Page }) => t.page.exposeFunction('exposed', () => 1),
      ]) {
        const used = await tab.next();
        await use(used);
        const next = await tab.next();
        expect(used.page.isClosed()).toBe(true); // its context was closed, not emptied
        await next.page.goto(`${app.url}/pages/app.html?lib=umd`);
        expect(await next.page.evaluate(() => [navigator.onLine, typeof (window as any).exposed])).toEqual([
          true,
          'undefined',
        ]);
      }
    } finally {
      await tab.close();
    }
  });
});
