/** Locating files of the repository from both e2e/tenant and its compiled copy in e2e/.build/tenant. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The directory holding package.json, found by walking up from this module. */
export function repoRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('local tenant: could not find the repository root (package.json)');
    dir = parent;
  }
  cached = dir;
  return dir;
}

/** A path inside the tenant's source directory (assets and fixture files are not compiled). */
export function tenantSourcePath(...parts: string[]): string {
  return join(repoRoot(), 'e2e', 'tenant', ...parts);
}
