/**
 * webauth-js/modular: standalone functions for a redirect login (`authorize`, then `parseHash` on
 * the callback page), over the same modules as `WebAuth`, so a bundler keeps only the ones an app
 * calls. Each takes the application's {@link WebAuthConfig} first; {@link createDpop} gives DPoP
 * proofs (RFC 9449) for the application's own API calls. Transactions, cookies and
 * results are those of `WebAuth`: either can finish a login the other started.
 *
 * @example
 * ```ts
 * import { authorize, parseHash } from 'webauth-js/modular';
 *
 * const config = { domain: 'tenant.example.com', clientID: 'abc123', redirectUri: location.origin, responseType: 'token id_token' };
 * const authResult = await parseHash(config);
 * if (!authResult) loginButton.onclick = () => authorize(config);
 * ```
 *
 * @module
 */
export { authorize, authorizeUrl } from './authorize.js';
export { parseHash } from './parse-hash.js';
export { validateToken } from './validate-token.js';
export { logout, logoutUrl } from './logout.js';
export { createDpop, type DpopOptions } from '../dpop/create-dpop.js';
export type { Dpop, DpopHeaders, ResponseHeaders } from '../types/dpop.js';
export type { WebAuthConfig } from './config.js';
export {
  WebAuthError,
  ArgumentError,
  ConfigurationError,
  AuthResponseError,
  isWebAuthError,
  type AuthResponseErrorFields,
} from '../errors.js';
export { customEnvironment } from '../types/custom-environment.js';
export type { AuthCallback, BrowserEnv, AuthResult, ValidateOptions, ParseHashOptions } from '../types.js';
export type { AuthorizeOptions, LogoutOptions, IdTokenPayload, Auth0DecodedHash } from '../types.js';
