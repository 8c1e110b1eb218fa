/**
 * The webauth-local-tenant workspace as npm would publish it: `npm pack` (its prepack builds it),
 * then installed from the tarball into a folder of its own, as a user of the package gets it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFileLock } from './file-lock.js';

export const TENANT_PACKAGE = 'webauth-local-tenant';
const REPO_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
// Packing rebuilds e2e/tenant/dist (prepack): parallel workers take turns.
const PACK_LOCK = join(
  tmpdir(),
  `webauth-tenant-pack-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`,
);

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

/** Packs the tenant package into `dir`; resolves with the tarball's path. */
export async function packTenant(dir: string): Promise<string> {
  const pack = await withFileLock(PACK_LOCK, () =>
    runCommand('npm', ['pack', '--workspace', TENANT_PACKAGE, '--pack-destination', dir, '--silent'], REPO_ROOT),
  );
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.out}`);
  const tarball = (await readdir(dir)).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  return join(dir, tarball);
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
