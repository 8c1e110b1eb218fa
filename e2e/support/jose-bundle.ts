/**
 * jose as one ES module, for the import maps of the test pages that load our ESM build (issue 34).
 * jose's own dist is 46 modules: a page fetched each of them on every load, about 0.2 s of CPU per
 * load on the 2-core CI machine, and a run loads such a page about 130 times. The code is jose's,
 * bundled as an app's bundler would; our ESM build (dist/esm) is still loaded module by module.
 * Built once per jose version into e2e/.build (git-ignored); parallel workers may both build it,
 * each renaming a complete file into place.
 */
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { rollup } from 'rollup';

/** The path of the bundle for the jose installed under `root`, built if missing. */
export async function joseBundle(root: string): Promise<string> {
  const jose = join(root, 'node_modules', 'jose');
  const { version } = JSON.parse(readFileSync(join(jose, 'package.json'), 'utf8')) as { version: string };
  const dir = join(root, 'e2e', '.build');
  const file = join(dir, `jose-${version}.js`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const bundle = await rollup({ input: join(jose, 'dist', 'webapi', 'index.js') });
  const partial = `${file}.${process.pid}.partial`;
  try {
    await bundle.write({ file: partial, format: 'es' });
  } finally {
    await bundle.close();
  }
  renameSync(partial, file);
  return file;
}
