import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { cdnChunks } from './scripts/cdn-chunks.mjs';
import { eagerFactory } from './scripts/eager-factory.mjs';

const external = ['jose', 'idb-keyval'];

// Declarations come from a separate `tsc --emitDeclarationOnly` run (scripts/build.mjs), so the
// plugin here only transpiles, without type-checking (noCheck): `npm run typecheck` checks, and
// three configurations each checking the sources cost 11 s of CPU per build (issue 34). The
// output is the same byte for byte.
// inlineSources: the maps carry our TypeScript, so debuggers show it without the src/ tree.
const ts = () =>
  typescript({
    tsconfig: './tsconfig.json',
    declaration: false,
    sourceMap: true,
    inlineSources: true,
    outDir: undefined,
    rootDir: 'src',
    noCheck: true,
  });

// The CDN file bundles jose and idb-keyval: their licences travel with it (THIRD-PARTY-NOTICES.txt).
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const banner = `/*! webauth-js ${pkg.version} | MIT | bundles jose (MIT) and idb-keyval (Apache-2.0), see THIRD-PARTY-NOTICES.txt */`;
// A chunk that bundles no third-party module names only our licence (-63 B gzip per chunk).
const chunkBanner = (chunk) =>
  Object.keys(chunk.modules).some((id) => id.includes('node_modules'))
    ? banner
    : `/*! webauth-js ${pkg.version} | MIT */`;

// hoist_funs only moves declarations to the top of their scope, where JS puts them anyway. No
// unsafe_* or pure_getters: a few bytes are not worth assumptions that could miscompile.
// Exported for e2e/bench/tree-shaken-size.mjs, which minifies a bundled app the same way.
export const terserOptions = { format: { comments: /^!/ }, compress: { passes: 5, hoist_funs: true }, ecma: 2020 };

// Named after the chunk's entry in src/chunks/: captcha.ts gives webauth.captcha.min.js. Code that
// two capabilities share and the main file does not use gets a chunk of its own, named by its
// content. Exported for the chunk loader's own test (e2e/cdn-chunks.spec.ts).
export const cdnChunkFileNames = (chunk) =>
  chunk.facadeModuleId
    ? `webauth.${basename(chunk.facadeModuleId, extname(chunk.facadeModuleId))}.min.js`
    : 'webauth.shared-[hash:10].min.js';

export default [
  {
    // One file per source module, so bundlers can drop what an app does not use. Three entries
    // over the same modules: all.js (`webauth-js`, no dynamic import), index.js (`webauth-js/lazy`,
    // the capabilities as import()) and the modular entry (webauth-js/modular).
    input: ['src/all.ts', 'src/index.ts', 'src/modular/index.ts'],
    external,
    plugins: [ts()],
    output: {
      dir: 'dist/esm',
      format: 'es',
      preserveModules: true,
      preserveModulesRoot: 'src',
      sourcemap: true,
    },
  },
  {
    // The CDN build (issue 32): the main file with the global `auth0`, and beside it one chunk per
    // capability loaded on first use (src/web-auth/load-capability.ts; entries in src/chunks/),
    // fetched by the main file with its integrity hash (scripts/cdn-chunks.mjs). Shared code stays
    // in the main file.
    input: 'src/cdn.ts',
    preserveEntrySignatures: 'allow-extension',
    plugins: [
      nodeResolve({ browser: true }),
      ts(),
      cdnChunks({
        names: ['Authentication', 'Management', 'WebAuth', 'default', 'version'],
        hook: `webauthjs_${pkg.version.replace(/\W/g, '_')}`,
        banner: chunkBanner,
      }),
    ],
    output: {
      dir: 'dist',
      format: 'amd',
      exports: 'named',
      entryFileNames: 'webauth.min.js',
      // What the chunks import from the main file is named by rollup, not by us: one or two
      // letters instead of the source names (-466 B gzip over all files). Public names stay.
      minifyInternalExports: true,
      chunkFileNames: cdnChunkFileNames,
      sourcemap: true,
      plugins: [terser(terserOptions), eagerFactory()],
    },
  },
  {
    // The all-in-one file, for require() (dist/webauth.min.cjs) and for pages that want one file:
    // everything bundled, the global `auth0` like auth0-js 10.
    input: 'src/cdn.ts',
    plugins: [nodeResolve({ browser: true }), ts()],
    output: {
      file: 'dist/webauth.all.min.js',
      format: 'umd',
      name: 'auth0',
      exports: 'named',
      inlineDynamicImports: true,
      sourcemap: true,
      banner,
      plugins: [terser(terserOptions), eagerFactory()],
    },
  },
];
