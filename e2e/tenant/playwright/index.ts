/**
 * Test helpers for browser tests against the local tenant, for any test runner. Playwright is an
 * optional peer dependency: the helpers take its `BrowserContext` and `Page` (or anything with the
 * same methods) and import nothing from it.
 *
 * @example
 * ```ts
 * import { startTenant } from 'webauth-local-tenant';
 * import { signIn } from 'webauth-local-tenant/playwright';
 *
 * const tenant = await startTenant();
 * await signIn(context, tenant, { email: 'alice@example.com' });
 * ```
 *
 * @packageDocumentation
 */
export { signIn, signInThroughLoginPage } from './sign-in.js';
export type { CookieJar, Credentials, LoginPage, OriginCookie } from './sign-in.js';
export { createTestClock } from './clock.js';
export type { TestClock } from './clock.js';
export {
  delayKeySet,
  failEndpoint,
  failKeySet,
  forceAuthorizeError,
  hangAuthorize,
  rateLimitEndpoint,
} from './faults.js';
export type { FaultOptions } from './faults.js';
export { findMessage, waitForCode, waitForMagicLink, waitForMessage, waitForResetLink } from './outbox.js';
export type { MessageFilter } from './outbox.js';
export { defineTenant } from './definition.js';
export { addVirtualAuthenticator } from './virtual-authenticator.js';
export type {
  CdpContext,
  VirtualAuthenticator,
  VirtualAuthenticatorOptions,
  VirtualCredential,
} from './virtual-authenticator.js';
export type { DefinitionChanges } from './definition.js';
