/**
 * What the browser suites' tenants share within one test process (issue 34): logins verify the
 * password with scrypt every time (about 380 a run) and every start made a new RSA signing key.
 * The tenant's own tests use the same options (e2e/tenant/testing/quick-start.ts).
 */
export { quickTenantOptions as suiteTenantOptions } from '../tenant/testing/quick-start.js';
