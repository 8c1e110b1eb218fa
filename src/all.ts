/**
 * `webauth-js`, the default entry (and what `auth0-js` resolves to when webauth-js is installed
 * under that name): everything in the app's bundle, with no dynamic `import()`, so an app that
 * built with auth0-js builds unchanged with any bundler, also one that writes a single file.
 * `webauth-js/lazy` has the same exports with the rarer capabilities loaded on demand.
 *
 * @example
 * ```ts
 * import auth0 from 'webauth-js';
 * const webAuth = new auth0.WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });
 * ```
 */
import { BUNDLED } from './web-auth/capabilities-bundled.js';
import { useCapabilities } from './web-auth/load-capability.js';

useCapabilities(BUNDLED);

export * from './exports.js';
export { default } from './exports.js';
