import typescript from '@rollup/plugin-typescript';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const external = ['jose', 'idb-keyval'];

// Declarations come from a separate `tsc --emitDeclarationOnly` run (scripts/build.mjs), so the
// plugin here only transpiles.
const ts = () => typescript({ tsconfig: './tsconfig.json', declaration: false, sourceMap: true, outDir: undefined, rootDir: 'src' });

export default [
  {
    // One file per source module, so bundlers can drop what an app does not use.
    input: 'src/index.ts',
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
    // The CDN build: everything bundled, global `auth0` like auth0-js 10.
    input: 'src/cdn.ts',
    plugins: [nodeResolve({ browser: true }), ts()],
    output: {
      file: 'dist/webauth.min.js',
      format: 'umd',
      name: 'auth0',
      // client.getSSOData loads WebAuth on demand in the ESM build; here it is all one file.
      inlineDynamicImports: true,
      exports: 'named',
      sourcemap: true,
      // hoist_funs only moves declarations to the top of their scope, where JS puts them anyway. No
      // unsafe_* or pure_getters: a few bytes are not worth assumptions that could miscompile.
      plugins: [terser({ format: { comments: false }, compress: { passes: 5, hoist_funs: true }, ecma: 2020 })],
    },
  },
];
