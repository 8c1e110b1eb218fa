/**
 * Every capability as a dynamic `import()`: the app's bundler (or, in the CDN build,
 * scripts/cdn-chunks.mjs) makes each a chunk loaded on first use. Used by `webauth-js/lazy` and
 * the CDN file; bundlers that can write only one file need the default entry instead.
 */
import type { CapabilityLoaders } from './load-capability.js';

/** The loaders of `webauth-js/lazy` and the CDN build. */
export const ON_DEMAND: CapabilityLoaders = {
  captcha: () => import('../chunks/captcha.js'),
  codeFlow: () => import('../chunks/code-flow.js'),
  legacy: () => import('../chunks/legacy.js'),
  passkeys: () => import('../chunks/passkeys.js'),
  popup: () => import('../chunks/popup-flow.js'),
  refreshWorker: () => import('../chunks/worker.js'),
  sessionEvents: () => import('../chunks/session-events.js'),
};
