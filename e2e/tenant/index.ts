/**
 * webauth-local-tenant: an offline, Auth0-compatible tenant (Authentication API, the Management
 * API's current-user endpoints) for tests and local development. Everything else in the package
 * is internal; test helpers for browser tests are in `webauth-local-tenant/playwright`.
 *
 * @example
 * ```ts
 * import { startTenant } from 'webauth-local-tenant';
 *
 * const tenant = await startTenant({ port: 0 });
 * console.log(tenant.url); // https://localhost:<port>
 * await tenant.close();
 * ```
 *
 * @packageDocumentation
 */
export { startTenant } from './server/server.js';
/** The request header of `/__admin/*` requests: `{ [ADMIN_TOKEN_HEADER]: tenant.adminToken }`. */
export { ADMIN_TOKEN_HEADER } from './protocol/request-guard.js';
export type { RecordedRequest, RunningTenant, TenantOptions } from './server/server.js';
export type { Switches } from './state/switches.js';
export type { Fault, FaultRule } from './state/faults.js';
export type { MessageKind, OutboxMessage } from './state/outbox.js';
export type { DirectSession, SessionCookie, SessionLogin } from './protocol/session-cookie.js';
/** The built-in tenant definition (what `--print-config` prints): a starting point for your own. */
export { defaultDefinition } from './config/defaults.js';
export type {
  ApiDefinition,
  CaptchaDefinition,
  CaptchaFlow,
  ClientDefinition,
  ConnectionDefinition,
  TenantDefinition,
  UserDefinition,
} from './config/definition.js';
/** Reads the code out of an `auth0` captcha image, as a test script solves it. */
export { solveImage } from './state/captcha.js';
/** A self-signed certificate for `localhost` (and `host`), as the tenant makes one at start. */
export { createSelfSignedCert } from './server/cert.js';
