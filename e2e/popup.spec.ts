/**
 * `webAuth.popup` in Chromium against the local tenant on another origin: popup login with the
 * opener and the popup callback page running either library (the message protocol interoperates
 * both ways), the user closing the popup, a blocked popup, an opener on the wrong origin, and the
 * embedded logins that finish in a hidden iframe (`loginWithCredentials`, `signupAndLogin`) or
 * through `/oauth/ro` (`passwordlessVerify`). After each flow the opener has no iframe, `message`
 * listener or timer left over from it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { startHttpsProxy, type HttpsProxy } from './support/https-proxy.js';
import { ALICE, appUrl, openApp, type AppConfig, type LibBuild } from './support/flow.js';

const h = useBrowserHarness();

/** Counts the page's `message` listeners, pending timers and iframes (installed before any script). */
const TRACKER = `(() => {
  const listeners = new Set();
  const add = window.addEventListener, remove = window.removeEventListener;
  window.addEventListener = function (type, fn, o) { if (type === 'message') listeners.add(fn); return add.call(this, type, fn, o); };
  window.removeEventListener = function (type, fn, o) { if (type === 'message') listeners.delete(fn); return remove.call(this, type, fn, o); };
  const timers = new Set();
  const st = window.setTimeout, ct = window.clearTimeout, si = window.setInterval, ci = window.clearInterval;
  window.setTimeout = function (fn, ms, ...args) {
    const id = st.call(window, (...a) => { timers.delete(id); if (typeof fn === 'function') fn(...a); }, ms, ...args);
    timers.add(id);
    return id;
  };
  window.clearTimeout = function (id) { timers.delete(id); return ct.call(window, id); };
  window.setInterval = function (fn, ms, ...args) { const id = si.call(window, fn, ms, ...args); timers.add(id); return id; };
  window.clearInterval = function (id) { timers.delete(id); return ci.call(window, id); };
  window.__leftovers = () => ({ listeners: listeners.size, timers: timers.size, iframes: document.querySelectorAll('iframe').length });
})();`;

type Leftovers = { listeners: number; timers: number; iframes: number };
interface Outcome {
  err: Record<string, any> | null;
  result: Record<string, any> | null;
}

const config = (appOrigin: string, popupLib: LibBuild, extra: Record<string, unknown> = {}): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(appOrigin, popupLib),
  responseType: 'token id_token',
  ...extra,
});

async function openOpener(lib: LibBuild, origin = h.app.url): Promise<Leftovers> {
  await h.page.addInitScript(TRACKER);
  await openApp(h.page, origin, lib);
  return h.page.evaluate(() => (window as any).__leftovers());
}

/** Runs `webAuth.popup[method](options, cb)` on the opener; `outcome()` waits for the callback. */
async function call(method: string, cfg: AppConfig, options: Record<string, unknown> = {}) {
  await h.page.evaluate(
    ([method, cfg, options]) => {
      const lib = (window as any).__lib;
      (window as any).__outcome = new Promise((resolve) => {
        const popup = new lib.WebAuth(cfg).popup;
        popup[method](options, (err: unknown, result: unknown) =>
          resolve({ err: err ? JSON.parse(JSON.stringify(err)) : null, result: result ?? null }),
        );
      });
    },
    [method, cfg, options] as const,
  );
}
const outcome = (): Promise<Outcome> => h.page.evaluate(() => (window as any).__outcome);

/** Starts popup.authorize and returns the popup window's page. */
async function startPopup(cfg: AppConfig, options: Record<string, unknown> = {}): Promise<Page> {
  await h.page.evaluate(async () => ((window as any).__lib = await (window as any).libReady));
  const [popup] = await Promise.all([h.context.waitForEvent('page'), call('authorize', cfg, options)]);
  return popup;
}

/** Signs alice in on the tenant's page in the popup, and runs popup.callback on the page it returns to. */
async function signInAndAnswer(
  popup: Page,
  cfg: AppConfig,
  callbackOptions: Record<string, unknown> = {},
): Promise<void> {
  await popup.waitForSelector('#username');
  await popup.fill('#username', ALICE.email);
  await popup.fill('#password', ALICE.password);
  const appOrigin = new URL(cfg.redirectUri).origin;
  await Promise.all([popup.waitForURL((url) => url.origin === appOrigin), popup.click('#submit')]);
  await popup.evaluate(
    async ([cfg, options]) => new (await (window as any).libReady).WebAuth(cfg).popup.callback(options),
    [cfg, callbackOptions] as const,
  );
}

const PAIRS: [opener: LibBuild, popup: LibBuild][] = [
  ['umd', 'umd'],
  ['esm', 'esm'],
  ['umd', 'ref'],
  ['ref', 'umd'],
  ['ref', 'ref'],
];

describe.each(PAIRS)('popup.authorize: %s opener, %s popup page', (openerLib, popupLib) => {
  it('logs alice in; the tokens are validated in the popup, which closes', async () => {
    const before = await openOpener(openerLib);
    const cfg = config(h.app.url, popupLib);
    const popup = await startPopup(cfg, { appState: { from: 'popup' } });
    expect(new URL(popup.url()).origin).toBe(h.tenant.url);
    await signInAndAnswer(popup, cfg);
    const { err, result } = await outcome();
    expect(err).toBeNull();
    expect(result).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      tokenType: 'Bearer',
      appState: { from: 'popup' },
      // v10's keepOriginalCasing: both spellings of nested keys.
      idTokenPayload: {
        email: ALICE.email,
        aud: 'spa-client',
        iss: h.tenant.issuer,
        emailVerified: true,
        email_verified: true,
      },
    });
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect.poll(() => h.page.evaluate(() => (window as any).__leftovers())).toEqual(before);
  });
});

describe.each(['umd', 'ref'] as const)('popup.authorize with the %s build', (lib) => {
  it('reports a popup the user closed', async () => {
    const before = await openOpener(lib);
    const popup = await startPopup(config(h.app.url, lib));
    await popup.close();
    expect((await outcome()).err).toEqual({ original: 'User closed the popup window', code: null, description: null });
    expect(await h.page.evaluate(() => (window as any).__leftovers())).toEqual(before);
  });

  it('answers an opener on another origin than popupOrigin with origin_mismatch (popup page: ours)', async () => {
    await openOpener(lib);
    const cfg = config(h.app.url, 'umd');
    const popup = await startPopup(cfg);
    await signInAndAnswer(popup, cfg, { popupOrigin: 'https://opener.example' });
    const description = `The popup's origin (${h.app.url}) should match the \`popupOrigin\` parameter (https://opener.example).`;
    expect((await outcome()).err).toEqual({
      original: { error: 'origin_mismatch', error_description: description },
      code: 'origin_mismatch',
      description,
      // Ours only (COMPATIBILITY A8).
      ...(lib === 'ref' ? {} : { hint: "redirectUri or popupOrigin is not this page's origin" }),
    });
    await expect.poll(() => popup.isClosed()).toBe(true);
  });
});

describe('a blocked popup', () => {
  it('ours: popup_blocked, with nothing left behind; v10 never called back', async () => {
    const results: Record<string, unknown> = {};
    for (const lib of ['umd', 'ref'] as const) {
      const before = await openOpener(lib);
      await h.page.evaluate(async () => {
        (window as any).__lib = await (window as any).libReady;
        window.open = () => null; // what a popup blocker returns
      });
      await call('authorize', config(h.app.url, lib));
      results[lib] = await Promise.race([outcome(), new Promise((r) => setTimeout(() => r('no callback'), 1500))]);
      // The key set started loading with the flow (issue 27): its request's deadline goes when it answers.
      if (lib === 'umd')
        await vi.waitFor(async () =>
          expect(await h.page.evaluate(() => (window as any).__leftovers())).toEqual(before),
        );
    }
    expect(results).toEqual({
      umd: {
        err: {
          original: { error: 'popup_blocked', error_description: 'The popup window was blocked by the browser.' },
          code: 'popup_blocked',
          description: 'The popup window was blocked by the browser.',
        },
        result: null,
      },
      ref: 'no callback',
    });
  });
});

// The hidden iframe needs the tenant's session cookie: an app on https://localhost is the same site
// as the tenant, so Chromium sends it (an app on http://127.0.0.1 would get login_required).
describe("embedded logins that finish without a redirect (app on the tenant's site)", () => {
  let proxy: HttpsProxy;
  let sameSite: string;
  beforeAll(async () => {
    proxy = await startHttpsProxy(h.app.url);
    sameSite = `https://localhost:${proxy.port}`;
  });
  afterAll(() => proxy.close());

  describe.each(['umd', 'ref'] as const)('%s build', (lib) => {
    it('popup.loginWithCredentials: /co/authenticate, then /authorize in a hidden iframe, validated', async () => {
      const before = await openOpener(lib, sameSite);
      await h.page.evaluate(async () => ((window as any).__lib = await (window as any).libReady));
      const seen = h.tenant.requests.length;
      await call('loginWithCredentials', config(sameSite, lib), {
        connection: 'Username-Password-Authentication',
        username: ALICE.email,
        password: ALICE.password,
        scope: 'openid email',
      });
      const { err, result } = await outcome();
      expect(err).toBeNull();
      expect(result).toMatchObject({
        accessToken: expect.any(String),
        idTokenPayload: { email: ALICE.email, emailVerified: true },
      });
      const paths = h.tenant.requests.slice(seen).map((r) => `${r.method} ${r.path}`);
      expect(paths).toEqual(expect.arrayContaining(['POST /co/authenticate', 'GET /authorize']));
      expect(h.page.url()).toBe(appUrl(sameSite, lib));
      await expect.poll(() => h.page.evaluate(() => (window as any).__leftovers())).toEqual(before);
    });

    it('popup.loginWithCredentials: wrong password gives the legacy error shape', async () => {
      await openOpener(lib, sameSite);
      await h.page.evaluate(async () => ((window as any).__lib = await (window as any).libReady));
      await call('loginWithCredentials', config(sameSite, lib), {
        realm: 'Username-Password-Authentication',
        username: ALICE.email,
        password: 'wrong',
      });
      expect((await outcome()).err).toMatchObject({
        code: 'access_denied',
        description: 'Wrong email or password.',
        error: 'access_denied',
        error_description: 'Wrong email or password.',
      });
    });

    it('popup.signupAndLogin: a new user signs up and is logged in', async () => {
      await openOpener(lib, sameSite);
      await h.page.evaluate(async () => ((window as any).__lib = await (window as any).libReady));
      const email = `popup-${lib}-${Date.now()}@example.com`;
      await call('signupAndLogin', config(sameSite, lib), {
        connection: 'Username-Password-Authentication',
        email,
        password: 'Str0ng!Passw0rd#x',
        scope: 'openid email',
      });
      const { err, result } = await outcome();
      expect(err).toBeNull();
      expect(result).toMatchObject({ idTokenPayload: { email } });
    });

    it('popup.passwordlessVerify: verifies the emailed code, then logs in through /oauth/ro', async () => {
      await openOpener(lib, sameSite);
      await h.page.evaluate(async () => ((window as any).__lib = await (window as any).libReady));
      const email = 'carol-popup@example.com';
      const cfg = config(sameSite, lib);
      await h.page.evaluate(
        ([cfg, email]) =>
          new Promise((resolve, reject) =>
            new (window as any).__lib.WebAuth(cfg).passwordlessStart(
              { connection: 'email', send: 'code', email },
              (err: unknown) => (err ? reject(new Error(JSON.stringify(err))) : resolve(null)),
            ),
          ),
        [cfg, email] as const,
      );
      const code = h.tenant.outbox.filter((m) => m.to === email).at(-1)?.code;
      expect(code).toMatch(/^\d+$/);
      const seen = h.tenant.requests.length;
      await call('passwordlessVerify', cfg, {
        connection: 'email',
        email,
        verificationCode: code,
        type: 'email',
        scope: 'openid',
      });
      const { err, result } = await outcome();
      expect(err).toBeNull();
      expect(result).toMatchObject({ idToken: expect.any(String), accessToken: expect.any(String) });
      expect(
        h.tenant.requests
          .slice(seen)
          .map((r) => `${r.method} ${r.path}`)
          .filter((p) => p.startsWith('POST')),
      ).toEqual(['POST /passwordless/verify', 'POST /oauth/ro']);
    });
  });
});
