/**
 * Drives the test app page (e2e/pages/app.html) through a redirect login, for any of the three
 * library builds. Used by the e2e specs and the differential runner.
 */
import type { Page } from 'playwright';

/** `all`: the all-in-one CDN file (dist/webauth.all.min.js), the code-flow bench's baseline. */
/** `esm-modules`: dist/esm loaded module by module, as published (profiles read its file names). */
export type LibBuild = 'umd' | 'esm' | 'esm-modules' | 'ref' | 'all';

/** Our two builds, then auth0-js 10.2.1 itself: a flow that passes for `ref` proves the tenant speaks v10's protocol. */
export const ALL_LIBS: readonly LibBuild[] = ['umd', 'esm', 'ref'];

export interface AppConfig {
  domain: string;
  clientID: string;
  redirectUri: string;
  responseType: string;
  [key: string]: unknown;
}

/** An error or result as it crossed the page boundary. */
export interface Outcome {
  err: null | { json: unknown; name: string; message: string; isError: boolean };
  result: unknown;
}

export const appUrl = (appOrigin: string, lib: LibBuild) => `${appOrigin}/pages/app.html?lib=${lib}`;

/** The code flow with PKCE for the tenant's `spa-client` on the app page of `lib`; `extra` adds options. */
export const codeFlowApp = (
  tenantDomain: string,
  appOrigin: string,
  lib: LibBuild,
  extra: Record<string, unknown> = {},
): AppConfig => ({
  domain: tenantDomain,
  clientID: 'spa-client',
  redirectUri: appUrl(appOrigin, lib),
  responseType: 'code',
  usePKCE: true,
  ...extra,
});

export const ALICE = { email: 'alice@example.com', password: 'Passw0rd!alice' };
export const BOB = { email: 'bob@example.com', password: 'Passw0rd!bob' };

/** Opens the app page with `lib` loaded. */
export async function openApp(page: Page, appOrigin: string, lib: LibBuild): Promise<void> {
  await page.goto(appUrl(appOrigin, lib));
  await page.evaluate(() => (window as any).libReady);
}

/** Calls `authorize(options)` and waits for the tenant's login page. */
export async function startLogin(page: Page, config: AppConfig, options: Record<string, unknown> = {}): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/authorize'),
    page.evaluate(
      async ([config, options]) => {
        const lib = await (window as any).libReady;
        new lib.WebAuth(config).authorize(options);
      },
      [config, options] as const,
    ),
  ]);
}

/**
 * Calls `logout({ returnTo: config.redirectUri })` on a new instance. It resolves once the call
 * returns; the page leaves afterwards, so set up waits for its requests and `load` before calling.
 */
export async function logoutToApp(page: Page, config: AppConfig): Promise<void> {
  await page.evaluate(async (config) => {
    const lib = await (window as any).libReady;
    new lib.WebAuth(config).logout({ returnTo: config.redirectUri });
  }, config);
}

/** Fills in the hosted login form and waits to be back on the app page. */
export async function signIn(page: Page, appOrigin: string, user = ALICE): Promise<void> {
  await page.fill('#username', user.email);
  await page.fill('#password', user.password);
  await Promise.all([page.waitForURL((url) => url.origin === appOrigin), page.click('#submit')]);
  await page.evaluate(() => (window as any).libReady);
}

/**
 * Runs `webAuth[method](options, cb)` on a new instance in the page and returns what the first
 * callback received; `json` passes the result through JSON as an app storing it would.
 */
export function callWebAuth(
  page: Page,
  config: AppConfig,
  method: string,
  options: Record<string, unknown> = {},
  json = false,
): Promise<Outcome> {
  return page.evaluate(
    async ([config, options, method, json]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(config);
      return new Promise<Outcome>((resolve) =>
        webAuth[method](options, (err: any, result: unknown) =>
          resolve({
            err: err && {
              json: JSON.parse(JSON.stringify(err)),
              name: String(err.name),
              message: String(err.message),
              isError: err instanceof Error,
            },
            result: result === undefined ? null : json ? JSON.parse(JSON.stringify(result)) : result,
          }),
        ),
      );
    },
    [config, options, method, json] as const,
  );
}

/**
 * Waits until webauth-js has kept a key set in the page origin's localStorage (written once the set
 * it fetched arrives; auth0-js keeps none), so that a storage snapshot or a visit after it sees
 * that write.
 */
export async function waitForStoredKeySet(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => Object.keys(localStorage).some((key) => key.startsWith('webauth-js.jwks.')),
    null,
    timeout === undefined ? {} : { timeout },
  );
}

/** Runs `parseHash(options, cb)` on the current page and returns what the callback received. */
export const parseHash = (page: Page, config: AppConfig, options: Record<string, unknown> = {}): Promise<Outcome> =>
  callWebAuth(page, config, 'parseHash', options);
