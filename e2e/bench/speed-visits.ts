/**
 * The login callback as users live it, one sample per call: a new browser context (empty caches,
 * no IndexedDB) logs in by redirect against the tenant session and times `parseHash` on the
 * callback page from the start of its fetch to the verified result (first visit); the same
 * context then logs in again (repeat visit, keys cached) and runs one `checkSession` on that page.
 * Key-set requests are counted on the tenant's request log.
 */
import type { Browser, BrowserContext, Cookie, Page } from 'playwright';
import type { RunningTenant } from '../tenant/index.js';
import { newTestContext } from '../support/browser.js';
import {
  appUrl,
  openApp,
  signIn,
  startLogin,
  waitForStoredKeySet,
  type AppConfig,
  type LibBuild,
} from '../support/flow.js';

export interface VisitEnv {
  tenant: RunningTenant;
  appOrigin: string;
  /** The tenant's session cookie (and anything else the login left), added to every new context. */
  cookies: Cookie[];
  /** `preload`: the callback page asks for the key set with `<link rel="preload">` before the library loads. */
  hint?: 'preload' | undefined;
  /** The callback page records webauth-js's debug events (e2e/bench/trace-repeat-visit.ts). */
  trace?: boolean;
}

export interface VisitFigures {
  firstMs: number;
  firstJwks: number;
  /** From the parseHash call to its callback: the library's own share of `firstMs`. */
  firstParseMs: number;
  /** From the callback page's fetch to the library being ready (the page's own loads). */
  firstLoadMs: number;
  repeatMs: number;
  repeatParseMs: number;
  repeatJwks: number;
  checkSessionMs: number;
  checkSessionJwks: number;
}

const CALLBACK = '/pages/bench-callback.html';

/** Both libraries get the same options; the tenant is plain HTTP on 127.0.0.1 (same site as the app). */
export const benchConfig = (env: Omit<VisitEnv, 'cookies'>, lib: LibBuild): AppConfig => ({
  domain: env.tenant.url,
  clientID: 'spa-client',
  redirectUri: `${env.appOrigin}${CALLBACK}?lib=${lib}${env.hint ? `&hint=${env.hint}` : ''}${env.trace ? '&trace=1' : ''}`,
  responseType: 'token id_token',
  overrides: { __token_issuer: env.tenant.issuer },
});

export const jwksSince = (tenant: RunningTenant, start: number) =>
  tenant.requests.slice(start).filter((r) => r.path === '/.well-known/jwks.json').length;

/** Signs alice in once, so every later context can carry the tenant session. */
export async function tenantSession(browser: Browser, env: Omit<VisitEnv, 'cookies'>): Promise<Cookie[]> {
  const context = await newTestContext(browser);
  const page = await context.newPage();
  const config = { ...benchConfig(env, 'umd'), redirectUri: appUrl(env.appOrigin, 'umd') };
  await openApp(page, env.appOrigin, 'umd');
  await startLogin(page, config);
  await signIn(page, env.appOrigin);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** A redirect login through the tenant session, timed on the callback page. */
export async function timedCallback(
  page: Page,
  env: VisitEnv,
  lib: LibBuild,
  /** Options added to the bench's (the code-flow bench's usePKCE and refresh tokens). */
  extra: Record<string, unknown> = {},
): Promise<{ ms: number; parseMs: number; loadMs: number; jwks: number; steps: [string, number][] }> {
  const config = { ...benchConfig(env, lib), ...extra };
  await openApp(page, env.appOrigin, lib);
  const before = env.tenant.requests.length;
  await Promise.all([
    page.waitForURL((url) => url.pathname === CALLBACK, { waitUntil: 'commit' }),
    page.evaluate(async (config) => {
      const lib = await (window as any).libReady;
      localStorage.setItem('bench-config', JSON.stringify(config));
      new lib.WebAuth(config).authorize({});
    }, config),
  ]);
  await page.waitForFunction(() => (window as any).benchResult !== undefined);
  const result = await page.evaluate(() => (window as any).benchResult);
  if (!result.verified) throw new Error(`${lib}: parseHash failed on the callback: ${result.err}`);
  return {
    ms: result.ms,
    parseMs: result.parseMs,
    loadMs: result.libraryLoadedMs,
    jwks: jwksSince(env.tenant, before),
    steps: result.steps,
  };
}

/** One `checkSession` on the current page (a fresh client, as after a reload), ms. */
export function timedCheckSession(page: Page, config: AppConfig): Promise<number> {
  return page.evaluate(async (config) => {
    const lib = await (window as any).libReady;
    const webAuth = new lib.WebAuth(config);
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) =>
      webAuth.checkSession({}, (err: unknown) => (err ? reject(new Error(JSON.stringify(err))) : resolve())),
    );
    return performance.now() - t0;
  }, config);
}

/** Our key cache is written after the callback; a later visit comes after that write. */
async function settle(page: Page): Promise<void> {
  await waitForStoredKeySet(page, 2000).catch(() => undefined); // auth0-js keeps no key cache
}

export async function visitRun(browser: Browser, env: VisitEnv, lib: LibBuild): Promise<VisitFigures> {
  let context: BrowserContext | undefined;
  try {
    context = await newTestContext(browser);
    await context.addCookies(env.cookies);
    const page = await context.newPage();
    const first = await timedCallback(page, env, lib);
    if (lib === 'umd') await settle(page);
    const repeat = await timedCallback(page, env, lib);
    const before = env.tenant.requests.length;
    const checkSessionMs = await timedCheckSession(page, benchConfig(env, lib));
    return {
      firstMs: first.ms,
      firstJwks: first.jwks,
      firstParseMs: first.parseMs,
      firstLoadMs: first.loadMs,
      repeatMs: repeat.ms,
      repeatParseMs: repeat.parseMs,
      repeatJwks: repeat.jwks,
      checkSessionMs,
      checkSessionJwks: jwksSince(env.tenant, before),
    };
  } finally {
    await context?.close();
  }
}
