/**
 * The modular entry (webauth-js/modular) end to end in Chromium against the local tenant: the
 * tree-shaken sample app that the size check measures, bundled from dist/ and minified the same
 * way, and the unbundled ESM build beside WebAuth (a login one starts, the other finishes).
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, bundleApp } from './bench/tree-shaken-app/bundle.mjs';
import type { AppServer } from './support/app-server.js';
import { ALICE, appUrl, openApp, parseHash, signIn, startLogin, type AppConfig, type Outcome } from './support/flow.js';
import { useBrowserHarness } from './support/harness.js';
import { serveDirectory } from './support/static-server.js';

const h = useBrowserHarness();
const STATE_MISMATCH = { error: 'invalid_token', errorDescription: '`state` does not match.' };

describe('the tree-shaken sample app', () => {
  let work: string;
  let site: AppServer;

  // After the harness's hooks, so the tenant's address can be bundled in. Minifying takes a while.
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'webauth-modular-'));
    const { code, modules } = await bundleApp('app.js', {
      tenant: { domain: h.tenant.domain, clientID: 'spa-client' },
    });
    expect(modules.some((id) => /dist[\\/]esm[\\/]modular[\\/]parse-hash\.js$/.test(id))).toBe(true);
    expect(modules.some((id) => /dist[\\/]esm[\\/]web-auth[\\/]web-auth\.js$/.test(id))).toBe(false);
    await mkdir(join(work, 'app'));
    await writeFile(join(work, 'app', 'app.bundle.js'), code);
    await writeFile(join(work, 'app', 'index.html'), await readFile(join(appDir, 'index.html')));
    site = await serveDirectory(work);
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const text = (selector: string) => h.page.textContent(selector);

  /** Opens the app, clicks login and signs alice in; with `hold`, the app does not run on return. */
  async function logIn(hold = false) {
    await h.page.goto(`${site.url}/app/`);
    await Promise.all([h.page.waitForURL((url) => url.pathname === '/authorize'), h.page.click('#login')]);
    expect(new URL(h.page.url()).origin).toBe(h.tenant.url);
    if (hold) await h.page.route('**/app.bundle.js', (route) => route.abort());
    await h.page.fill('#username', ALICE.email);
    await h.page.fill('#password', ALICE.password);
    await Promise.all([h.page.waitForURL((url) => url.origin === site.url), h.page.click('#submit')]);
  }

  it('signs alice in by redirect and shows the verified ID token claims', async () => {
    const errors: string[] = [];
    h.page.on('pageerror', (err) => errors.push(err.message));
    await logIn();
    await expect.poll(() => text('#status')).toBe(`Signed in as ${ALICE.email}.`);
    const claims = JSON.parse((await text('#claims')) ?? '{}');
    expect(claims).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client' });
    expect(claims.nonce).toEqual(expect.any(String));
    expect(new URL(h.page.url()).hash).toBe('');
    expect(await text('#error')).toBe('');
    expect(errors).toEqual([]);
  });

  it("rejects a response whose state was tampered with, with WebAuth's error", async () => {
    await logIn(true);
    const response = new URL(h.page.url());
    expect(response.hash).toMatch(/[#&]state=/);
    const cookies = await h.context.cookies(site.url);
    expect(cookies.some((c) => c.name === `com.auth0.auth.${response.hash.match(/state=([^&]+)/)![1]}`)).toBe(true);
    await h.page.unroute('**/app.bundle.js');
    response.hash = response.hash.replace(/state=[^&]+/, 'state=tampered');
    await h.page.goto(response.href);
    await h.page.reload();
    await expect.poll(() => text('#status')).toBe('Login failed.');
    expect(JSON.parse((await text('#error')) ?? '{}')).toEqual(STATE_MISMATCH);
    expect(await text('#claims')).toBe('');
  });
});

describe('the modular ESM build beside WebAuth', () => {
  const config = (): AppConfig => ({
    domain: h.tenant.domain,
    clientID: 'spa-client',
    redirectUri: appUrl(h.app.url, 'esm'),
    responseType: 'token id_token',
  });

  /** Opens the app page with WebAuth's ESM build and the modular entry loaded. */
  async function openWithModular() {
    await openApp(h.page, h.app.url, 'esm');
    await loadModular();
  }

  /** Loads the modular entry into the current page as `window.modular`. */
  async function loadModular() {
    // A module script of the page's own: a dynamic import() inside evaluate() would be rewritten by vitest.
    await h.page.addScriptTag({
      type: 'module',
      content: "import * as modular from '/dist/esm/modular/index.js'; window.modular = modular;",
    });
    await h.page.waitForFunction(() => (window as any).modular);
  }

  /** Runs the modular `authorize` on the app page and waits for the tenant's login page. */
  async function modularLogin(options: Record<string, unknown> = {}) {
    await Promise.all([
      h.page.waitForURL((url) => url.pathname === '/authorize'),
      h.page.evaluate(([config, options]) => (window as any).modular.authorize(config, options), [
        config(),
        options,
      ] as const),
    ]);
  }

  /** Runs the modular `parseHash` on the current page, shaped like flow.ts's `parseHash`. */
  function modularParse(options: Record<string, unknown> = {}): Promise<Outcome> {
    return h.page.evaluate(
      ([config, options]) =>
        (window as any).modular.parseHash(config, options).then(
          (result: unknown) => ({ err: null, result }),
          (err: any) => ({
            err: {
              json: JSON.parse(JSON.stringify(err)),
              name: String(err.name),
              message: String(err.message),
              isError: err instanceof Error,
            },
            result: null,
          }),
        ),
      [config(), options] as const,
    );
  }

  it('WebAuth.parseHash finishes a login the modular authorize started', async () => {
    await openWithModular();
    await modularLogin({ appState: { from: 'modular' } });
    await signIn(h.page, h.app.url);
    const { err, result } = await parseHash(h.page, config());
    expect(err).toBeNull();
    expect(result).toMatchObject({ appState: { from: 'modular' }, idTokenPayload: { email: ALICE.email } });
  });

  it("the modular parseHash finishes WebAuth's login, then fails its replay and a tampered state as WebAuth does", async () => {
    await openApp(h.page, h.app.url, 'esm');
    await startLogin(h.page, config(), { appState: { from: 'WebAuth' } });
    await signIn(h.page, h.app.url);
    await loadModular();
    const hash = new URL(h.page.url()).hash;
    const { err, result } = await modularParse();
    expect(err).toBeNull();
    expect(result).toMatchObject({
      appState: { from: 'WebAuth' },
      idTokenPayload: { email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client' },
      tokenType: 'Bearer',
    });
    const replay = await modularParse({ hash });
    expect(replay.err).toMatchObject({ json: STATE_MISMATCH, name: 'AuthResponseError', isError: true });
    const tampered = { hash: hash.replace(/state=[^&]+/, 'state=tampered') };
    const ours = await modularParse(tampered);
    const classic = await parseHash(h.page, config(), tampered);
    expect(ours.err).toEqual(classic.err);
    expect(ours.err?.json).toEqual(STATE_MISMATCH);
  });
});
