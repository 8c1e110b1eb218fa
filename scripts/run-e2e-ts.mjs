#!/usr/bin/env node
// Usage: node scripts/run-e2e-ts.mjs e2e/<file>.ts [args…]   (npm run bench)
// Compiles e2e/ with tsc, then runs the compiled counterpart of the given .ts file.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:os';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = resolve(root, 'e2e');
const buildDir = resolve(e2eDir, '.build');

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-e2e-ts.mjs e2e/<file>.ts [args…]');
  process.exit(2);
}

const source = resolve(process.cwd(), entry);
const rel = relative(e2eDir, source);
if (rel.startsWith('..') || !rel.endsWith('.ts') || rel.split(sep)[0] === '.build') {
  console.error(`run-e2e-ts: ${entry} is not a .ts file inside e2e/`);
  process.exit(2);
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', resolve(e2eDir, 'tsconfig.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) {
  console.error(`run-e2e-ts: tsc -p e2e/tsconfig.json failed (exit ${compiled.status ?? compiled.signal})`);
  process.exit(1);
}

// The compiled tenant finds its uncompiled files beside itself (e2e/tenant/core/tenant-files.ts):
// page scripts and fixtures, and the library its hosted page runs (the repository's current build).
cpSync(resolve(e2eDir, 'tenant', 'fixtures'), resolve(buildDir, 'tenant', 'fixtures'), { recursive: true });
cpSync(resolve(e2eDir, 'tenant', 'assets'), resolve(buildDir, 'tenant', 'assets'), { recursive: true });
const dist = resolve(root, 'dist');
for (const name of existsSync(dist) ? readdirSync(dist) : [])
  if (/^webauth\.([\w-]+\.)?min\.js$/.test(name) && name !== 'webauth.all.min.js')
    cpSync(resolve(dist, name), resolve(buildDir, 'tenant', 'assets', name));

const target = resolve(buildDir, rel.replace(/\.ts$/, '.js'));
if (!existsSync(target)) {
  console.error(`run-e2e-ts: compiled file not found: ${relative(root, target)}`);
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', target, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1));
});
