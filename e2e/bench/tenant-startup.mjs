#!/usr/bin/env node
// Wall time from spawning `npm run tenant`'s command to its "ready" line, 5 runs, median printed.
// Usage: node e2e/bench/tenant-startup.mjs [runs]   (also times `node --import tsx` on the CLI source,
// the way before the bundle, in the same run for comparison)
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = Number(process.argv[2] ?? 5);
const BUNDLE = [join(root, 'scripts', 'tenant.mjs')];
const TSX = ['--import', 'tsx', join(root, 'e2e', 'tenant', 'cli', 'cli.ts')];

function once(command) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...command, '--port', '0'], { cwd: root });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (/ready at/.test(out)) {
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        child.on('exit', () => done(ms));
      }
    });
    child.on('exit', (code) => {
      if (!/ready at/.test(out)) fail(new Error(`tenant exited (${code}) before its ready line`));
    });
  });
}

async function median(label, command) {
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once(command));
  times.sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)];
  console.log(
    `tenant start-up (${label}): runs ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${mid.toFixed(0)} ms`,
  );
  return mid;
}

await once(BUNDLE); // builds the bundle if a source changed; not counted
const tsx = await median('tsx on the sources', TSX);
const bundled = await median('npm run tenant, bundled', BUNDLE);
console.log(
  `tenant start-up: median ${bundled.toFixed(0)} ms from spawn to "ready" line (tsx: ${tsx.toFixed(0)} ms, ratio ${(bundled / tsx).toFixed(2)})`,
);
