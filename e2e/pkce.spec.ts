/**
 * Sessions without third-party cookies (issue 25) in Chromium, for the UMD and ESM builds: the
 * tenant is on another site, so its session cookie never reaches a hidden iframe. The code flow
 * with PKCE and rotating refresh tokens keeps an app signed in across reloads anyway, by options only.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import {
  ALICE,
  appUrl,
  logoutToApp,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

const h = useBrowserHarness();
const BUILDS: readonly LibBuild[] = ['umd', 'esm'];

const v10 = (lib: LibBuild): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, lib),
  responseType: 'token id_token',
});
const pkce = (lib: LibBuild, extra: Record<string, unknown> = {}): AppConfig => ({
  ...v10(lib),
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
  ...extra,
});

interface Seen {
  err: Record<string, any> | null;
  result: Record<string, any> | null;
  calls: number;
}

/**
 * Runs `webAuth[method](options, cb)` in the page with a `debug` hook; waits 200 ms after the first
 * callback to count a second. Also returns every debug event the call emitted, serialised.
 */
function call(
  page: Page,
  cfg: AppConfig,
  method: string,
  options: Record<string, unknown> = {},
): Promise<Seen & { debug: string }> {
  return page.evaluate(
    async ([cfg, options, method]) => {
      const lib = await (window as any).libReady;
      const events: string[] = [];
      const serialise = (e: unknown) => {
        try {
          return JSON.stringify(e, (_k, v) => (v instanceof Error ? { ...v, message: v.message } : v));
        } catch {
          return String(e);
        }
      };
      const webAuth = new lib.WebAuth({ ...cfg, debug: (e: unknown) => events.push(serialise(e)) });
      return new Promise<Seen & { debug: string }>((resolve) => {
        let calls = 0;
        let first: Seen | undefined;
        webAuth[method](options, (err: unknown, result: unknown) => {
          calls++;
          first ??= {
            err: err ? JSON.parse(JSON.stringify(err)) : null,
            result: result ? JSON.parse(JSON.stringify(result)) : null,
            calls: 0,
          };
          setTimeout(() => resolve({ ...first!, calls, debug: events.join('\n') }), 200);
        });
      });
    },
    [cfg, options, method] as const,
  );
}

/** Every URL the page requests from now on (iframes included). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/**
 * Rewrites the stored PKCE verifier (`undefined` removes it, `null` leaves it); returns the
 * original. It waits in sessionStorage as `[verifier, expiry]`, never in the transaction cookie.
 */
function tamperVerifier(page: Page, verifier: string | null | undefined): Promise<string> {
  return page.evaluate((verifier) => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('webauth-js.verifier.com.auth0.auth.'));
    if (!key) throw new Error('no PKCE verifier in sessionStorage');
    const [original, expires] = JSON.parse(sessionStorage.getItem(key)!) as [string, number];
    if (verifier === undefined) sessionStorage.removeItem(key);
    else if (verifier !== null) sessionStorage.setItem(key, JSON.stringify([verifier, expires]));
    return original;
  }, verifier);
}

/** Redirect login with the code flow; returns parseHash's outcome on the callback page. */
async function pkceLogin(lib: LibBuild, cfg = pkce(lib)) {
  await openApp(h.page, h.app.url, lib);
  await startLogin(h.page, cfg);
  await signIn(h.page, h.app.url);
  expect(new URL(h.page.url()).searchParams.has('code')).toBe(true);
  return parseHash(h.page, cfg);
}

describe.each(BUILDS)('sessions without third-party cookies (%s)', (lib) => {
  it('plain v10 checkSession says login_required right after a login (unchanged)', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, v10(lib));
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, v10(lib))).err).toBeNull();
    const { err, calls } = await call(h.page, v10(lib), 'checkSession');
    expect(err).toMatchObject({ error: 'login_required' });
    expect(calls).toBe(1);
  });

  it('usePKCE + useRefreshTokens + localstorage: a reload then checkSession returns fresh tokens, no iframe', async () => {
    const login = await pkceLogin(lib);
    expect(login.err).toBeNull();
    const first = login.result as Record<string, any>;
    expect(first).toMatchObject({ tokenType: 'Bearer', refreshToken: null, hasRefreshToken: true });
    expect(first.idTokenPayload.sub).toBeTruthy();

    await h.page.reload();
    await h.page.evaluate(() => (window as any).libReady);
    const requests = recordRequests(h.page);
    const renewed = await call(h.page, pkce(lib), 'checkSession');
    expect(renewed.err).toBeNull();
    expect(renewed.calls).toBe(1);
    expect(renewed.result!.accessToken).toBeTruthy();
    expect(requests.filter((url) => new URL(url).pathname === '/oauth/token')).toHaveLength(1);
    expect(renewed.result!.idTokenPayload.sub).toBe(first.idTokenPayload.sub);
    expect(requests.some((url) => new URL(url).pathname === '/authorize')).toBe(false);
    expect(await h.page.evaluate(() => document.querySelectorAll('iframe').length)).toBe(0);
    // Nothing secret in the page's URL or in what the app saw.
    const stored = await h.page.evaluate(() => JSON.stringify(localStorage));
    const token = JSON.parse(JSON.parse(stored)['@@webauth@@::refresh::spa-client']).token as string;
    expect(JSON.stringify(renewed) + h.page.url() + requests.join(' ')).not.toContain(token);
  });

  it('a replayed code gets invalid_grant (or no transaction) once, and the first login stands', async () => {
    const login = await pkceLogin(lib);
    expect(login.err).toBeNull();
    // The same callback URL again, on a fresh instance: the transaction is gone, no second redemption.
    const again = await parseHash(h.page, pkce(lib));
    expect(again.err?.json).toMatchObject({ error: 'invalid_token' });
  });

  it.each([
    ['tampered', 'x'.repeat(43), 'invalid_grant'],
    ['missing', undefined, 'invalid_token'],
  ] as const)('a %s verifier: a typed error once, no secret in it or in a debug event', async (_, verifier, error) => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, pkce(lib));
    await signIn(h.page, h.app.url);
    const original = await tamperVerifier(h.page, verifier);
    expect(original).toMatch(/^[\w.~-]{43,128}$/);
    const before = h.tenant.requests.length;
    const seen = await call(h.page, pkce(lib), 'parseHash');
    expect(seen.err).toMatchObject({ error });
    expect(seen.calls).toBe(1);
    expect(seen.result).toBeNull();
    const redemptions = h.tenant.requests.slice(before).filter((r) => r.path === '/oauth/token' && r.method === 'POST');
    // A missing verifier is refused before any request; a tampered one by the tenant.
    expect(redemptions).toHaveLength(verifier === undefined ? 0 : 1);
    expect(JSON.stringify(seen.err) + seen.debug).not.toContain(original);
    if (verifier) expect(JSON.stringify(seen.err) + seen.debug).not.toContain(verifier);
  });

  it('a code for another client: invalid_grant once, nothing secret in the error or debug events', async () => {
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, pkce(lib));
    await signIn(h.page, h.app.url);
    const verifier = await tamperVerifier(h.page, null);
    const before = h.tenant.requests.length;
    const seen = await call(h.page, pkce(lib, { clientID: 'third-party-spa' }), 'parseHash');
    expect(seen.err).toMatchObject({ error: 'invalid_grant' });
    expect(seen.calls).toBe(1);
    expect(seen.result).toBeNull();
    const [redemption] = h.tenant.requests
      .slice(before)
      .filter((r) => r.path === '/oauth/token' && r.method === 'POST');
    expect(redemption!.body).toMatchObject({ client_id: 'third-party-spa', grant_type: 'authorization_code' });
    expect(JSON.stringify(seen.err) + seen.debug).not.toContain(verifier);
  });

  it('logout revokes the refresh token: checkSession then says login_required', async () => {
    expect((await pkceLogin(lib)).err).toBeNull();
    const stored = await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'));
    const token = JSON.parse(stored!).token as string;
    const revoked = h.page.waitForRequest((r) => r.url().endsWith('/oauth/revoke'));
    const returned = h.page.waitForEvent('load');
    await logoutToApp(h.page, pkce(lib));
    const request = await revoked;
    // RFC 7009 §2.1: a form body with the token type hint.
    expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.postData()!))).toEqual({
      client_id: 'spa-client',
      token,
      token_type_hint: 'refresh_token',
    });
    // The page leaves once the revocation is sent: through the tenant's logout, back to returnTo.
    await returned;
    await openApp(h.page, h.app.url, lib);
    expect(await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'))).toBeNull();
    // The revoked token, planted back, is refused by the tenant: login_required, once.
    await h.page.evaluate((value) => localStorage.setItem('@@webauth@@::refresh::spa-client', value), stored!);
    const after = await call(h.page, pkce(lib), 'checkSession');
    expect(after.err).toMatchObject({ error: 'login_required' });
    expect(after.calls).toBe(1);
    expect(JSON.stringify(after.err)).not.toContain(token);
  });

  it('an app that clears localStorage has signed the user out here: login_required, no token presented', async () => {
    expect((await pkceLogin(lib)).err).toBeNull();
    // The token's IndexedDB copy (kept for other tabs) does not outlive the app's own sign-out.
    const copies = await h.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open('webauth-js-refresh');
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const read = db.transaction('tokens').objectStore('tokens').getAllKeys();
      return new Promise<unknown>((ok) => (read.onsuccess = () => ok(read.result)));
    });
    expect(copies).toEqual(['@@webauth@@::refresh::spa-client']);
    await h.page.evaluate(() => localStorage.clear());
    const before = h.tenant.requests.length;
    const after = await call(h.page, pkce(lib), 'checkSession');
    expect(after.err).toMatchObject({ error: 'login_required' });
    expect(after.calls).toBe(1);
    expect(h.tenant.requests.slice(before).filter((r) => r.path === '/oauth/token')).toEqual([]);
  });

  it('two tabs renewing 20 times each at once never present the same refresh token (Web Locks)', async () => {
    expect((await pkceLogin(lib)).err).toBeNull();
    const other = await h.context.newPage();
    await openApp(other, h.app.url, lib);
    await openApp(h.page, h.app.url, lib);
    const renew20 = (page: Page) =>
      page.evaluate(async (cfg) => {
        const lib = await (window as any).libReady;
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, () =>
            new lib.WebAuth(cfg).checkSession({}).then(
              (r: any) => (r.accessToken ? 'ok' : 'empty'),
              (e: any) => String(e.error),
            ),
          ),
        );
        return outcomes as string[];
      }, pkce(lib));
    const [a, b] = await Promise.all([renew20(h.page), renew20(other)]);
    // A reuse would revoke the family: every later renewal would then say login_required.
    expect([...a, ...b]).toEqual(Array(40).fill('ok'));
  });

  it('popup.authorize with usePKCE: the popup page redeems the code and the opener gets the result once', async () => {
    await openApp(h.page, h.app.url, lib);
    const cfg = pkce(lib);
    const [popup] = await Promise.all([
      h.context.waitForEvent('page'),
      h.page.evaluate((cfg) => {
        (window as any).__outcome = (window as any).libReady.then(
          (lib: any) =>
            new Promise((resolve) => {
              let calls = 0;
              new lib.WebAuth(cfg).popup.authorize({ appState: { from: 'popup' } }, (err: any, result: any) => {
                calls++;
                setTimeout(() => resolve({ err: err ? JSON.parse(JSON.stringify(err)) : null, result, calls }), 200);
              });
            }),
        );
      }, cfg),
    ]);
    await popup.waitForSelector('#username');
    await popup.fill('#username', ALICE.email);
    await popup.fill('#password', ALICE.password);
    await Promise.all([popup.waitForURL((url) => url.origin === h.app.url), popup.click('#submit')]);
    expect(new URL(popup.url()).searchParams.has('code')).toBe(true);
    await popup.evaluate(async (cfg) => new (await (window as any).libReady).WebAuth(cfg).popup.callback(), cfg);
    const seen = (await h.page.evaluate(() => (window as any).__outcome)) as Seen;
    expect(seen.err).toBeNull();
    expect(seen.calls).toBe(1);
    expect(seen.result).toMatchObject({ tokenType: 'Bearer', appState: { from: 'popup' }, refreshToken: null });
    expect(seen.result!.accessToken).toBeTruthy();
  });
});
