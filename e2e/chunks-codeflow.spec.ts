/**
 * The code-flow chunk (issue 32) in Chromium, with the CDN main file (the app page's `lib=umd`):
 * - a v10 page (redirect login, parseHash, checkSession, no new option) never requests it;
 * - a page that turns `usePKCE` and `useRefreshTokens` on after a plain WebAuth loads it with its
 *   SRI hash, once, and the code login succeeds;
 * - a tampered or missing chunk: parseHash's callback gets `chunk_load_failed`, and the stored
 *   transaction stays for a retry (which then succeeds);
 * - checkSession with refresh tokens sends the grant before the chunk has arrived; a chunk that
 *   then fails still leaves the rotated refresh token held;
 * - an app built with Vite from the ES modules gets the code flow as a chunk of its own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { appUrl, openApp, parseHash, signIn, startLogin, type AppConfig } from './support/flow.js';
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

  it('loads once, with its SRI hash, for an option turned on after load; the code login succeeds', async () => {
    const integrity = `sha384-${createHash('sha384').update(readFileSync(chunkFile)).digest('base64')}`;
    await watchChunkScripts(h.page);
    const requests = chunkRequests();
    await openApp(h.page, h.app.url, 'umd');
    // A plain WebAuth first: nothing of the code flow is needed yet.
    const url = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(cfg).client.buildAuthorizeUrl({ nonce: 'n', state: 's' });
    }, v10());
    expect(new URL(url).pathname).toBe('/authorize');
    expect(requests).toEqual([]);
    // authorize fetches the chunk beside the challenge digest, for the callback page's cache.
    await startLogin(h.page, codeFlow());
    await signIn(h.page, h.app.url);
    const before = requests.length;
    expect(before).toBeLessThanOrEqual(1);
    const login = await parseHash(h.page, codeFlow());
    expect(login.err).toBeNull();
    expect(login.result).toMatchObject({ tokenType: 'Bearer', hasRefreshToken: true, refreshToken: null });
    expect(requests.slice(before)).toEqual([`${h.app.url}/dist/${CHUNK}`]);
    expect(await h.page.evaluate(() => (window as any).chunkScripts)).toEqual([
      { integrity, crossOrigin: 'anonymous' },
    ]);
    // A second call on the same page reuses the loaded chunk.
    const again = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      return new lib.WebAuth(cfg).checkSession({}).then((r: any) => !!r.accessToken);
    }, codeFlow());
    expect(again).toBe(true);
    expect(requests.slice(before)).toHaveLength(1);
  });

  it('checkSession with refresh tokens sends the grant while the chunk loads; a chunk that fails keeps the rotated token', async () => {
    await openApp(h.page, h.app.url, 'umd');
    await startLogin(h.page, codeFlow());
    await signIn(h.page, h.app.url);
    expect((await parseHash(h.page, codeFlow())).err).toBeNull();
    const held = () => h.page.evaluate(() => localStorage.getItem('@@webauth@@::refresh::spa-client'));
    const first = await held();
    expect(first).toContain('"token"');
    // The next page's chunk is answered (404) only once the page has sent the refresh grant.
    let grantSent!: () => void;
    const granted = new Promise<boolean>((resolve) => (grantSent = () => resolve(true)));
    h.page.on('request', (r) => void (r.url().endsWith('/oauth/token') && grantSent()));
    let grantFirst: boolean | undefined;
    await h.page.route(`**/${CHUNK}`, async (route) => {
      // Bounded, so that a grant that waits for the chunk fails this test instead of hanging it.
      grantFirst = await Promise.race([granted, new Promise<boolean>((r) => setTimeout(r, 5000, false))]);
      await route.fulfill({ status: 404, body: 'not found' });
    });
    await openApp(h.page, h.app.url, 'umd');
    const checkSession = () =>
      h.page.evaluate(async (cfg) => {
        const lib = await (window as any).libReady;
        return new Promise((done) =>
          new lib.WebAuth(cfg).checkSession({}, (err: any, r: any) =>
            done(err ? { name: err.name, code: err.code ?? err.error } : { accessToken: !!r.accessToken }),
          ),
        );
      }, codeFlow());
    expect(await checkSession()).toEqual({ name: 'ChunkLoadError', code: 'chunk_load_failed' });
    expect(grantFirst).toBe(true);
    // The presented token is spent; the answer's new one is held.
    const rotated = await held();
    expect(rotated).toContain('"token"');
    expect(rotated).not.toBe(first);
    // With the chunk back, the rotated token renews (the spent one would have revoked the family).
    await h.page.unroute(`**/${CHUNK}`);
    expect(await checkSession()).toEqual({ accessToken: true });
  });

  it.each([
    ['tampered', (body: Buffer) => ({ status: 200, contentType: 'text/javascript', body: body + '\n;' })],
    ['missing', () => ({ status: 404, body: 'not found' })],
  ] as const)('%s: parseHash gets chunk_load_failed and the transaction stays for a retry', async (_, serve) => {
    await openApp(h.page, h.app.url, 'umd');
    await startLogin(h.page, codeFlow());
    await h.page.route(`**/${CHUNK}`, (route) => route.fulfill(serve(readFileSync(chunkFile))));
    await signIn(h.page, h.app.url);
    const before = await stored(h.page);
    expect(before.transactions).toHaveLength(1);
    const failed = await parseHash(h.page, codeFlow());
    expect(failed.err).toMatchObject({ name: 'ChunkLoadError', isError: true });
    expect(failed.err!.json).toMatchObject({ code: 'chunk_load_failed', error: 'chunk_load_failed' });
    expect(failed.err!.message).toContain(CHUNK);
    expect(failed.result).toBeNull();
    expect(await stored(h.page)).toEqual(before);
    // Nothing was redeemed: with the right file the same callback URL completes the login.
    await h.page.unroute(`**/${CHUNK}`);
    const retried = await parseHash(h.page, codeFlow());
    expect(retried.err).toBeNull();
    expect(retried.result).toMatchObject({ tokenType: 'Bearer', hasRefreshToken: true });
  });
});

describe('an app built with Vite', () => {
  it('gets the code flow (redemption, DPoP proofs) as a chunk of its own; the refresh grant is sent by the entry', async () => {
    const chunks = await buildViteApp(
      "import { WebAuth } from 'webauth-js';\n" +
        "const w = new WebAuth({ domain: 'x.example.com', clientID: 'c', responseType: 'code', usePKCE: true, useRefreshTokens: true, useDpop: true });\n" +
        'w.parseHash(() => w.checkSession({}, () => {}));\ndocument.body.onclick = () => w.logout();\n',
    );
    const codeFlow = ['authorization_code', 'dpop+jwt'];
    const holding = (text: string) => chunks.filter((o) => o.code.includes(text));
    const entry = chunks.find((o) => o.isEntry)!;
    expect(entry.code).toContain('response_type');
    // Sent while the chunk loads (no round trip in series), under the rotation lock.
    expect(holding('webauth-refresh:')).toEqual([entry]);
    for (const text of codeFlow) {
      expect(holding(text)).toHaveLength(1);
      expect(holding(text)[0]!.isEntry).toBe(false);
    }
    expect(new Set(codeFlow.map((text) => holding(text)[0]))).toHaveLength(1);
  });
});
