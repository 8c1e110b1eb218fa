/**
 * A browser tab reused from one scenario run to the next, emptied in between (issue 34). A fresh
 * context and page cost about 0.8 s of CPU on the 2-core CI machine (a new renderer process, the
 * first navigation's process swap); emptying a used one costs about a quarter of that. What a run
 * can leave behind is removed before the next one: other pages, routes, the document (about:blank),
 * cookies, every kind of storage of the origins the runs use (local storage, IndexedDB, cache
 * storage; session storage of the documents the tab shows), the HTTP cache and the CORS preflight cache. COMPAT_FRESH_PAGES=1 gives every run
 * a new context instead, to check that a difference is not a leftover of an earlier scenario.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { emptyTab } from '../support/reused-tab.js';

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Hands the tab back after a run; a fresh context is closed, a reused one kept. */
  release(): Promise<void>;
}

interface Kept {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

const kept = new Map<string, Kept>();

async function open(browser: Browser): Promise<Kept> {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  return { context, page, cdp: await context.newCDPSession(page) };
}

/**
 * An empty tab for one run, kept under `key` (one per library and tenant: their runs go in
 * parallel). `origins` are those whose storage a run may have written.
 */
export async function cleanTab(browser: Browser, key: string, origins: string[]): Promise<Tab> {
  if (process.env.COMPAT_FRESH_PAGES) {
    const { context, page } = await open(browser);
    return { context, page, release: () => context.close() };
  }
  let tab = kept.get(key);
  if (tab) {
    // A tab that cannot be emptied (it crashed, or its browser went) is replaced.
    await emptyTab(tab, origins).catch(async () => {
      await tab!.context.close().catch(() => {});
      tab = undefined;
    });
  }
  if (!tab) kept.set(key, (tab = await open(browser)));
  return { context: tab.context, page: tab.page, release: async () => {} };
}
