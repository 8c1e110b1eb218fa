#!/usr/bin/env node
// Where the bytes of dist/webauth.min.js come from: its source map attributes every minified
// character to a source file. Prints bytes per file, per src/ folder and per package, largest
// first. A folder's "saved" figure is what the gzipped file would lose without that folder's code
// (the file gzipped with those characters left out): what moving it to a chunk could save at most.
// `--groups` lists every file under the reason it is in the first load (e2e/bench/size-groups.mjs).
// Usage: npm run size:modules [-- --top N] [-- --groups]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { decodeSegment } from '../../scripts/eager-factory.mjs';
import { GROUPS } from './size-groups.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = join(root, 'dist', 'webauth.min.js');
if (!existsSync(`${bundle}.map`)) {
  console.error('size-breakdown: dist/webauth.min.js.map is missing: run `npm run build` first');
  process.exit(1);
}
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 30;

const code = readFileSync(bundle, 'utf8');
const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8'));
const codeLines = code.split('\n');
const text = new Map(); // source → the minified characters attributed to it
const pieces = []; // [line, start, end, source name], in file order
let source = 0;
map.mappings.split(';').forEach((line, lineIndex) => {
  const starts = [];
  let column = 0;
  for (const segment of line.split(',').filter(Boolean)) {
    const [dColumn, dSource] = decodeSegment(segment);
    column += dColumn;
    if (dSource !== undefined) source += dSource;
    starts.push([column, dSource !== undefined ? source : -1]);
  }
  starts.forEach(([start, src], i) => {
    const end = i + 1 < starts.length ? starts[i + 1][0] : codeLines[lineIndex].length;
    const name = src >= 0 ? map.sources[src].replace(/^(\.\.\/)+/, '') : '(wrapper)';
    text.set(name, (text.get(name) ?? '') + codeLines[lineIndex].slice(start, end));
    pieces.push([lineIndex, start, end, name]);
  });
});

const packageOf = (name) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1] ?? 'webauth-js';
const rows = [...text].map(([name, chars]) => ({
  name,
  raw: chars.length,
  gzip: gzipSync(chars, { level: 9 }).length,
}));
rows.sort((a, b) => b.raw - a.raw);
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
// src/web-auth/popup/popup.ts → src/web-auth/popup; jose/dist/webapi/lib/key.js → jose.
const folderOf = (name) =>
  packageOf(name) !== 'webauth-js' ? packageOf(name) : name.split('/').slice(0, -1).join('/') || name;
// The file gzipped with only the sourced pieces `keep` accepts, and with the characters no source
// covers (the chunk loader, the chunks' hashes, the UMD wrapper) unless `uncovered` is false.
const gzipKeeping = (keep, uncovered = true) => {
  const lines = codeLines.map((line, i) => {
    let out = '';
    let at = 0;
    for (const [l, start, end, name] of pieces) {
      if (l !== i) continue;
      if (uncovered) out += line.slice(at, start);
      if (name === '(wrapper)' ? uncovered : keep(name)) out += line.slice(start, end);
      at = end;
    }
    return uncovered ? out + line.slice(at) : out;
  });
  return gzipSync(lines.join('\n'), { level: 9 }).length;
};
const gzipWithout = (leftOut) => gzipKeeping((name) => !leftOut(name));
const whole = gzipSync(code, { level: 9 }).length;
console.log(
  'minified bytes per source file; its gzip alone (over-counts: gzip shares across files); gzip bytes saved without it',
);
for (const r of rows.slice(0, top)) {
  const saved = whole - gzipWithout((n) => n === r.name);
  console.log(
    `${String(r.raw).padStart(7)}  ${String(r.gzip).padStart(6)}  ${String(saved).padStart(6)}  ${r.name.replace(/.*node_modules\//, '')}`,
  );
}
if (rows.length > top) console.log(`  … ${rows.length - top} more files`);
const byFolder = new Map();
for (const r of rows) byFolder.set(folderOf(r.name), (byFolder.get(folderOf(r.name)) ?? 0) + r.raw);
console.log('\nper src/ folder (minified bytes; gzip bytes saved without it):');
for (const [folder, raw] of [...byFolder].sort((a, b) => b[1] - a[1]))
  console.log(
    `${String(raw).padStart(7)}  ${String(whole - gzipWithout((n) => folderOf(n) === folder)).padStart(6)}  ${folder}`,
  );
// Characters no source covers.
const mapped = pieces.reduce((n, [, start, end, name]) => (name === '(wrapper)' ? n : n + end - start), 0);
const unmappedSaved = whole - gzipKeeping(() => true, false);
console.log(
  `${String(code.length - mapped).padStart(7)}  ${String(unmappedSaved).padStart(6)}  (no source: the chunk loader, chunk hashes, wrapper)`,
);
const byPackage = new Map();
for (const r of rows) byPackage.set(packageOf(r.name), (byPackage.get(packageOf(r.name)) ?? 0) + r.raw);
console.log('\nper package (minified bytes, share of the bundle):');
for (const [pkg, raw] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${pkg.padEnd(12)} ${kb(raw).padStart(9)}  ${((raw / code.length) * 100).toFixed(1)}%`);
}
console.log(`bundle: ${kb(code.length)} raw, ${kb(gzipSync(code, { level: 9 }).length)} gzip`);

if (process.argv.includes('--groups')) {
  // Each file under the first group that claims it; saved = the gzip bytes the file loses without the group.
  const short = (name) => name.replace(/.*node_modules\//, '');
  const groupOf = (name) => GROUPS.find((g) => g.files.test(short(name)))?.name ?? 'unclaimed';
  console.log('\nfile by file, by why it is in the first load (minified bytes; gzip bytes saved without it):');
  for (const { name, why } of [...GROUPS, { name: 'unclaimed', why: 'no group in e2e/bench/size-groups.mjs' }]) {
    const members = rows.filter((r) => groupOf(r.name) === name);
    if (!members.length) continue;
    const raw = members.reduce((n, r) => n + r.raw, 0);
    const saved = whole - gzipWithout((n) => groupOf(n) === name);
    console.log(`\n${String(raw).padStart(7)}  ${String(saved).padStart(6)}  ${name}: ${why}`);
    for (const r of members) {
      const alone = whole - gzipWithout((n) => n === r.name);
      console.log(`${String(r.raw).padStart(7)}  ${String(alone).padStart(6)}    ${short(r.name)}`);
    }
  }
  const common = new Set(GROUPS.filter((g) => g.common).map((g) => g.name));
  const own = gzipKeeping((n) => common.has(groupOf(n)));
  console.log(
    `\nthe groups the common page runs itself, with the loader and wrapper: ${own} B gzip (issue 32's target 16,384 B)`,
  );
}
