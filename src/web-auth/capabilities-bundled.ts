/**
 * Every capability imported statically: the default entry's table, so an app's graph holds no
 * `import()` and any bundler (rollup with `output.file`, webpack 4, esbuild without splitting)
 * writes it as one file, as it did with auth0-js 10.
 */
import * as captcha from './captcha/render.js';
import * as codeFlow from '../code-flow/index.js';
import * as legacy from './legacy/index.js';
import type { CapabilityLoaders } from './load-capability.js';
import * as passkeys from '../passkeys/index.js';
import * as popup from './popup-flow/index.js';
import * as refreshWorker from '../refresh/worker/start.js';
import * as sessionEvents from './session-events/channel.js';

/** The loaders of the default entry: each resolves with a module already in the bundle. */
export const BUNDLED: CapabilityLoaders = {
  captcha: () => Promise.resolve(captcha),
  codeFlow: () => Promise.resolve(codeFlow),
  legacy: () => Promise.resolve(legacy),
  passkeys: () => Promise.resolve(passkeys),
  popup: () => Promise.resolve(popup),
  refreshWorker: () => Promise.resolve(refreshWorker),
  sessionEvents: () => Promise.resolve(sessionEvents),
};
