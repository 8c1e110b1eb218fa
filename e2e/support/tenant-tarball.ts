/**
 * The webauth-local-tenant workspace as npm would publish it: `npm pack` (its prepack builds it),
 * then installed from the tarball into a folder of its own, as a user of the package gets it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFileLock } from './file-lock.js';

export const TENANT_PACKAGE = 'webauth-local-tenant';
const REPO_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
// Both in the checkout's git-ignored e2e/.build: a fresh clone packs once, and neither a tarball
// nor a lock left by an interrupted run outlives the checkout in the system's tmp.
const BUILD_DIR = join(REPO_ROOT, 'e2e', '.build');
// Packing rebuilds e2e/tenant/dist (prepack): parallel workers take turns.
const PACK_LOCK = join(BUILD_DIR, 'tenant-pack.lock');
// The last tarball packed, named by the hash of what the pack reads (see packInputsHash).
const PACK_CACHE = join(BUILD_DIR, 'tenant-pack');
const TENANT_DIR = join(REPO_ROOT, 'e2e', 'tenant');
const NOT_INPUTS = new Set(['dist', '.cache', 'node_modules']);

/** Every file under `dir` but the folders in NOT_INPUTS, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (NOT_INPUTS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found.sort();
}

/**
 * A hash of everything the tenant's pack reads: its workspace (sources, build script, package.json,
 * tsconfigs), the library files its build copies from the root dist/, and the lock file (tsc).
 */
async function packInputsHash(): Promise<string> {
  const rootDist = join(REPO_ROOT, 'dist');
  const library = (await readdir(rootDist)).filter((f) => /^webauth\.[\w.-]*min\.js$/.test(f)).sort();
  const files = [
    ...(await filesUnder(TENANT_DIR)),
    ...library.map((f) => join(rootDist, f)),
    join(REPO_ROOT, 'package-lock.json'),
  ];
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(relative(REPO_ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Exit code and combined output of a command; never rejects. */
export function runCommand(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (err) => resolve({ code: 1, out: `${out}${err.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** The kept tarball for what the pack reads now, packed first if there is none. Call under the pack lock. */
async function keptTarball(): Promise<string> {
  const path = join(PACK_CACHE, `${await packInputsHash()}.tgz`);
  const kept = await readdir(PACK_CACHE).catch(() => [] as string[]);
  if (kept.includes(basename(path))) return path;
  const packDir = join(PACK_CACHE, 'packing');
  await rm(PACK_CACHE, { recursive: true, force: true });
  await mkdir(packDir, { recursive: true });
  const pack = await runCommand(
    'npm',
    ['pack', '--workspace', TENANT_PACKAGE, '--pack-destination', packDir, '--silent'],
    REPO_ROOT,
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.out}`);
  const tarball = (await readdir(packDir)).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  await rename(join(packDir, tarball), path);
  await rm(packDir, { recursive: true, force: true });
  return path;
}

/**
 * Packs the tenant package into `dir`; resolves with the tarball's path. A pack costs about 12 s of
 * CPU (its prepack compiles the tenant), so the tarball is kept by the hash of what the pack reads
 * and copied to the next caller while nothing it reads has changed (two spec files use it per run).
 */
export async function packTenant(dir: string): Promise<string> {
  const copy = join(dir, `${TENANT_PACKAGE}.tgz`);
  // Copied under the lock too: a pack for changed inputs removes the kept tarball.
  await withFileLock(PACK_LOCK, async () => copyFile(await keptTarball(), copy));
  return copy;
}

/** `npm install` of `specs` (a tarball, registry packages) in `dir`, its dependencies from the cache first. */
export async function npmInstall(dir: string, specs: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const install = await runCommand(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...specs],
    dir,
    env,
  );
  if (install.code !== 0) throw new Error(`npm install failed:\n${install.out}`);
}
