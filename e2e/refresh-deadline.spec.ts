/**
 * The refresh grant's deadline, in Chromium for the UMD and ESM builds: with the tenant's token
 * endpoint hanging, two tabs renewing at once (serialised by Web Locks) each get `timeout` within
 * the call's `timeout`, counted from the call, the lock's wait included; once the tenant answers
 * again, a renewal works with the same refresh token.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { codeFlowApp, openApp, parseHash, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

const h = useBrowserHarness();
const BUILDS: readonly LibBuild[] = ['umd', 'esm'];
const TIMEOUT_MS = 3000;

const cfg = (lib: LibBuild) =>
  codeFlowApp(h.tenant.domain, h.app.url, lib, { useRefreshTokens: true, cacheLocation: 'localstorage' });

/**
 * `checkSession(options)` in `page`: its first callback's error code (or `ok`) and the ms it took.
 * Without any callback, `none` once the deadline is long past (a bound for a failing run only).
 */
function renew(page: Page, config: AppConfig, options: Record<string, unknown> = {}) {
  return page.evaluate(
    async ([config, options, bound]) => {
      const lib = await (window as any).libReady;
      const started = performance.now();
      const outcome = await Promise.race([
        new Promise<string>((resolve) =>
          new lib.WebAuth(config).checkSession(options, (err: any, result: any) =>
            resolve(err ? String(err.error) : result?.accessToken ? 'ok' : 'empty'),
          ),
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('none'), bound)),
      ]);
      return { outcome, ms: performance.now() - started };
    },
    [config, options, TIMEOUT_MS + 10_000] as const,
  );
}

describe.each(BUILDS)('the refresh grant with the tenant hanging (%s)', (lib) => {
  it('two tabs each get timeout within the configured timeout; a later renewal works', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg(lib));
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, cfg(lib))).err).toBeNull();
    const other = await h.context.newPage();
    await openApp(other, h.app.url, lib);
    await openApp(h.page, h.app.url, lib);

    // Whichever tab gets the lock first sends the grant.
    const grants: string[] = [];
    for (const tab of [h.page, other])
      tab.on('request', (r) => void (r.url().endsWith('/oauth/token') && grants.push(r.url())));
    const removeFault = h.tenant.addFault({ path: '/oauth/token', method: 'POST', fault: { kind: 'hang' } });
    const [a, b] = await Promise.all([
      renew(h.page, cfg(lib), { timeout: TIMEOUT_MS }),
      renew(other, cfg(lib), { timeout: TIMEOUT_MS }),
    ]);
    removeFault();
    expect(grants.length).toBeGreaterThan(0);
    for (const tab of [a, b]) {
      expect(tab.outcome).toBe('timeout');
      // At the deadline, give or take a loaded machine's timer: not after a second one (the lock's wait).
      expect(tab.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(tab.ms).toBeLessThan(TIMEOUT_MS * 2 - 500);
    }

    // The hung requests were aborted and the lock let go: a renewal in either tab now works.
    expect((await renew(other, cfg(lib))).outcome).toBe('ok');
    expect((await renew(h.page, cfg(lib))).outcome).toBe('ok');
    await other.close();
  });
});
