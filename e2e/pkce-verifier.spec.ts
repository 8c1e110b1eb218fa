/**
 * Where the PKCE code verifier waits during a redirect, in Chromium for the UMD and ESM builds: in
 * the tab's sessionStorage, never in a cookie, so the request that brings the code to the app's
 * server carries no verifier (whoever logs it would hold both); and a redirect that an earlier
 * version started, with the verifier in the transaction cookie, still completes.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { codeFlowApp, openApp, parseHash, signIn, startLogin, type LibBuild } from './support/flow.js';

const h = useBrowserHarness();
const BUILDS: readonly LibBuild[] = ['umd', 'esm'];
const PREFIX = 'webauth-js.verifier.';

const cfg = (lib: LibBuild) => codeFlowApp(h.tenant.domain, h.app.url, lib);

/** The verifier the last code exchange presented to the tenant. */
const presentedVerifier = () => {
  const exchanges = h.tenant.requests.filter((r) => r.path === '/oauth/token' && r.method === 'POST');
  return (exchanges.at(-1)?.body as Record<string, unknown> | undefined)?.code_verifier as string | undefined;
};

const verifierKeys = () =>
  h.page.evaluate((prefix) => Object.keys(sessionStorage).filter((k) => k.startsWith(prefix)), PREFIX);

describe.each(BUILDS)('the PKCE verifier during a redirect (%s)', (lib) => {
  it('is in no cookie: not in the callback request to the app server, not in the jar', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg(lib));
    const callback = h.page.waitForRequest((r) => r.url().startsWith(h.app.url) && r.url().includes('code='));
    await signIn(h.page, h.app.url);
    const cookieHeader = decodeURIComponent((await (await callback).allHeaders()).cookie ?? '');
    const jar = JSON.stringify(await h.context.cookies());
    const kept = await verifierKeys();

    expect((await parseHash(h.page, cfg(lib))).err).toBeNull();
    const verifier = presentedVerifier();
    expect(verifier).toMatch(/^[\w.~-]{64}$/);
    expect(cookieHeader).toContain('com.auth0.auth.'); // the transaction went along, without the verifier
    expect(cookieHeader).not.toContain(verifier);
    expect(cookieHeader).not.toContain('codeVerifier');
    expect(jar).not.toContain(verifier);
    expect(kept).toHaveLength(1); // in sessionStorage instead, until the code is redeemed
    expect(await verifierKeys()).toEqual([]);
  });

  it('of a redirect an earlier version started (in the transaction cookie) still redeems the code', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg(lib));
    await signIn(h.page, h.app.url);
    // Turn this redirect's storage into what the previous version left: the verifier in the cookie.
    const verifier = await h.page.evaluate((prefix) => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith(prefix))!;
      const [verifier] = JSON.parse(sessionStorage.getItem(key)!) as [string];
      sessionStorage.removeItem(key);
      const name = key.slice(prefix.length);
      const cookie = document.cookie.split('; ').find((c) => c.startsWith(name + '='))!;
      const transaction = JSON.parse(decodeURIComponent(cookie.slice(name.length + 1)));
      transaction.codeVerifier = verifier;
      document.cookie = `${name}=${encodeURIComponent(JSON.stringify(transaction))}; path=/`;
      return verifier;
    }, PREFIX);
    const login = await parseHash(h.page, cfg(lib));
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'Bearer' });
    expect(presentedVerifier()).toBe(verifier);
  });
});
