/**
 * The local tenant's public entry: what the rest of the repository (e2e support, specs, compat,
 * bench, examples) imports. Everything else in e2e/tenant/ is internal to the tenant.
 */
export { startTenant } from './server/server.js';
export type { RecordedRequest, RunningTenant, TenantOptions } from './server/server.js';
export type { Switches } from './state/switches.js';
export { defaultDefinition } from './config/defaults.js';
export type { CaptchaDefinition, CaptchaFlow, TenantDefinition } from './config/definition.js';
/** Reads the code out of an `auth0` captcha image, as a test script solves it. */
export { solveImage } from './state/captcha.js';
export { createSelfSignedCert } from './server/cert.js';
