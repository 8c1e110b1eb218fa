/**
 * webauth-js as npm would publish it, unpacked into `<dir>/node_modules/<name>`: what
 * `"auth0-js": "npm:webauth-js@…"` installs, without running npm install in a fixture app.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { libraryTarball } from './library-tarball.js';

const run = promisify(execFile);
export const REPO_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** Packs dist/ (built before the e2e suite) and unpacks it as `<dir>/node_modules/<name>`; returns that path. */
export async function installPackedPackage(dir: string, name: string): Promise<string> {
  const tarball = await libraryTarball();
  const target = join(dir, 'node_modules', name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  // The tarball's files sit under package/.
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  return target;
}
