/**
 * examples/spa for a spec file: built from the packed package and served once for the file, pointed
 * at the harness's tenant (register after `useBrowserHarness`, whose tenant it needs).
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSpa, type SpaServer } from '../../examples/spa/build.mjs';
import { withFileLock } from './file-lock.js';
import { REPO_ROOT } from './packed-package.js';
import type { BrowserHarness } from './harness.js';

// Every build installs the packed package into examples/spa/node_modules: spec files running in
// parallel workers take turns, or two npm installs would write the same folder at once.
// In the checkout (git-ignored), so a lock left by an interrupted run does not outlive it.
const INSTALL_LOCK = join(REPO_ROOT, 'e2e', '.build', 'spa-install.lock');

/** The served example; read `url` inside tests (it is set by then). */
export function useSpaExample(h: BrowserHarness): Pick<SpaServer, 'url'> {
  let spa: SpaServer | undefined;
  // Packing, installing the tarball and building take a while on a loaded machine.
  beforeAll(async () => {
    spa = await withFileLock(INSTALL_LOCK, () => startSpa({ VITE_TENANT: h.tenant.url }));
  }, 120_000);
  afterAll(() => spa?.close());
  return {
    get url() {
      if (!spa) throw new Error('the SPA example is not started yet');
      return spa.url;
    },
  };
}
