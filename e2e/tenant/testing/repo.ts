/** The repository around the tenant's source (tests start its scripts and read its node_modules). */
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The repository root, as tests name it. */
export function repoRoot(): string {
  return REPO_ROOT;
}
