/**
 * `webauth-js/lazy`: the same exports as `webauth-js`, with the capabilities a common page does
 * not need (popup, captcha, the legacy flows, the code flow's extras) left out of the first load:
 * the app's bundler makes each a chunk loaded on first use. It needs a bundler that writes chunks
 * (rollup with `output.dir`, webpack 5, Vite, esbuild with `splitting`).
 *
 * @example
 * ```ts
 * import { WebAuth } from 'webauth-js/lazy';
 * const webAuth = new WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });
 * ```
 */
import { ON_DEMAND } from './web-auth/capabilities-on-demand.js';
import { useCapabilities } from './web-auth/load-capability.js';

useCapabilities(ON_DEMAND);

export * from './exports.js';
export { default } from './exports.js';
