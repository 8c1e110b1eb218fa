/**
 * webauth-js: a small, wire-compatible reimplementation of the auth0-js 10 browser SDK.
 *
 * @example
 * ```ts
 * import { WebAuth } from 'webauth-js';
 * const webAuth = new WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });
 * ```
 */
import { Authentication } from './authentication/authentication';
import { Management } from './management/management';
import { version } from './version';
import { WebAuth } from './web-auth/web-auth';

export { Authentication, Management, WebAuth, version };
export { VERSION } from './version';
export {
  WebAuthError,
  ArgumentError,
  ConfigurationError,
  AuthResponseError,
  RequestError,
  isWebAuthError,
  type AuthResponseErrorFields,
} from './errors';
export { TransportError } from './http/transport-error';
export { customEnvironment } from './web-auth/injection';
export type { BrowserEnv } from './browser/env';
export type { KeyValueStore } from './storage/key-value-store';
export type { WebAuthOptions, WebAuthBaseOptions } from './web-auth/options';
export type { AuthenticationOptions } from './authentication/options';
export type { ManagementOptions } from './management/management';
export type { UserProfile } from './authentication/authentication';
export type { AuthResult, AuthCallback, ValidateOptions } from './web-auth/validate-response';
export type { ParseHashOptions } from './web-auth/parse-hash';
export type { RequestHandle } from './http/request';
export type {
  PageOptions,
  UserAttributeProfile,
  UserAttributeProfilesPage,
} from './management/user-attribute-profiles';
export type * from './types';
// The names auth0-js 10 apps use for the same shapes (from the community declarations).
export type { WebAuthOptions as AuthOptions } from './web-auth/options';
export type { AuthResult as Auth0DecodedHash } from './web-auth/validate-response';
export type { TokenResult as Auth0Result, AuthorizeOptions as AuthorizeUrlOptions } from './types';

/** The namespace object, as `import auth0 from 'auth0-js'` users expect. */
const auth0 = { Authentication, Management, WebAuth, version };
export default auth0;
