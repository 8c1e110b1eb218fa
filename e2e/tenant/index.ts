/**
 * The local tenant's public entry: what the rest of the repository (e2e support, specs, compat,
 * bench, examples) imports. Everything else in e2e/tenant/ is internal to the tenant.
 */
export { startTenant } from './server/server.js';
export type { RecordedRequest, RunningTenant, TenantOptions } from './server/server.js';
