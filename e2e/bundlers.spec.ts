/**
 * The drop-in promise with every bundler an auth0-js 10 app may use (issue 52): the packed
 * webauth-js, installed under `auth0-js` and under its own name, builds unchanged into one file with
 * rollup (`output.file`), webpack 4 and 5, Vite and esbuild, and each built app runs in Chromium:
 * `new WebAuth` builds the authorize URL, and the popup (a capability the default entry bundles
 * instead of loading on demand) opens and reports its window closed.
 */
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLERS, bundleWith, type Bundler } from './support/bundle-with.js';
import { useBrowserHarness } from './support/harness.js';
import { libraryTarball } from './support/library-tarball.js';
import { serveDirectory } from './support/static-server.js';
import type { AppServer } from './support/app-server.js';

const run = promisify(execFile);
const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const h = useBrowserHarness();
const LIBS = ['alias', 'own'] as const;

let work: string;
let site: AppServer;
const built = new Map<Bundler, { files: string[] } | { error: string }>();

beforeAll(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), 'webauth-bundlers-')));
  const appDir = join(work, 'app');
  await cp(join(repoRoot, 'e2e', 'bundlers'), appDir, { recursive: true });
  // dist/ is built before the e2e suite; pack exactly what npm would publish.
  const packed = await libraryTarball();
  await copyFile(packed, join(work, basename(packed)));
  const tarball = join(
    work,
    (await readdir(work)).find((f) => f.endsWith('.tgz'))!,
  );
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      `auth0-js@file:${tarball}`,
      `webauth-js@file:${tarball}`,
    ],
    { cwd: appDir },
  );
  // One after the other: each build is CPU-bound, and one failing must not hide the others.
  for (const bundler of BUNDLERS) {
    const outDir = join(work, 'out', bundler);
    await mkdir(outDir, { recursive: true });
    try {
      await bundleWith(bundler, appDir, outDir);
      built.set(bundler, { files: await filesUnder(outDir) });
    } catch (err) {
      built.set(bundler, { error: err instanceof Error ? err.message : String(err) });
    }
  }
  site = await serveDirectory(join(work, 'out'));
}, 300_000);
afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...(await filesUnder(join(dir, entry.name), `${name}/`)));
    else found.push(name);
  }
  return found.sort();
}

describe.each(BUNDLERS)('an auth0-js app built with %s', (bundler) => {
  it('builds unchanged into one script', () => {
    const result = built.get(bundler);
    expect(result).toBeDefined();
    expect('error' in result! ? result.error : '').toBe('');
    const scripts = (result as { files: string[] }).files.filter((f) => f.endsWith('.js'));
    expect(scripts).toHaveLength(1);
  });

  it('runs in Chromium: new WebAuth builds the authorize URL under both names', async () => {
    const { page } = h;
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${site.url}/${bundler}/index.html`);
    await page.waitForFunction(() => document.body?.dataset.ready === 'yes');
    const redirectUri = `${site.url}/callback`;
    const urls = await page.evaluate(
      ({ domain, redirectUri, libs }) =>
        libs.map((lib) => {
          const WebAuth = (window as any).bundled[lib];
          const webAuth = new WebAuth({ domain, clientID: 'spa-client', redirectUri, responseType: 'token id_token' });
          return webAuth.client.buildAuthorizeUrl({ state: `state-${lib}`, nonce: 'n-1' }) as string;
        }),
      { domain: h.tenant.domain, redirectUri, libs: [...LIBS] },
    );
    expect(await page.evaluate(() => (window as any).bundled.version)).toBe(
      JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')).version,
    );
    for (const [i, lib] of LIBS.entries()) {
      const url = new URL(urls[i]!);
      expect(`${url.origin}${url.pathname}`).toBe(`${h.tenant.url}/authorize`);
      expect(Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'auth0Client'))).toEqual({
        client_id: 'spa-client',
        response_type: 'token id_token',
        redirect_uri: redirectUri,
        state: `state-${lib}`,
        nonce: 'n-1',
      });
    }
    expect(errors).toEqual([]);
  });

  it.each(LIBS)(
    'runs in Chromium: popup.authorize (%s) opens the tenant and reports the window closed',
    async (lib) => {
      const { page } = h;
      await page.goto(`${site.url}/${bundler}/index.html`);
      await page.waitForFunction(() => document.body?.dataset.ready === 'yes');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate(
          ({ domain, redirectUri, lib }) => {
            const webAuth = new (window as any).bundled[lib]({ domain, clientID: 'spa-client', redirectUri });
            (window as any).answer = new Promise((done) =>
              webAuth.popup.authorize({ responseType: 'token', state: 'popup-state', nonce: 'n-2' }, (err: any) =>
                done({ name: err?.name, original: String(err?.original) }),
              ),
            );
          },
          { domain: h.tenant.domain, redirectUri: `${site.url}/callback`, lib },
        ),
      ]);
      await popup.waitForURL((url) => url.pathname === '/authorize');
      expect(new URL(popup.url()).searchParams.get('state')).toBe('popup-state');
      await popup.close();
      // The popup capability's watcher saw the window close (a chunk that failed would say so instead).
      const answer = await page.evaluate(() => (window as any).answer);
      expect(answer).toEqual({ name: 'RequestError', original: 'User closed the popup window' });
    },
  );
});
