#!/usr/bin/env node
// `npm start`: build, then run the local tenant (plain HTTP, port 4400), the app server that serves
// examples/ and dist/ (the CDN example) and the SPA example built with Vite from the packed package
// (`vite preview`, port 4173), so the examples can be tried in a browser. Ctrl-C stops them all.
// Arguments go to the tenant, e.g. `npm start -- --login-page examples/hosted-login-template/login.html`.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TENANT_PORT = 4400;
const APP_PORT = 5173;
const SPA_PORT = 4173;
const READY_TIMEOUT_MS = 30_000;
const LOGIN_TEMPLATE = 'examples/hosted-login-template/login.html';
const loginPageAt = process.argv.indexOf('--login-page');
const loginPage =
  process.argv.find((a) => a.startsWith('--login-page='))?.slice('--login-page='.length) ??
  (loginPageAt > 1 ? process.argv[loginPageAt + 1] : undefined);

function step(title, cmd, args) {
  console.log(`\n> ${title}`);
  const { status } = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`start: ${title} failed`);
    process.exit(1);
  }
}

// The build script through node itself: spawning npm.cmd without a shell fails on Windows.
step('npm run build', process.execPath, [join(root, 'scripts', 'build.mjs')]);

console.log('\n> examples/spa: npm pack, install the tarball, vite build');
const { buildSpa, serveSpa } = await import('../examples/spa/build.mjs');
await buildSpa();

// TypeScript runs as it is, through tsx: nothing else to compile.
const tenant = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(root, 'e2e', 'tenant', 'cli', 'cli.ts'),
    '--http',
    '--port',
    String(TENANT_PORT),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
let tenantExited = false;

const { startAppServer } = await tsImport('../e2e/support/app-server.ts', import.meta.url);
let app;
try {
  app = await startAppServer({ port: APP_PORT });
} catch (err) {
  if (err?.code !== 'EADDRINUSE') throw err;
  console.warn(`start: port ${APP_PORT} is busy, using an ephemeral port`);
  app = await startAppServer();
}

let spa;
try {
  spa = await serveSpa({ port: SPA_PORT });
} catch (err) {
  // Vite's strictPort error has no code, only this message.
  if (err?.code !== 'EADDRINUSE' && !/already in use/.test(err?.message)) throw err;
  console.warn(`start: port ${SPA_PORT} is busy, using an ephemeral port`);
  spa = await serveSpa({ port: 0 });
}

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  const tenantGone = tenantExited ? Promise.resolve() : new Promise((r) => tenant.once('exit', r));
  if (!tenantExited) tenant.kill('SIGTERM');
  await Promise.all([app.close(), spa.close(), tenantGone]);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const tenantUrl = await new Promise((resolveReady) => {
  const timer = setTimeout(() => {
    console.error(`start: the tenant did not report ready within ${READY_TIMEOUT_MS / 1000}s`);
    void stop(1);
  }, READY_TIMEOUT_MS);
  createInterface({ input: tenant.stdout }).on('line', (line) => {
    console.log(`[tenant] ${line}`);
    const m = /Local tenant ready at (\S+)/.exec(line);
    if (m) {
      clearTimeout(timer);
      resolveReady(m[1]);
    }
  });
  tenant.on('exit', (code, signal) => {
    tenantExited = true;
    clearTimeout(timer);
    if (!stopping) {
      console.error(`start: the tenant exited (${signal ?? `code ${code}`})`);
      void stop(1);
    }
  });
});

console.log(`
  Local tenant  ${tenantUrl}
  SPA example   ${spa.url.replace('127.0.0.1', 'localhost')}/
  CDN example   ${app.url.replace('127.0.0.1', 'localhost')}/examples/cdn/
  Passkeys      ${app.url.replace('127.0.0.1', 'localhost')}/examples/passkeys/
  Login page    ${loginPage ?? `built-in (custom: npm start -- --login-page ${LOGIN_TEMPLATE})`}

  Open an example and sign in as
    email     alice@example.com
    password  Passw0rd!alice

  Press Ctrl-C to stop.
`);
