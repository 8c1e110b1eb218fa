import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright';

// The system Chromium, never a downloaded one. The flags keep it off the network: *.test and
// localhost resolve to loopback, and background services that phone home are disabled.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.test 127.0.0.1',
];

/**
 * The features Playwright's own `--disable-features` switch turns off (playwright-core's
 * chromiumSwitches.ts, 1.65): Chromium reads only the last such switch, so a suite that adds one
 * repeats these. `e2e/suite-chromium.spec.ts` checks that the switch a suite launches with still
 * holds every feature Playwright's holds.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Two ways Chromium 156 builds a navigation that pages are not meant to observe, turned off for the
 * e2e and differential suites (vitest.config.ts; WEBAUTH_SUITE_CHROMIUM=0 keeps the defaults): a new
 * frame host for every document (RenderDocument), and a new browsing instance on a cross-site
 * navigation so that the page left can enter the back/forward cache, which Playwright disables
 * anyway (ProactivelySwapBrowsingInstance). Measured on the 2-core machine: two spec files took 50.0 s
 * of CPU instead of 55.3 s, the e2e suite 275 s instead of 294-317 s. Every test passes either way.
 * The engine suite and the benches keep Chromium's defaults.
 */
export const SUITE_DISABLED_FEATURES = ['RenderDocument', 'ProactivelySwapBrowsingInstance'];

/** The switches to launch with, and the suites' `--disable-features` when `suite`. */
export function chromiumArgs(suite = process.env.WEBAUTH_SUITE_CHROMIUM === '1'): string[] {
  if (!suite) return CHROMIUM_ARGS;
  return [...CHROMIUM_ARGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...SUITE_DISABLED_FEATURES]}`];
}

/** The Chromium binary: CHROMIUM_PATH, else the system one. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** A Chromium of its own, closed by `close()`. */
export function launchOwnChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: chromiumArgs(),
  });
}

let shared: Promise<Browser> | undefined;

/**
 * A Chromium for one spec file. With WEBAUTH_SHARED_CHROMIUM=1 (the e2e project, whose files share
 * their worker's modules) it is a lease on the worker's one Chromium, launched on first use and
 * again if it went away: launching costs about 1 s of CPU, 44 times a run (issue 34). The lease's
 * `close()` closes the contexts it made and leaves the browser to the next file. Otherwise, a
 * Chromium of its own.
 */
export async function launchChromium(): Promise<Browser> {
  if (!process.env.WEBAUTH_SHARED_CHROMIUM) return launchOwnChromium();
  let browser = shared && (await shared.catch(() => undefined));
  if (!browser?.isConnected()) browser = await (shared = launchOwnChromium());
  return lease(browser);
}

function lease(browser: Browser): Browser {
  const made = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    made.add(context);
    context.once('close', () => made.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, name) {
      if (name === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (name === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          track(page.context());
          return page;
        };
      if (name === 'contexts') return () => [...made];
      if (name === 'close')
        return async () => void (await Promise.all([...made].map((c) => c.close().catch(() => {}))));
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A fresh context with `options`; the tenant serves HTTPS with a self-signed certificate. */
export function newTestContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true, ...options });
}
