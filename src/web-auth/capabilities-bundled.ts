/**
 * Every capability imported statically: the default entry's table, so an app's graph holds no
 * `import()` and any bundler (rollup with `output.file`, webpack 4, esbuild without splitting)
 * writes it as one file, as it did with auth0-js 10.
 */
import * as captcha from '../chunks/captcha.js';
import * as codeFlow from '../chunks/code-flow.js';
import * as legacy from '../chunks/legacy.js';
import type { CapabilityLoaders } from './load-capability.js';
import * as passkeys from '../chunks/passkeys.js';
import * as popup from '../chunks/popup-flow.js';
import * as refreshWorker from '../chunks/worker.js';
import * as sessionEvents from '../chunks/session-events.js';

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
