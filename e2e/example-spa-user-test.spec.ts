/**
 * examples/spa/tests as a user runs them (issue 33): copied into a new, empty folder where only
 * `npm install <tenant tarball> playwright` ran, against the example app built with its tenant at
 * `http://localhost:<port>` and served on 127.0.0.1; `node --test` there starts the tenant on that
 * port itself, signs in without the login page, reloads with third-party cookies blocked, signs out.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SPA_DIR } from '../examples/spa/build.mjs';
import { chromiumPath } from './support/browser.js';
import type { BrowserHarness } from './support/harness.js';
import { useSpaExample } from './support/spa-example.js';
import { npmInstall, packTenant, runCommand } from './support/tenant-tarball.js';

const ROOT = join(import.meta.dirname, '..');

/**
 * A port on 127.0.0.1 for the user test's tenant, held by a listener of ours until `release()`: the
 * app is built against it long before the tenant starts. It is chosen below Linux's ephemeral range
 * (32768 and up), where every other server of the suite (port 0) and every outgoing connection
 * gets its port: one CI run lost a port picked from that range to another process in between.
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (err: NodeJS.ErrnoException) =>
        err.code === 'EADDRINUSE' && attempt < 50 ? resolve(false) : reject(err),
      );
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
  }
}

let work: string;
let userDir: string;
let tenantPort: number;
let releasePort: (() => Promise<void>) | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'spa-user-test-'));
  const tarball = await packTenant(work);
  userDir = join(work, 'my-app');
  await cp(join(SPA_DIR, 'tests'), join(userDir, 'tests'), { recursive: true });
  await writeFile(join(userDir, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
  // The repository's Playwright version (in npm's cache), its browsers never downloaded.
  const { version } = JSON.parse(await readFile(join(ROOT, 'node_modules', 'playwright', 'package.json'), 'utf8'));
  await npmInstall(userDir, [tarball, `playwright@${version as string}`], {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
  ({ port: tenantPort, release: releasePort } = await reservePort());
}, 300_000);
afterAll(async () => {
  await releasePort?.();
  if (work) await rm(work, { recursive: true, force: true });
});
// The app built against the user test's tenant (started by that test, not here), after the hook
// above picked its port; useSpaExample reads only `tenant.url` of the harness.
const tenantToBe = {
  get url() {
    return `http://localhost:${tenantPort}`;
  },
};
const spa = useSpaExample({ tenant: tenantToBe } as unknown as BrowserHarness);

it('the folder holds only the two installed packages and the test', async () => {
  const manifest = JSON.parse(await readFile(join(userDir, 'package.json'), 'utf8'));
  expect(Object.keys(manifest.dependencies).sort()).toEqual(['playwright', 'webauth-local-tenant']);
  expect(manifest.dependencies['webauth-local-tenant']).toMatch(/^file:.*\.tgz$/);
});

it('passes node --test: signs in without the login page, reloads with third-party cookies blocked, signs out', async () => {
  await releasePort!(); // the user test's tenant listens on it next
  releasePort = undefined;
  const r = await runCommand(process.execPath, ['--test', '--test-reporter=tap'], userDir, {
    ...process.env,
    APP_URL: spa.url,
    TENANT_PORT: String(tenantPort),
    CHROMIUM_PATH: chromiumPath(),
  });
  expect(r.code, r.out).toBe(0);
  for (const name of [
    'signs in without the login page',
    'stays signed in across a reload with third-party cookies blocked',
    'signs out, and the tenant revokes the refresh token',
  ]) {
    expect(r.out).toMatch(new RegExp(`^ok \\d+ - ${name}$`, 'm'));
  }
  expect(r.out).toMatch(/^# pass 3$/m);
  expect(r.out).toMatch(/^# fail 0$/m);
}, 120_000);
