#!/usr/bin/env node
// `npm run tenant`: runs the local tenant's CLI from one esbuild bundle, rebuilt only when a tenant
// source is newer than it. Loading one prebuilt file skips compiling ~60 modules on every start.
// `--bundle-only` only brings the bundle up to date (npm test does it once, before any suite).
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tenantDir = join(root, 'e2e', 'tenant');
// One folder below the tenant (git-ignored), as its modules are: core/tenant-files.ts finds the
// page scripts and fixtures relative to itself.
const bundle = join(tenantDir, '.cache', 'cli.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name === 'dist' || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const builtAt = (() => {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
})();
if (builtAt < Math.max(newestSource(tenantDir), statSync(fileURLToPath(import.meta.url)).mtimeMs)) {
  const { build } = await import('esbuild');
  mkdirSync(dirname(bundle), { recursive: true });
  const { outputFiles } = await build({
    entryPoints: [join(tenantDir, 'cli', 'cli.ts')],
    outfile: bundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages (selfsigned, jose) load from node_modules as usual.
    packages: 'external',
    logLevel: 'warning',
  });
  // Written aside and renamed: a tenant starting at the same moment never loads half a file.
  const partial = `${bundle}.${process.pid}.tmp`;
  writeFileSync(partial, outputFiles[0].contents);
  renameSync(partial, bundle);
}
if (process.argv[2] !== '--bundle-only') await import(pathToFileURL(bundle).href);
