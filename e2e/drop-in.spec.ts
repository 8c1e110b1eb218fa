/**
 * Drop-in install: an unchanged auth0-js 10 app (e2e/drop-in) gets the packed webauth-js installed
 * under the dependency name `auth0-js`, is bundled with rollup, and signs alice in against the
 * local tenant in Chromium. A CommonJS `require('auth0-js')` must expose the same surface.
 */
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup, type RollupOutput, type RollupLog } from 'rollup';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { libraryTarball } from './support/library-tarball.js';
import { ALICE } from './support/flow.js';
import { serveDirectory } from './support/static-server.js';
import { enumerateSurface, INSTANCE_DEPTH, type Surface } from './support/surface.js';
import type { AppServer } from './support/app-server.js';

const run = promisify(execFile);
const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const h = useBrowserHarness();

let work: string;
let appDir: string;
let bundle: RollupOutput['output'][0];
let lazyChunks: string[][] = [];
const warnings: RollupLog[] = [];
let site: AppServer;
let ourVersion: string;

// Registered after the harness, so the tenant is up and its address can be baked into the build.
beforeAll(async () => {
  ourVersion = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')).version;
  // realpath: rollup reports module ids with symlinks (macOS /var, …) resolved.
  work = await realpath(await mkdtemp(join(tmpdir(), 'webauth-drop-in-')));
  appDir = join(work, 'app');
  await cp(join(repoRoot, 'e2e', 'drop-in'), appDir, { recursive: true });
  // dist/ is built by the test command before the e2e suite runs; pack exactly what npm would publish.
  const packed = await libraryTarball();
  await copyFile(packed, join(work, basename(packed)));
  const tarball = (await readdir(work)).find((f) => f.endsWith('.tgz'));
  expect(tarball).toBe(`webauth-js-${ourVersion}.tgz`);
  // What `npm install auth0-js@npm:webauth-js` does, from the local tarball instead of the registry.
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', `auth0-js@file:${join(work, tarball!)}`],
    { cwd: appDir },
  );
  await writeFile(
    join(appDir, 'src', 'tenant.js'),
    `export const tenant = ${JSON.stringify({ domain: h.tenant.domain, clientID: 'spa-client' })};\n`,
  );
  const build = await rollup({
    input: join(appDir, 'src', 'main.js'),
    plugins: [nodeResolve({ browser: true })],
    onLog: (_level, log) => void warnings.push(log),
  });
  // One file, as the app wrote it for auth0-js: the default entry has no dynamic import (issue 52).
  const written = await build.write({ file: join(appDir, 'dist', 'app.js'), format: 'es' });
  bundle = written.output[0];
  lazyChunks = written.output
    .filter((o) => o.type === 'chunk' && !o.isEntry)
    .map((o) => Object.keys((o as typeof bundle).modules));
  await build.close();
  site = await serveDirectory(appDir);
});
afterAll(async () => {
  await site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

it('npm installs the packed webauth-js under the dependency name auth0-js', async () => {
  const installed = JSON.parse(await readFile(join(appDir, 'node_modules', 'auth0-js', 'package.json'), 'utf8'));
  expect(installed).toMatchObject({ name: 'webauth-js', version: ourVersion });
  const app = JSON.parse(await readFile(join(appDir, 'package.json'), 'utf8'));
  expect(Object.keys(app.dependencies)).toEqual(['auth0-js']);
});

it("the package carries its licence, the bundled packages' notices and source maps with our TypeScript", async () => {
  const pkg = join(appDir, 'node_modules', 'auth0-js');
  expect(await readFile(join(pkg, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  const notices = await readFile(join(pkg, 'dist', 'THIRD-PARTY-NOTICES.txt'), 'utf8');
  expect(notices).toMatch(/^jose [\d.]+ \(MIT\)$/m);
  expect(notices).toMatch(/^idb-keyval [\d.]+ \(Apache-2.0\)$/m);
  expect(notices).toContain('Apache License');
  const umd = await readFile(join(pkg, 'dist', 'webauth.min.js'), 'utf8');
  expect(umd.startsWith(`/*! webauth-js ${ourVersion} | MIT |`)).toBe(true);
  // Each CDN file's licence comment names the notices exactly when it bundles another package's code.
  const cdnFiles = (await readdir(join(pkg, 'dist'))).filter((f) => /^webauth\.[\w.-]*min\.js$/.test(f));
  expect(cdnFiles.length).toBeGreaterThan(3);
  for (const file of cdnFiles) {
    const text = await readFile(join(pkg, 'dist', file), 'utf8');
    const { sources } = JSON.parse(await readFile(join(pkg, 'dist', `${file}.map`), 'utf8'));
    const thirdParty = sources.some((s: string) => s.includes('node_modules'));
    expect(text.startsWith(`/*! webauth-js ${ourVersion} | MIT`), file).toBe(true);
    expect(text.split('\n')[0]!.includes('THIRD-PARTY-NOTICES.txt'), file).toBe(thirdParty);
  }
  for (const map of ['webauth.min.js.map', 'esm/web-auth/web-auth.js.map']) {
    const { sources, sourcesContent } = JSON.parse(await readFile(join(pkg, 'dist', map), 'utf8'));
    const ours = sources
      .map((s: string, i: number) => [s, sourcesContent?.[i]])
      .filter(([s]: [string]) => s.endsWith('.ts'));
    expect(ours.length).toBeGreaterThan(0);
    for (const [source, content] of ours) expect(content, source).toMatch(/\S/);
  }
});

it("rollup resolves the app's auth0-js imports to webauth-js's ESM build", () => {
  expect(warnings.map((w) => `${w.code}: ${w.message}`)).toEqual([]);
  const modules = Object.keys(bundle.modules).map((id) =>
    id
      .slice(appDir.length + 1)
      .split(sep)
      .join('/'),
  );
  const fromPackage = modules.filter((id) => id.startsWith('node_modules/auth0-js/'));
  expect(fromPackage).toContain('node_modules/auth0-js/dist/esm/all.js');
  expect(fromPackage.every((id) => id.startsWith('node_modules/auth0-js/dist/esm/'))).toBe(true);
  expect(modules).toEqual(expect.arrayContaining(['src/main.js', 'src/callback.js', 'src/tenant.js']));
  expect(modules.some((id) => id.startsWith('node_modules/jose/'))).toBe(true);
  // Our version string is in; auth0-js's own transport and popup dependencies are not.
  expect(bundle.code).toContain(`'${ourVersion}'`);
  // (Our comments name v10's WinChan protocol, so look at the modules, not the text.)
  expect(modules.filter((id) => /(^|\/)(superagent|winchan|idtoken-verifier)(\/|$)/.test(id))).toEqual([]);
  // The default entry bundles the capabilities (webauth-js/lazy loads them on demand): one file.
  expect(modules).toContain('node_modules/auth0-js/dist/esm/web-auth/captcha/render.js');
  expect(lazyChunks).toEqual([]);
});

it('the bundled app signs alice in with a redirect login and parseHash', async () => {
  const { page } = h;
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${site.url}/`);
  await expect.poll(() => page.evaluate(() => document.body.dataset.sdkVersion)).toBe(ourVersion);
  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  expect(new URL(page.url()).origin).toBe(h.tenant.url);
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await Promise.all([page.waitForURL((url) => url.origin === site.url), page.click('#submit')]);
  await expect.poll(() => page.textContent('#status')).toBe(`Signed in as ${ALICE.email}.`);
  const claims = JSON.parse((await page.textContent('#claims')) ?? '{}');
  expect(claims).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client' });
  expect(new URL(page.url()).hash).toBe('');
  expect(errors).toEqual([]);
});

it("require('auth0-js') from CommonJS exposes the same surface as the ESM import", async () => {
  await writeFile(join(appDir, 'surface-walker.cjs'), `module.exports = (${enumerateSurface.toString()});\n`);
  const { stdout } = await run(process.execPath, ['check-require.cjs', String(INSTANCE_DEPTH)], { cwd: appDir });
  const { cjs, esm } = JSON.parse(stdout) as { cjs: Surface; esm: Surface };
  expect(cjs['auth0.WebAuth']).toEqual({ type: 'function', arity: 1 });
  expect(cjs['auth0.default.WebAuth']).toEqual({ type: 'same as auth0.WebAuth' });
  expect(cjs['auth0.__esModule']).toEqual({ type: 'boolean' });
  expect(Object.keys(cjs).length).toBeGreaterThan(100);
  // The ESM build also has extra named exports (error classes…); everything require() sees must match.
  const { ['auth0.__esModule']: _, ...cjsWithoutInterop } = cjs;
  const esmSameKeys = Object.fromEntries(Object.keys(cjsWithoutInterop).map((k) => [k, esm[k]]));
  expect(esmSameKeys).toEqual(cjsWithoutInterop);
});

it("auth0-js's deep file paths resolve to webauth-js (require, import, and the files themselves)", async () => {
  const script = `
    const paths = ['dist/auth0.min.js', 'dist/auth0.js', 'dist/auth0.min.esm.js', 'build/auth0.min.js', 'build/auth0.min.esm.js'];
    Promise.all(paths.map(async (p) => [p, require('auth0-js/' + p).version.raw, (await import('auth0-js/' + p)).version.raw]))
      .then((rows) => process.stdout.write(JSON.stringify(rows)));`;
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: appDir });
  const rows = JSON.parse(stdout) as [string, string, string][];
  expect(rows).toHaveLength(5);
  for (const [path, required, imported] of rows)
    expect([path, required, imported]).toEqual([path, ourVersion, ourVersion]);
  // A page or a resolver that loads the file from node_modules/auth0-js/dist/ gets our all-in-one
  // UMD bundle (read as a module by path, no script element could load a chunk).
  const umd = await readFile(join(appDir, 'node_modules', 'auth0-js', 'dist', 'auth0.min.js'), 'utf8');
  expect(umd).toBe(await readFile(join(repoRoot, 'dist', 'webauth.all.min.js'), 'utf8'));
});
