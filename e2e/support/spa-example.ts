/**
 * examples/spa for a spec file: built from the packed package and served once for the file, pointed
 * at the harness's tenant (register after `useBrowserHarness`, whose tenant it needs).
 */
import { afterAll, beforeAll } from 'vitest';
import { startSpa, type SpaServer } from '../../examples/spa/build.mjs';
import type { BrowserHarness } from './harness.js';

/** The served example; read `url` inside tests (it is set by then). */
export function useSpaExample(h: BrowserHarness): Pick<SpaServer, 'url'> {
  let spa: SpaServer | undefined;
  // Packing, installing the tarball and building take a while on a loaded machine.
  beforeAll(async () => {
    spa = await startSpa({ VITE_TENANT: h.tenant.url });
  }, 120_000);
  afterAll(() => spa?.close());
  return {
    get url() {
      if (!spa) throw new Error('the SPA example is not started yet');
      return spa.url;
    },
  };
}
