// Builds the SPA as an app team would: webauth-js installed from the repository's packed package
// (`npm pack`, then `npm install` of the tarball, offline), then `vite build`. Used by `npm start`
// and e2e/example-spa.spec.ts; `node examples/spa/build.mjs` runs it alone (after `npm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SPA_DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(SPA_DIR, '..', '..');

/** Runs npm through node when npm told us where it is (spawning npm.cmd fails on Windows). */
function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const [cmd, argv] = cli?.endsWith('.js') ? [process.execPath, [cli, ...args]] : ['npm', args];
  const run = spawnSync(cmd, argv, { cwd, encoding: 'utf8', shell: cmd === 'npm' && process.platform === 'win32' });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${run.stderr || run.error}`);
  return run.stdout;
}

/** Packs the repository (its dist/ must be built) and installs the tarball into examples/spa. */
export function installPackedPackage() {
  if (!existsSync(join(ROOT, 'dist', 'esm', 'index.js'))) throw new Error('Run `npm run build` first.');
  const dir = mkdtempSync(join(tmpdir(), 'webauth-pack-'));
  try {
    const [{ filename }] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT));
    const install = (mode) =>
      npm(['install', '--no-save', mode, '--no-audit', '--no-fund', join(dir, filename)], SPA_DIR);
    // The package's dependencies (jose, idb-keyval) come from npm's cache, which `npm ci` filled;
    // with an empty cache, from the registry.
    try {
      install('--offline');
    } catch {
      install('--prefer-offline');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Installs the package and builds the app into `outDir` (default examples/spa/dist). `env` sets
 * build-time variables such as VITE_TENANT. Vite comes from the repository's node_modules.
 */
export async function buildSpa({ outDir = join(SPA_DIR, 'dist'), env = {} } = {}) {
  installPackedPackage();
  const { build } = await import('vite');
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await build({ root: SPA_DIR, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
  return outDir;
}

/** Serves a build with `vite preview` (index.html for every route) on 127.0.0.1; `port` 0 picks one. */
export async function serveSpa({ outDir = join(SPA_DIR, 'dist'), port = 4173 } = {}) {
  const { preview } = await import('vite');
  const server = await preview({
    root: SPA_DIR,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: port !== 0, open: false },
  });
  const address = server.httpServer.address();
  return { url: `http://127.0.0.1:${address.port}`, port: address.port, close: () => server.close() };
}

/** Builds into a temporary directory with `env` and serves it on a free port; `close` removes it. */
export async function startSpa(env = {}) {
  const outDir = await mkdtemp(join(tmpdir(), 'spa-example-'));
  try {
    await buildSpa({ outDir, env });
    const server = await serveSpa({ outDir, port: 0 });
    return { ...server, close: () => server.close().finally(() => rm(outDir, { recursive: true, force: true })) };
  } catch (err) {
    await rm(outDir, { recursive: true, force: true });
    throw err;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`Built ${await buildSpa()}`);
}
