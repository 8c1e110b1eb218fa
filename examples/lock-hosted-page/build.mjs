// Bundles src/main.js (Lock with its `auth0-js`, i.e. webauth-js through the package.json alias)
// into lock-page.js beside login.html, which the tenant serves at /static/login-page/lock-page.js.
// Usage: node build.mjs [folder]  (default: this folder, after npm install).
import { build } from 'esbuild';
import { resolve } from 'node:path';

/** A production browser bundle through the packages' exports maps, as an app's build makes it. */
export const browserBundleOptions = {
  outdir: '.',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  // A third of the size, so each page load parses less.
  minify: true,
};

/** Builds `<dir>/lock-page.js` from `<dir>/src/main.js`; returns esbuild's result. */
export async function buildLockPage(dir) {
  return build({
    ...browserBundleOptions,
    absWorkingDir: dir,
    entryPoints: [{ in: 'src/main.js', out: 'lock-page' }],
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`)
  await buildLockPage(resolve(process.argv[2] ?? import.meta.dirname));
