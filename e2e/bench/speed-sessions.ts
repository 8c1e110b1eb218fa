/**
 * `checkSession` where the key set is not cached yet: a signed-in visitor's first call on a new
 * browser context (timed, key-set requests counted), and anonymous visitors (no tenant session:
 * `login_required`) loading the app page many times in one context, counting the key-set requests
 * those loads make (issue 27: at most one per key-set lifetime).
 */
import type { Browser, BrowserContext, Page } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { openApp } from '../support/flow.js';
import type { Lib } from './speed-stats.js';
import { benchConfig, jwksSince, timedCheckSession, type VisitEnv } from './speed-visits.js';

/** Runs `fn` on the app page of a new context (empty HTTP cache, storage and IndexedDB) with the tenant session. */
export async function onNewSignedInPage<T>(
  browser: Browser,
  env: VisitEnv,
  lib: Lib,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  let context: BrowserContext | undefined;
  try {
    context = await newTestContext(browser);
    await context.addCookies(env.cookies);
    const page = await context.newPage();
    await openApp(page, env.appOrigin, lib);
    return await fn(page);
  } finally {
    await context?.close();
  }
}

/** One signed-in `checkSession` on a new context. */
export function coldCheckSessionRun(browser: Browser, env: VisitEnv, lib: Lib): Promise<{ ms: number; jwks: number }> {
  return onNewSignedInPage(browser, env, lib, async (page) => {
    const before = env.tenant.requests.length;
    const ms = await timedCheckSession(page, benchConfig(env, lib));
    return { ms, jwks: jwksSince(env.tenant, before) };
  });
}

/** `loads` page loads of an anonymous visitor, each calling `checkSession` once; key-set requests made. */
export async function anonymousLoadsRun(browser: Browser, env: VisitEnv, lib: Lib, loads: number): Promise<number> {
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    const before = env.tenant.requests.length;
    for (let i = 0; i < loads; i++) {
      await openApp(page, env.appOrigin, lib);
      const error = await page.evaluate(
        async (config) => {
          const webAuth = new (await (window as any).libReady).WebAuth(config);
          return new Promise((resolve) => webAuth.checkSession({}, (err: any) => resolve(err?.error ?? 'no error')));
        },
        benchConfig(env, lib),
      );
      if (error !== 'login_required') throw new Error(`${lib}: anonymous checkSession answered ${String(error)}`);
    }
    return jwksSince(env.tenant, before);
  } finally {
    await context.close();
  }
}
