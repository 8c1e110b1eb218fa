/**
 * Every capability as a dynamic `import()`: the app's bundler (or, in the CDN build,
 * scripts/cdn-chunks.mjs) makes each a chunk loaded on first use. Used by `webauth-js/lazy` and
 * the CDN file; bundlers that can write only one file need the default entry instead.
 */
import type { CapabilityLoaders } from './load-capability.js';

/** The loaders of `webauth-js/lazy` and the CDN build. */
export const ON_DEMAND: CapabilityLoaders = {
  captcha: () => import('./captcha/render.js'),
  codeFlow: () => import('../code-flow/index.js'),
  legacy: () => import('./legacy/index.js'),
  passkeys: () => import('../passkeys/index.js'),
  popup: () => import('./popup-flow/index.js'),
  refreshWorker: () => import('../refresh/worker/start.js'),
  sessionEvents: () => import('./session-events/channel.js'),
};
