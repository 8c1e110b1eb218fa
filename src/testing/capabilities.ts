/** Test helper for the capabilities loaded on first use (src/web-auth/load-capability.ts). */
import { loadCapability, type CapabilityName } from '../web-auth/load-capability.js';

/**
 * Settles once a step that a flow chained on `name`'s load (started before this call) has run:
 * loads of a module already loaded settle in call order, and one more microtask lets the step's
 * own microtask (`preload`'s) run too.
 */
export const afterChunk = (name: CapabilityName): Promise<void> =>
  loadCapability(name).then(() => new Promise<void>((done) => queueMicrotask(done)));

/**
 * Loads `names` now, for tests that compare two runs of one flow: the first run would otherwise
 * also wait for the module's first import, the second not.
 */
export const loadCapabilities = (...names: CapabilityName[]) => Promise.all(names.map((name) => loadCapability(name)));
