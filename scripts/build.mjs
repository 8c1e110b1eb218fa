// Builds dist/: ESM modules and the minified UMD bundle with rollup, then declarations with tsc beside
// each JavaScript file, so every "exports" entry finds its types without a "types" condition.
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// Tools run through node itself (no npx/.cmd shims), so the build also works on Windows.
const run = (what, bin, args) => {
  console.log(`build: ${what}…`);
  const started = Date.now();
  const r = spawnSync(process.execPath, [bin, ...args], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`build: ${what} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

rmSync('dist', { recursive: true, force: true });
run('bundling with rollup (ESM, UMD)', 'node_modules/rollup/dist/bin/rollup', ['-c', '--silent']);
run('writing declarations with tsc', 'node_modules/typescript/bin/tsc', [
  '-p',
  'tsconfig.json',
  '--emitDeclarationOnly',
  '--declarationDir',
  'dist/esm',
  '--sourceMap',
  'false',
]);
// The all-in-one UMD bundle for require() (in a "type": "module" package Node reads .js as ESM):
// Node has no <script> to load the CDN chunks with.
copyFileSync('dist/webauth.all.min.js', 'dist/webauth.min.cjs');
// auth0-js's file names, for pages that load the bundle straight from node_modules/auth0-js/dist/
// once webauth-js is installed under that name: the all-in-one file, since bundlers and resolvers
// that ignore "exports" (webpack 4, TypeScript's node10) read these paths as modules, where no
// <script> element can load a chunk.
copyFileSync('dist/webauth.all.min.js', 'dist/auth0.min.js');
copyFileSync('dist/webauth.all.min.js', 'dist/auth0.js');
// package.json "module", read only by bundlers that ignore "exports" (webpack 4, Parcel 1, …): the
// default entry as one ES module with jose and idb-keyval inside (jose has only "exports"), its
// syntax lowered to ES2019 (webpack 4's parser and terser 4 stop at `?.` and `??`).
run('writing dist/webauth.es2019.js with esbuild', 'scripts/build-es2019.mjs', []);
// Declarations for the CommonJS entry (the .d.ts tree is ESM in a "type": "module" package), and for
// auth0-js's file names under TypeScript's legacy "node" resolution, which ignores "exports".
const reexport = "export * from './esm/index.js';\nexport { default } from './esm/index.js';\n";
for (const file of ['webauth.min.d.cts', 'auth0.min.d.ts', 'auth0.d.ts']) writeFileSync(`dist/${file}`, reexport);

// auth0-js also exports its Cordova plugin; we ship none. Lock requires the file unconditionally and
// treats a non-function export as "no plugin", so the path answers with an empty CommonJS module
// (harmless as a <script> too), its declaration and an empty source map.
writeFileSync(
  'dist/cordova-auth0-plugin.cjs',
  "'use strict';\n// webauth-js ships no Cordova plugin (see COMPATIBILITY.md).\n",
);
writeFileSync(
  'dist/cordova-auth0-plugin.d.cts',
  'declare const noPlugin: Record<string, never>;\nexport = noPlugin;\n',
);
writeFileSync(
  'dist/cordova-auth0-plugin.cjs.map',
  JSON.stringify({ version: 3, file: 'cordova-auth0-plugin.cjs', sources: [], names: [], mappings: '' }),
);

// The licences of the packages the CDN file bundles, shipped beside it.
const notices = [
  ['jose', 'node_modules/jose/LICENSE.md'],
  ['idb-keyval', 'node_modules/idb-keyval/LICENCE'],
].map(([name, file]) => {
  const { version, license } = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8'));
  return `${name} ${version} (${license})\n${'-'.repeat(40)}\n${readFileSync(file, 'utf8').trim()}\n`;
});
writeFileSync(
  'dist/THIRD-PARTY-NOTICES.txt',
  `dist/webauth.min.js bundles the following packages.\n\n${notices.join('\n\n')}`,
);
