import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The default entry: it imports every capability at once (webauth-js/lazy imports a subset).
const esmEntry = join(root, 'dist', 'esm', 'all.js');
const umdBundle = join(root, 'dist', 'webauth.min.js');
// auth0-js 10 exposes `version` as `{ raw: '10.x.y' }`.
const SURFACE = { WebAuth: 'function', Authentication: 'function', Management: 'function', version: 'object' };
const EXPORTS = Object.keys(SURFACE);

function requireBuilt(file: string): void {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` first (e2e specs test the built dist/)`);
  }
}

describe('ESM entry in plain Node (server-side rendering)', () => {
  it('imports without window/document and constructs WebAuth', async () => {
    requireBuilt(esmEntry);
    // A separate node process, not vitest's module runner: exactly what an SSR framework does.
    const probe = `
      const checks = { hasWindow: typeof window !== 'undefined', hasDocument: typeof document !== 'undefined' };
      const mod = await import(${JSON.stringify(pathToFileURL(esmEntry).href)});
      checks.types = Object.fromEntries(${JSON.stringify(EXPORTS)}.map((k) => [k, typeof mod[k]]));
      checks.versionRaw = mod.version?.raw;
      const webAuth = new mod.WebAuth({ domain: 'x.test', clientID: 'c' });
      checks.constructed = webAuth instanceof mod.WebAuth;
      console.log(JSON.stringify(checks));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      timeout: 30_000,
    });
    const checks = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(checks).toMatchObject({
      hasWindow: false,
      hasDocument: false,
      types: SURFACE,
      constructed: true,
    });
    expect(checks.versionRaw).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('modular entry in plain Node (server-side rendering)', () => {
  it('imports through the package name without window/document and builds URLs', async () => {
    requireBuilt(join(root, 'dist', 'esm', 'modular', 'index.js'));
    const probe = `
      const mod = await import('webauth-js/modular');
      const kinds = Object.fromEntries(['authorize', 'authorizeUrl', 'parseHash', 'logoutUrl'].map((k) => [k, typeof mod[k]]));
      const url = mod.logoutUrl({ domain: 'x.test', clientID: 'c' }, { returnTo: 'https://app.test/' });
      console.log(JSON.stringify({ hasWindow: typeof window !== 'undefined', kinds, url }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      timeout: 30_000,
    });
    const checks = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(checks.hasWindow).toBe(false);
    expect(Object.values(checks.kinds)).toEqual(['function', 'function', 'function', 'function']);
    expect(checks.url).toMatch(
      /^https:\/\/x\.test\/v2\/logout\?client_id=c&returnTo=https%3A%2F%2Fapp\.test%2F&auth0Client=/,
    );
  });
});

describe('package entry points in plain Node', () => {
  it('require() and import of the package name give the same surface (drop-in for both module systems)', async () => {
    requireBuilt(join(root, 'dist', 'webauth.min.cjs'));
    const probe = `
      const { createRequire } = await import('node:module');
      const required = createRequire(${JSON.stringify(pathToFileURL(join(root, 'package.json')).href)})(${JSON.stringify(root)});
      const imported = await import(${JSON.stringify(pathToFileURL(esmEntry).href)});
      const kinds = (m) => Object.fromEntries(${JSON.stringify(EXPORTS)}.map((k) => [k, typeof m[k]]));
      console.log(JSON.stringify({ required: kinds(required), requiredDefault: kinds(required.default), imported: kinds(imported), importedDefault: kinds(imported.default) }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      timeout: 30_000,
    });
    const kinds = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(kinds).toEqual({ required: SURFACE, requiredDefault: SURFACE, imported: SURFACE, importedDefault: SURFACE });
  });
});

describe('UMD bundle via <script>', () => {
  let server: AppServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('defines window.auth0 with the v10 surface', async () => {
    requireBuilt(umdBundle);
    const context = await newTestContext(browser!);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const bundleStatus: number[] = [];
    page.on('response', (r) => r.url().endsWith('/dist/webauth.min.js') && bundleStatus.push(r.status()));

    await page.goto(`${server!.url}/pages/umd-global.html`);
    const surface = await page.evaluate((names) => {
      const auth0 = (window as unknown as { auth0?: Record<string, unknown> }).auth0;
      if (!auth0) return null;
      const version = auth0.version as { raw?: unknown } | undefined;
      return { types: Object.fromEntries(names.map((k) => [k, typeof auth0[k]])), versionRaw: version?.raw };
    }, EXPORTS);
    await context.close();

    expect(bundleStatus).toEqual([200]);
    expect(pageErrors).toEqual([]);
    expect(surface?.types).toEqual(SURFACE);
    expect(surface?.versionRaw).toMatch(/^\d+\.\d+\.\d+/);
  });
});
