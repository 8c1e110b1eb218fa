/**
 * The libraries the test pages import, bundled as an app's bundler would (issue 34). Loaded module
 * by module, a page fetched 46 modules of jose and 80 of our dist/esm on every load: 0.6-0.8 s of
 * CPU per load on the 2-core CI machine, against 0.1-0.15 s for the UMD file, and a run loads such
 * a page about 130 times. The code is the same: jose's own dist, and our dist/esm as built, its
 * on-demand parts still split into chunks loaded by import() on first use. Native loading of the
 * published modules stays covered by the README snippets, `chunks.spec.ts`, `modular.spec.ts` and
 * `hosted-page-form.spec.ts`, which import dist/esm (and jose's own files) directly.
 *
 * Built into e2e/.build (git-ignored), named by jose's version and by a hash of dist/esm, so a
 * rebuild of the library gets a new bundle. Parallel workers may both build one; each renames a
 * complete result into place.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { rollup, type RollupOptions } from 'rollup';

export interface PageBundles {
  /** jose as one ES module. */
  joseFile: string;
  /**
   * dist/esm as an entry `index.js` and its chunks; jose and idb-keyval stay bare imports.
   * Undefined while dist/esm is not built (the pages then get a 404 for it).
   */
  esmDir?: string;
}

/** Bundles `input` to `target`, a file or a folder of chunks, unless it is there already. */
async function bundleOnce(target: string, input: RollupOptions, to: 'file' | 'dir'): Promise<string> {
  if (existsSync(target)) return target;
  mkdirSync(join(target, '..'), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  const bundle = await rollup(input);
  try {
    await bundle.write({ format: 'es', [to]: partial });
  } finally {
    await bundle.close();
  }
  try {
    renameSync(partial, target);
  } catch (err) {
    // Another worker renamed its folder first (a file rename replaces; a folder rename does not).
    if (!existsSync(target)) throw err;
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}

/** A short hash of the JavaScript files under `dir`, by path and content. */
function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) hash.update(relative(dir, path)).update('\0').update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

const ESM_PREFIX = 'webauth-esm-';
const ESM_BUNDLE_NAME = new RegExp(`^${ESM_PREFIX}[0-9a-f]{16}$`);

/** Removes the bundles of earlier builds of dist/esm, so e2e/.build does not grow with each rebuild. */
function pruneOtherEsmBundles(build: string, keep: string): void {
  for (const name of readdirSync(build)) {
    const path = join(build, name);
    if (ESM_BUNDLE_NAME.test(name) && path !== keep) rmSync(path, { recursive: true, force: true });
  }
}

/** The bundles for the jose and the dist/esm under `root`, built if missing. */
export async function pageBundles(root: string): Promise<PageBundles> {
  const build = join(root, 'e2e', '.build');
  const jose = join(root, 'node_modules', 'jose');
  const { version } = JSON.parse(readFileSync(join(jose, 'package.json'), 'utf8')) as { version: string };
  const esm = join(root, 'dist', 'esm');
  const esmBuilt = existsSync(join(esm, 'index.js'));
  const [joseFile, esmDir] = await Promise.all([
    bundleOnce(join(build, `jose-${version}.js`), { input: join(jose, 'dist', 'webapi', 'index.js') }, 'file'),
    esmBuilt
      ? bundleOnce(
          join(build, `${ESM_PREFIX}${hashTree(esm)}`),
          { input: join(esm, 'index.js'), external: ['jose', 'idb-keyval'] },
          'dir',
        )
      : undefined,
  ]);
  if (esmDir) pruneOtherEsmBundles(build, esmDir);
  return { joseFile, esmDir };
}
