/**
 * One browser tab per spec file, emptied between tests instead of replaced (issue 34): a new
 * context and page cost about 0.8 s of CPU on the 2-core CI machine (a new renderer process and
 * its first navigation), emptying a used one about a quarter of that.
 *
 * Only a test that used nothing emptying cannot undo gets the tab back. The page and context a test
 * sees are watched: event listeners and init scripts it adds are removed when the tab is emptied; a
 * call outside the lists below (an exposed function, offline mode, permissions, extra headers,
 * closing the page…) marks the tab as used up, and the next test gets a new context. Emptying
 * removes the test's listeners and init scripts, other pages, routes, the document
 * (about:blank), cookies, every storage of every origin the tab reached (local storage, IndexedDB,
 * cache storage; session storage of the documents it shows, see `clearSessionStorage`) and the
 * HTTP cache. WEBAUTH_FRESH_CONTEXTS=1 gives every test
 * a new context, to check that a failure is not a leftover of an earlier test.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright';
import { newTestContext } from './browser.js';

// Calls that leave nothing behind once the tab is emptied (routes are removed, documents replaced).
const PAGE_CALLS = new Set(
  (
    '$ $$ $eval $$eval addScriptTag addStyleTag check click content context dblclick ' +
    'dispatchEvent evaluate evaluateHandle fill focus frame frameLocator frames getAttribute ' +
    'getByLabel getByRole getByTestId getByText goBack goForward goto hover innerHTML ' +
    'innerText inputValue isChecked isClosed isDisabled isEditable isEnabled isHidden ' +
    'isVisible locator mainFrame press reload route screenshot selectOption setContent ' +
    'textContent title type unroute unrouteAll url waitForEvent waitForFunction ' +
    'waitForLoadState waitForRequest waitForResponse waitForSelector waitForURL'
  ).split(' '),
);
const CONTEXT_CALLS = new Set(
  'addCookies browser clearCookies cookies newPage pages route unroute unrouteAll waitForEvent'.split(' '),
);
// Calls emptying undoes: listeners are removed, init scripts disposed. They return the watched object
// (so chained calls stay watched) or the init script's Disposable.
const LISTEN = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);
const UNLISTEN = new Set(['off', 'removeListener']);

export interface ReusedTab {
  /** A context and page for the next test: the kept ones emptied, or new ones. */
  next(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

interface Kept {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  origins: Set<string>;
  usedUp: boolean;
  /** Undoes what the last test added that emptying would not remove (listeners, init scripts). */
  undo: (() => Promise<unknown> | unknown)[];
}

/** `target`'s methods, each call outside `allowed` marking `kept` as used up. */
function watched<T extends object>(target: T, allowed: Set<string>, kept: Kept, extra: Partial<T> = {}): T {
  return new Proxy(target, {
    get(obj, name, receiver) {
      if (typeof name === 'string' && Object.hasOwn(extra, name)) return extra[name as keyof T];
      const value = Reflect.get(obj, name, obj);
      if (typeof value !== 'function') return value;
      const call = (args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(obj, args);
      if (typeof name === 'string' && LISTEN.has(name)) {
        return (event: string, listener: (...a: unknown[]) => void) => {
          call([event, listener]);
          const emitter = obj as unknown as { off(event: string, listener: unknown): unknown };
          kept.undo.push(() => emitter.off(event, listener));
          return receiver;
        };
      }
      if (typeof name === 'string' && UNLISTEN.has(name)) return (...args: unknown[]) => (call(args), receiver);
      if (name === 'addInitScript') {
        return (...args: unknown[]) => {
          const added = call(args) as Promise<{ dispose(): Promise<void> }>;
          kept.undo.push(() => added.then((script) => script.dispose()));
          return added;
        };
      }
      return (...args: unknown[]) => {
        if (typeof name !== 'string' || !allowed.has(name)) kept.usedUp = true;
        return call(args);
      };
    },
  });
}

async function open(browser: Browser, options: BrowserContextOptions): Promise<Kept> {
  const context = await newTestContext(browser, options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const kept: Kept = { context, page, cdp, origins: new Set(), usedUp: false, undo: [] };
  // Every origin a document or request of this context reached may have stored something.
  context.on('request', (r) => {
    const origin = new URL(r.url()).origin;
    if (origin.startsWith('http')) kept.origins.add(origin);
  });
  return kept;
}

/**
 * Empties a used tab: other pages closed, routes removed, the document replaced by about:blank,
 * cookies cleared, every storage of `origins` and the HTTP cache cleared (session storage: that of the
 * documents the tab shows).
 * The differential suite's tabs are emptied the same way (e2e/compat/clean-tab.ts).
 */
export async function emptyTab(
  { context, page, cdp }: { context: BrowserContext; page: Page; cdp: CDPSession },
  origins: Iterable<string>,
): Promise<void> {
  await Promise.all(
    context
      .pages()
      .filter((p) => p !== page)
      .map((p) => p.close()),
  );
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await clearSessionStorage(page);
  await page.goto('about:blank', { timeout: 5000 });
  await context.clearCookies();
  for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
}

/**
 * Each frame's document clears the tab's session storage of its origin. Chromium 150's
 * `Storage.clearDataForOrigin` leaves session storage (CI runs on 156 passed without this), and
 * `DOMStorage.clear` finds only origins a frame shows: a document the test left keeps what it wrote
 * there, which nothing of the library, the tenant, auth0-js or Lock writes. Five seconds at most:
 * a dialog can hold a page.
 */
async function clearSessionStorage(page: Page): Promise<void> {
  const clears = page.frames().map((frame) => frame.evaluate(() => sessionStorage.clear()).catch(() => {}));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the tab did not clear its session storage in 5 s')), 5000);
  });
  await Promise.race([Promise.all(clears), late]).finally(() => clearTimeout(timer));
}

async function empty(kept: Kept): Promise<void> {
  const undo = kept.undo.splice(0);
  for (const step of undo.reverse()) await step();
  await emptyTab(kept, kept.origins);
  kept.origins.clear();
}

/**
 * One spec file's tab, on the Chromium `browser()` returns (read when a tab is first needed), its
 * contexts made with `options` (`bypassCSP`…) besides `ignoreHTTPSErrors`.
 */
export function reusedTab(browser: () => Browser, options: BrowserContextOptions = {}): ReusedTab {
  let kept: Kept | undefined;
  const fresh = Boolean(process.env.WEBAUTH_FRESH_CONTEXTS);
  return {
    async next() {
      if (kept && !kept.usedUp && !fresh) {
        // A tab that cannot be emptied (it crashed, a dialog holds it) is replaced.
        await empty(kept).catch(() => (kept!.usedUp = true));
      }
      if (!kept || kept.usedUp || fresh) {
        await kept?.context.close().catch(() => {});
        kept = await open(browser(), options);
      }
      const k = kept;
      const context = watched(k.context, CONTEXT_CALLS, k);
      const page = watched(k.page, PAGE_CALLS, k, { context: () => context });
      return { context, page };
    },
    async close() {
      await kept?.context.close().catch(() => {});
      kept = undefined;
    },
  };
}
