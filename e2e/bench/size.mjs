#!/usr/bin/env node
// Bundle size of our UMD build against auth0-js; exits 1 when ours is over budget.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// The whole v10 surface measured 24,029 B gzip; the key set's Cache-Control lifetime took it to
// 24,214 B, rounded up to 256 B. A ratchet: lower it as the bundle shrinks; raising it needs a
// CHANGELOG line that says why.
const BUDGET_GZIP = 24320;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ours = join(root, 'dist', 'webauth.min.js');
const theirs = join(root, 'node_modules', 'auth0-js', 'dist', 'auth0.min.js');
const esmDir = join(root, 'dist', 'esm');

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const measure = (file) => {
  const buf = readFileSync(file);
  return { raw: buf.length, gzip: gzipSize(buf) };
};
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

if (!existsSync(ours)) {
  console.error(`size: ${ours} is missing: run \`npm run build\` first`);
  console.log(`budget: ${kb(BUDGET_GZIP)} gzip: FAIL (no bundle)`);
  process.exit(1);
}

const rows = [['file', 'raw', 'gzip']];
const o = measure(ours);
rows.push(['dist/webauth.min.js', kb(o.raw), kb(o.gzip)]);
const t = existsSync(theirs) ? measure(theirs) : undefined;
rows.push(['auth0-js/dist/auth0.min.js', t ? kb(t.raw) : 'n/a', t ? kb(t.gzip) : 'n/a']);

// Per-file gzip total: closer to what a bundler ships from the ESM build than one big stream.
if (existsSync(esmDir)) {
  const files = readdirSync(esmDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
  const sum = { raw: 0, gzip: 0 };
  for (const f of files) {
    const m = measure(f);
    sum.raw += m.raw;
    sum.gzip += m.gzip;
  }
  rows.push([`dist/esm/**/*.js (${files.length} files, info)`, kb(sum.raw), kb(sum.gzip)]);
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, r] of rows.entries()) {
  console.log(`${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padStart(widths[2])}`);
  if (i === 0) console.log('-'.repeat(widths[0] + widths[1] + widths[2] + 4));
}
if (t) console.log(`gzip ratio ours/auth0-js: ${(o.gzip / t.gzip).toFixed(3)}`);

const ok = o.gzip <= BUDGET_GZIP;
console.log(`budget: ${o.gzip} / ${BUDGET_GZIP} bytes gzip (${kb(BUDGET_GZIP)}): ${ok ? 'OK' : 'OVER BUDGET'}`);
process.exit(ok ? 0 : 1);
