/**
 * Every path auth0-js 10.2.1's package exports resolves in webauth-js installed under the name
 * auth0-js, for `require` and for `import`: our build where we have an equivalent, an inert module
 * where we ship none (the Cordova plugin, which Lock requires unconditionally).
 */
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { installPackedPackage, REPO_ROOT } from '../support/packed-package.js';

const run = promisify(execFile);
const reference = join(REPO_ROOT, 'node_modules', 'auth0-js');
// Inside the repository, so the ESM build finds jose and idb-keyval as an app's node_modules would.
const appDir = join(REPO_ROOT, 'e2e', '.build', 'lock-package-paths');
let ours: string;

interface Row {
  path: string;
  require: string;
  import: string;
  required?: string;
  imported?: string;
}

/** The subpaths of an exports map, its `*` patterns expanded against the files the package holds. */
async function exportedPaths(packageDir: string): Promise<string[]> {
  const { exports } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  const paths: string[] = [];
  for (const key of Object.keys(exports)) {
    if (!key.includes('*')) {
      paths.push(key === '.' ? '.' : key.slice(2));
      continue;
    }
    const dir = key.slice(2, key.indexOf('*'));
    const files = await readdir(join(packageDir, dir), { recursive: true, withFileTypes: true });
    for (const f of files.filter((entry) => entry.isFile()))
      paths.push(relative(packageDir, join(f.parentPath, f.name)).split(sep).join('/'));
  }
  return paths;
}

async function resolveAll(paths: string[]): Promise<Row[]> {
  const { stdout } = await run(process.execPath, ['resolve-paths.mjs', ...paths], { cwd: appDir });
  return JSON.parse(stdout) as Row[];
}

beforeAll(async () => {
  await rm(appDir, { recursive: true, force: true });
  await mkdir(appDir, { recursive: true });
  await copyFile(join(REPO_ROOT, 'e2e', 'lock', 'resolve-paths.mjs'), join(appDir, 'resolve-paths.mjs'));
  ours = await installPackedPackage(appDir, 'auth0-js');
}, 120_000);
afterAll(async () => {
  await rm(appDir, { recursive: true, force: true });
});

it("walks auth0-js 10.2.1's exports map: all of dist/ and build/ plus the root entry", async () => {
  const paths = await exportedPaths(reference);
  expect(paths).toEqual(
    expect.arrayContaining(['.', 'dist/auth0.min.js', 'dist/cordova-auth0-plugin.min.js', 'build/auth0.min.esm.js']),
  );
  expect(paths.filter((p) => p.startsWith('build/'))).toHaveLength(8);
});

it('resolves every one of those paths in webauth-js under require and import, to files it ships', async () => {
  const version = JSON.parse(await readFile(join(ours, 'package.json'), 'utf8')).version as string;
  const rows = await resolveAll(await exportedPaths(reference));
  for (const row of rows) {
    for (const resolved of [row.require, row.import]) {
      expect(resolved, row.path).not.toMatch(/^error/);
      expect(resolved.startsWith(ours + sep), `${row.path}: ${resolved}`).toBe(true);
      await expect(readFile(resolved), row.path).resolves.toBeDefined();
    }
    const isPlugin = row.path.includes('cordova-auth0-plugin');
    if (row.path.endsWith('.map')) continue;
    // The Cordova plugin is inert: Lock takes a non-function export as "no plugin".
    const expected = isPlugin ? 'object' : `sdk ${version}`;
    if (row.path !== 'package.json')
      expect([row.path, row.required, row.imported]).toEqual([row.path, expected, expected]);
  }
});

it('the require entry is a .cjs file that Node loads as CommonJS (auth0-js 10.2.1 points it at a UMD .js in a module package)', async () => {
  const [row] = await resolveAll(['.']);
  expect(row?.require).toMatch(/\.cjs$/);
  expect(row?.required).toMatch(/^sdk /);
  const referenceEntry = JSON.parse(await readFile(join(reference, 'package.json'), 'utf8')).exports['.'].require;
  expect(referenceEntry).toBe('./dist/auth0.min.js');
});

it('an unexported path still fails to resolve (the walk can fail)', async () => {
  const [row] = await resolveAll(['dist/not-in-auth0-js.js']);
  expect(row?.require).toBe('error: ERR_PACKAGE_PATH_NOT_EXPORTED');
  expect(row?.import).toBe('error: ERR_PACKAGE_PATH_NOT_EXPORTED');
});
