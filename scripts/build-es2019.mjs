// dist/webauth.es2019.js (package.json "module"): dist/esm/all.js bundled with jose and idb-keyval
// into one ES module whose syntax older bundlers parse. Not minified: the app's bundler minifies.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
await build({
  entryPoints: ['dist/esm/all.js'],
  outfile: 'dist/webauth.es2019.js',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2019',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  // web-auth.js keeps a bare import of errors.js that rollup left; dropping it changes nothing.
  logOverride: { 'ignored-bare-import': 'silent' },
  banner: {
    js: `/*! webauth-js ${version} | MIT | bundles jose (MIT) and idb-keyval (Apache-2.0), see THIRD-PARTY-NOTICES.txt */`,
  },
});
