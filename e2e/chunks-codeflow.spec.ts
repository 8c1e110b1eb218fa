/**
 * The code-flow chunk (issue 32) in Chromium, with the CDN main file (the app page's `lib=umd`):
 * - a v10 page (redirect login, parseHash, checkSession, no new option) never requests it;
 * - neither does the code flow with refresh tokens (redemption, grant, answers and revocation are
 *   in the main file): login, renewal and logout's revocation succeed with the chunk unavailable;
 * - a page that turns `useDpop` on after a plain WebAuth loads it with its SRI hash, once, and the
 *   DPoP login succeeds;
 * - with `useDpop`, a tampered or missing chunk: parseHash's callback gets `chunk_load_failed`, and
 *   the stored transaction stays for a retry (which then succeeds);
 * - an app built with Vite from the ES modules gets DPoP as a chunk of its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { appUrl, logoutToApp, openApp, parseHash, signIn, startLogin, type AppConfig } from './support/flow.js';
import { buildViteApp } from './support/vite-app.js';

const CHUNK = 'webauth.code-flow.min.js';
const repo = resolve(import.meta.dirname, '..');
const chunkFile = join(repo, 'dist', CHUNK);
const h = useBrowserHarness();

const v10 = (): AppConfig => ({
  domain: h.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(h.app.url, 'umd'),
  responseType: 'token id_token',
});
const codeFlow = (): AppConfig => ({
  ...v10(),
  responseType: 'code',
  usePKCE: true,
  useRefreshTokens: true,
  cacheLocation: 'localstorage',
});
const dpopFlow = (): AppConfig => ({ ...codeFlow(), useDpop: true });

/** Every request for the chunk from now on, in every page of the test's context. */
function chunkRequests(): string[] {
  const urls: string[] = [];
  h.context.on('request', (r) => void (r.url().endsWith(`/${CHUNK}`) && urls.push(r.url())));
  return urls;
}

/** Records, in each document, the chunk scripts the main file inserts (it removes them once run). */
async function watchChunkScripts(page: Page): Promise<void> {
  await page.addInitScript((chunk) => {
    const seen: { integrity: string; crossOrigin: string | null }[] = ((window as any).chunkScripts = []);
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => Array.from(r.addedNodes)))
        if (node instanceof HTMLScriptElement && node.src.endsWith(`/${chunk}`))
          seen.push({ integrity: node.integrity, crossOrigin: node.crossOrigin });
    }).observe(document, { childList: true, subtree: true });
  }, CHUNK);
}

/**
 * The stored PKCE transactions (`com.auth0.auth.*` cookies over http) and localStorage, less the
 * key-set cache (parseHash fetches the key set while the chunk loads, whatever the chunk does).
 */
const stored = (page: Page) =>
  page.evaluate(() => ({
    transactions: document.cookie.split('; ').filter((c) => c.startsWith('com.auth0.auth.')),
    localStorage: Object.entries(localStorage).filter(([key]) => !key.startsWith('webauth-js.jwks.')),
  }));

describe('the code-flow chunk of the CDN build', () => {
  it('is never requested by a v10 page: redirect login, parseHash, checkSession', async () => {
    const requests = chunkRequests();
    await openApp(h.page, h.app.url, 'umd');
    await startLogin(h.page, v10());
    await signIn(h.page, h.app.url);
    const login = await parseHash(h.page, v10());
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'Bearer' });
    const session = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new Promise((done) => new lib.WebAuth(cfg).checkSession({}, (err: any) => done(err?.error ?? null)));
    }, v10());
    // Another site's session cookie never reaches the iframe: v10's answer, from v10's path.
    expect(session).toBe('login_required');
    expect(requests).toEqual([]);
  });

  it("is not needed by the code flow with refresh tokens: login, renewal and logout's revocation while it is missing", async () => {
    const requests = chunkRequests();
    await h.context.route(`**/${CHUNK}`, (route) => route.fulfill({ status: 404, body: 'not found' }));
    await openApp(h.page, h.app.url, 'umd');
    await startLogin(h.page, codeFlow());
    await signIn(h.page, h.app.url);
    const login = await parseHash(h.page, codeFlow());
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'Bearer', hasRefreshToken: true, refreshToken: null });
    await openApp(h.page, h.app.url, 'umd'); // a new page renews with the held refresh token
    const renewed = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(cfg).checkSession({}).then((r: any) => ({ at: !!r.accessToken, rt: r.hasRefreshToken }));
    }, codeFlow());
    expect(renewed).toEqual({ at: true, rt: true });
    // Logout revokes the held token at once, and leaves.
    const held = JSON.parse((await h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client')))!);
    const revoked = h.page.waitForRequest((r) => r.url().endsWith('/oauth/revoke'));
    const returned = h.page.waitForEvent('load');
    await logoutToApp(h.page, codeFlow());
    expect(new URLSearchParams((await revoked).postData()!).get('token')).toBe(held.token);
    await returned;
    expect(requests).toEqual([]);
  });

  it('loads once, with its SRI hash, for useDpop turned on after load; the DPoP login succeeds', async () => {
    const integrity = `sha256-${createHash('sha256').update(readFileSync(chunkFile)).digest('base64')}`;
    await watchChunkScripts(h.page);
    const requests = chunkRequests();
    await openApp(h.page, h.app.url, 'umd');
    // A plain WebAuth first: nothing of DPoP is needed yet.
    const url = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(cfg).client.buildAuthorizeUrl({ nonce: 'n', state: 's' });
    }, v10());
    expect(new URL(url).pathname).toBe('/authorize');
    expect(requests).toEqual([]);
    await startLogin(h.page, dpopFlow());
    expect(requests).toEqual([`${h.app.url}/dist/${CHUNK}`]); // the instance's key pair is made by it
    await signIn(h.page, h.app.url);
    const login = await parseHash(h.page, dpopFlow());
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'DPoP', hasRefreshToken: true, refreshToken: null });
    // The callback page's own document loaded it once, with its hash.
    expect(requests).toHaveLength(2);
    expect(await h.page.evaluate(() => (window as any).chunkScripts)).toEqual([
      { integrity, crossOrigin: 'anonymous' },
    ]);
    // A second instance on the same page reuses the loaded chunk.
    const again = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(cfg).checkSession({}).then((r: any) => r.tokenType);
    }, dpopFlow());
    expect(again).toBe('DPoP');
    expect(requests).toHaveLength(2);
  });

  it.each([
    ['tampered', (body: Buffer) => ({ status: 200, contentType: 'text/javascript', body: body + '\n;' })],
    ['missing', () => ({ status: 404, body: 'not found' })],
  ] as const)(
    '%s, with useDpop: parseHash gets chunk_load_failed and the transaction stays for a retry',
    async (_, serve) => {
      await openApp(h.page, h.app.url, 'umd');
      await startLogin(h.page, dpopFlow());
      await h.page.route(`**/${CHUNK}`, (route) => route.fulfill(serve(readFileSync(chunkFile))));
      await signIn(h.page, h.app.url);
      const before = await stored(h.page);
      expect(before.transactions).toHaveLength(1);
      const failed = await parseHash(h.page, dpopFlow());
      expect(failed.err).toMatchObject({ name: 'ChunkLoadError', isError: true });
      expect(failed.err!.json).toMatchObject({ code: 'chunk_load_failed', error: 'chunk_load_failed' });
      expect(failed.err!.message).toContain(CHUNK);
      expect(failed.result).toBeNull();
      expect(await stored(h.page)).toEqual(before);
      // Nothing was redeemed: with the right file the same callback URL completes the login.
      await h.page.unroute(`**/${CHUNK}`);
      const retried = await parseHash(h.page, dpopFlow());
      expect(retried.err).toBeNull();
      expect(retried.result).toMatchObject({ tokenType: 'DPoP', hasRefreshToken: true });
    },
  );
});

describe('an app built with Vite', () => {
  it('gets DPoP as a chunk of its own; the code redemption, the refresh grant and the revocation are in the entry', async () => {
    const chunks = await buildViteApp(
      "import { WebAuth } from 'webauth-js';\n" +
        "const w = new WebAuth({ domain: 'x.example.com', clientID: 'c', responseType: 'code', usePKCE: true, useRefreshTokens: true, useDpop: true });\n" +
        'w.parseHash(() => w.checkSession({}, () => {}));\ndocument.body.onclick = () => w.logout();\n',
    );
    const holding = (text: string) => chunks.filter((o) => o.code.includes(text));
    const entry = chunks.find((o) => o.isEntry)!;
    expect(entry.code).toContain('response_type');
    // Sent at once (no round trip in series), the grant under the rotation lock.
    expect(holding('authorization_code')).toEqual([entry]);
    expect(holding('webauth-refresh:')).toEqual([entry]);
    expect(holding('oauth/revoke')).toEqual([entry]);
    expect(holding('dpop+jwt')).toHaveLength(1);
    expect(holding('dpop+jwt')[0]!.isEntry).toBe(false);
  });
});
