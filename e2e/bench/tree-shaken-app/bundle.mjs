// Bundles one of the sample apps the way an SPA build does: rollup with node-resolve (browser
// builds of jose and idb-keyval), webauth-js taken from this package's published "exports" and
// dist/ with its `sideEffects` flag, minified with the UMD bundle's terser options.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { terserOptions } from '../../../rollup.config.mjs';

export const appDir = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(appDir, '..', '..', '..', 'package.json'), 'utf8'));

const root = join(appDir, '..', '..', '..');
/** Whether package.json's "sideEffects" (false, or the list of files that have them) names `id`. */
const hasSideEffects = (id) =>
  Array.isArray(pkg.sideEffects) ? pkg.sideEffects.some((f) => join(root, f) === id) : pkg.sideEffects !== false;

/**
 * Resolves `webauth-js` and `webauth-js/*` through package.json "exports", as Node would for a
 * dependency; `entries` maps an import of the app to another of the package's entries.
 */
const thisPackage = (entries = {}) => ({
  name: 'this-package',
  // The package's own modules are node-resolve's, which reads "sideEffects" the same way.
  resolveId(source) {
    if (source !== pkg.name && !source.startsWith(`${pkg.name}/`)) return null;
    const id = fileURLToPath(import.meta.resolve(entries[source] ?? source));
    return { id, moduleSideEffects: hasSideEffects(id) };
  },
});

/** Replaces the app's tenant.js with `tenant` (the e2e spec's local tenant). */
const tenantModule = (tenant) => ({
  name: 'tenant',
  resolveId: (source) => (tenant && source === './tenant.js' ? '\0tenant' : null),
  load: (id) => (id === '\0tenant' ? `export const tenant = ${JSON.stringify(tenant)};` : null),
});

/**
 * Bundles `app` (a file name in this folder) into minified ES modules; returns the initial chunk's
 * code and the ids of the modules that went in, and the code of the chunks loaded on demand.
 * @param {string} app
 * @param {{ tenant?: { domain: string, clientID: string }, entries?: Record<string, string> }} [options]
 * @returns {Promise<{ code: string, modules: string[], lazy: string[] }>}
 */
export async function bundleApp(app, options = {}) {
  const warnings = [];
  const build = await rollup({
    input: join(appDir, app),
    plugins: [thisPackage(options.entries), tenantModule(options.tenant), nodeResolve({ browser: true })],
    onLog: (level, log) => void (level === 'warn' && warnings.push(log)),
  });
  try {
    const { output } = await build.generate({ format: 'es', plugins: [terser(terserOptions)] });
    if (warnings.length) throw new Error(`rollup warned: ${warnings.map((w) => w.message).join('; ')}`);
    // The entry comes first: the initial chunk; the rest are the chunks it loads on demand.
    const [entry, ...rest] = output.filter((o) => o.type === 'chunk');
    return { code: entry.code, modules: Object.keys(entry.modules), lazy: rest.map((c) => c.code) };
  } finally {
    await build.close();
  }
}
