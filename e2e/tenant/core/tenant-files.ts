/**
 * Locating the tenant's own files (page scripts, fixtures) from its source in e2e/tenant, from its
 * build in dist/ (installed package) and from the `npm run tenant` bundle in .cache/: each keeps
 * this module one folder below the folder that holds assets/ and fixtures/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding assets/ and fixtures/: e2e/tenant, or the package's dist/. */
export function tenantRoot(): string {
  return fileURLToPath(new URL('..', import.meta.url));
}

/** A path among the tenant's files that are not compiled (assets, fixtures). */
export function tenantSourcePath(...parts: string[]): string {
  return join(tenantRoot(), ...parts);
}

/**
 * The UMD bundle the hosted page loads: the copy the package build puts in dist/assets/, else (run
 * from the repository) the repository's own build, read per request so a rebuild shows.
 */
export function defaultHostedLibrary(): string {
  const packaged = tenantSourcePath('assets', 'webauth.min.js');
  return existsSync(packaged) ? packaged : join(tenantRoot(), '..', '..', 'dist', 'webauth.min.js');
}
