/**
 * A full localStorage, made so in Chromium by filling the app origin's quota: a v10 redirect login
 * still completes (its transaction fails over to a cookie, the key-set marker is skipped), and with
 * refresh tokens kept in `'localstorage'` the page keeps its token in memory and renews with it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { appUrl, openApp, parseHash, signIn, startLogin, type AppConfig } from './support/flow.js';

const h = useBrowserHarness();

const config = (extra: Record<string, unknown> = {}): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, 'umd'),
  responseType: 'token id_token',
  ...extra,
});
const REFRESH = { responseType: 'code', usePKCE: true, useRefreshTokens: true, cacheLocation: 'localstorage' };

/** Fills the origin's localStorage until Chromium refuses even one more character; returns the bytes stored. */
function fillLocalStorage(page: Page): Promise<number> {
  return page.evaluate(() => {
    let stored = 0;
    // New keys only: writing an existing key again would count space that was already taken.
    const round = localStorage.length;
    for (let chunk = 1 << 20, i = 0; chunk >= 1; chunk >>= 1) {
      for (;;) {
        try {
          localStorage.setItem(`fill-${round}-${i++}`, 'x'.repeat(chunk));
          stored += chunk;
        } catch {
          break;
        }
      }
    }
    try {
      localStorage.setItem('probe', 'x');
      return -1; // not full after all
    } catch {
      return stored;
    }
  });
}

afterEach(async () => {
  await h.page.evaluate(() => localStorage.clear()).catch(() => undefined);
});

/**
 * Fills the app origin's localStorage until a new page of it finds it full. A page hands its writes
 * to Chromium's browser process asynchronously: a page loaded soon after (the callback, with the
 * browser process busy) could read the storage before the last of them and find room.
 */
async function fillUntilFullOnReload(page: Page): Promise<void> {
  expect(await fillLocalStorage(page)).toBeGreaterThan(1 << 20);
  for (let reloads = 0; ; reloads++) {
    await openApp(page, h.app.url, 'umd');
    const added = await fillLocalStorage(page);
    expect(added).toBeGreaterThanOrEqual(0); // still full, or topped up to full
    if (added === 0) return;
    expect(reloads, 'localStorage still takes writes after 5 reloads').toBeLessThan(5);
  }
}

/** Opens the app with a full localStorage and signs in by redirect; parseHash's outcome on the callback. */
async function loginWithFullStorage(cfg: AppConfig) {
  await openApp(h.page, h.app.url, 'umd');
  await fillUntilFullOnReload(h.page);
  await startLogin(h.page, cfg);
  await signIn(h.page, h.app.url);
  return parseHash(h.page, cfg);
}

describe('a full localStorage', () => {
  it('v10 redirect login with __tryLocalStorageFirst: the transaction fails over, the ID token verifies', async () => {
    const cfg = config({ __tryLocalStorageFirst: true });
    const { err, result } = await loginWithFullStorage(cfg);
    expect(err).toBeNull();
    expect((result as { idTokenPayload: { email: string } }).idTokenPayload.email).toBe('alice@example.com');
    // Still full: nothing of ours got in, and nothing of the app's was pushed out.
    expect(await h.page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('fill-')))).toEqual([]);
  });

  it('refresh tokens in localstorage: the page keeps the token in memory and renews with it', async () => {
    const cfg = config(REFRESH);
    const login = await loginWithFullStorage(cfg);
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ hasRefreshToken: true, refreshToken: null });
    const renewed = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      const renew = () =>
        new Promise((resolve) =>
          new lib.WebAuth(cfg).checkSession({}, (err: any, result: any) =>
            resolve(err ? { error: err.error } : { hasRefreshToken: result.hasRefreshToken }),
          ),
        );
      return [await renew(), await renew()];
    }, cfg);
    // Two rotations in a row: each presented the token the previous one returned.
    expect(renewed).toEqual([{ hasRefreshToken: true }, { hasRefreshToken: true }]);
    const grants = h.tenant.requests
      .map((r) => (r.path === '/oauth/token' && r.method === 'POST' ? (r.body as Record<string, unknown>) : {}))
      .filter((body) => body['grant_type'] === 'refresh_token');
    expect(grants).toHaveLength(2);
    expect(grants[1]!['refresh_token']).not.toBe(grants[0]!['refresh_token']);
    expect(await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'))).toBeNull();
  });
});
