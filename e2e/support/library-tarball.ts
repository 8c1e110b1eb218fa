/**
 * webauth-js as `npm pack` makes it from the built dist/, packed once for the specs that install or
 * inspect it (bundlers, drop-in, package types, Lock's apps and package paths): each pack is an npm
 * start-up and a gzip of dist/, about 2 s of CPU, six times a run before. The tarball is kept in the
 * git-ignored e2e/.build, named by the hash of what the pack reads, so a rebuild packs again.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withFileLock } from './file-lock.js';

const run = promisify(execFile);
const REPO_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const BUILD_DIR = join(REPO_ROOT, 'e2e', '.build');
const PACK_LOCK = join(BUILD_DIR, 'library-pack.lock');
const PACK_CACHE = join(BUILD_DIR, 'library-pack');
// Files npm adds whatever `files` says, besides package.json (a superset does no harm: a change to
// one only packs again).
const ALWAYS_PACKED = /^(readme|license|licence|changelog|changes|history|notice)(\..*)?$|^\.npmignore$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** A hash of what the pack reads: package.json, the folders and files its `files` names, and npm's always-packed files. */
async function packInputsHash(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { files?: string[] };
  const files = [join(REPO_ROOT, 'package.json')];
  for (const name of pkg.files ?? []) {
    const path = join(REPO_ROOT, name);
    files.push(...(await filesUnder(path).catch(() => [path])));
  }
  for (const name of await readdir(REPO_ROOT)) if (ALWAYS_PACKED.test(name)) files.push(join(REPO_ROOT, name));
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(relative(REPO_ROOT, file))
      .update('\0')
      .update(await readFile(file).catch(() => Buffer.alloc(0)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The path of the tarball `npm pack --ignore-scripts` makes of the repository now (its name is
 * npm's: webauth-js-<version>.tgz), packed on first use. Read it or copy it; do not move or change it.
 */
export async function libraryTarball(): Promise<string> {
  return withFileLock(PACK_LOCK, async () => {
    const dir = join(PACK_CACHE, await packInputsHash());
    const kept = (await readdir(dir).catch(() => [] as string[])).find((f) => f.endsWith('.tgz'));
    if (kept) return join(dir, kept);
    // Only the tarball of the current inputs is kept.
    await rm(PACK_CACHE, { recursive: true, force: true });
    const packing = join(PACK_CACHE, 'packing');
    await mkdir(packing, { recursive: true });
    await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packing], { cwd: REPO_ROOT });
    const tarball = (await readdir(packing)).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    await mkdir(dir, { recursive: true });
    await rename(join(packing, tarball), join(dir, tarball));
    await rm(packing, { recursive: true, force: true });
    return join(dir, tarball);
  });
}
