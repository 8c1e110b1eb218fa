/**
 * webauth-js: a small, wire-compatible reimplementation of the auth0-js 10 browser SDK.
 *
 * @example
 * ```ts
 * import { WebAuth } from 'webauth-js';
 * const webAuth = new WebAuth({ domain: 'tenant.example.com', clientID: 'abc123' });
 * ```
 */
import { Authentication } from './authentication/authentication.js';
import type { DBConnection } from './authentication/db-connection.js';
import type { PasswordlessAuthentication } from './authentication/passwordless.js';
import type * as Types from './types.js';
import { Management } from './management/management.js';
import { version } from './version.js';
import { WebAuth } from './web-auth/web-auth.js';

export { Authentication, Management, WebAuth, version };
export { VERSION } from './version.js';
export {
  WebAuthError,
  ArgumentError,
  ConfigurationError,
  AuthResponseError,
  RequestError,
  isWebAuthError,
  type AuthResponseErrorFields,
} from './errors.js';
export { TransportError } from './http/transport-error.js';
export { customEnvironment } from './shared/custom-environment.js';
export type { AuthCallback } from './web-auth/validate-response.js';
export type { DebugEvent, DebugHook } from './shared/debug.js';
export type * from './types.js';
export type { DBConnection, PasswordlessAuthentication };
export type { RedirectLogin as Redirect } from './web-auth/redirect.js';
export type { Popup } from './web-auth/popup.js';
export type { CrossOriginAuthentication } from './web-auth/cross-origin-login.js';
// The names auth0-js 10 apps use for the same shapes (from the community declarations).
export type { WebAuthOptions as AuthOptions } from './types.js';

/** The namespace object, as `import auth0 from 'auth0-js'` users expect. */
const auth0 = { Authentication, Management, WebAuth, version };
/**
 * The types under the default import too (`import auth0 from 'webauth-js'`, then `auth0.AuthOptions`),
 * as the community declarations for auth0-js allowed. Declarations only: nothing is emitted.
 */
declare namespace auth0 {
  export type WebAuth = import('./web-auth/web-auth.js').WebAuth;
  export type Authentication = import('./authentication/authentication.js').Authentication;
  export type Management = import('./management/management.js').Management;
  export type PasswordlessAuthentication = import('./authentication/passwordless.js').PasswordlessAuthentication;
  export type DBConnection = import('./authentication/db-connection.js').DBConnection;
  export type Redirect = import('./web-auth/redirect.js').RedirectLogin;
  export type Popup = import('./web-auth/popup.js').Popup;
  export type CrossOriginAuthentication = import('./web-auth/cross-origin-login.js').CrossOriginAuthentication;
  export type AuthOptions = Types.WebAuthOptions;
  export type ManagementOptions = Types.ManagementOptions;
  export type ParseHashOptions = Types.ParseHashOptions;
  export type Auth0DecodedHash = Types.Auth0DecodedHash;
  export type ValidateOptions = Types.ValidateOptions;
  export type BaseAuthOptions = Types.BaseAuthOptions;
  export type AuthorizeOptions = Types.AuthorizeOptions;
  export type AuthorizeUrlOptions = Types.AuthorizeUrlOptions;
  export type LogoutOptions = Types.LogoutOptions;
  export type CheckSessionOptions = Types.CheckSessionOptions;
  export type RenewAuthOptions = Types.RenewAuthOptions;
  export type PasswordlessStartAuthParams = Types.PasswordlessStartAuthParams;
  export type Auth0Error = Types.Auth0Error;
  export type LibErrorCodes = Types.LibErrorCodes;
  export type LoginRequiredErrorCode = Types.LoginRequiredErrorCode;
  export type InteractionRequiredErrorCode = Types.InteractionRequiredErrorCode;
  export type ConsentRequiredErrorCode = Types.ConsentRequiredErrorCode;
  export type SpecErrorCodes = Types.SpecErrorCodes;
  export type Auth0ParseHashError = Types.Auth0ParseHashError;
  export type Auth0Callback<T, E = Types.Auth0Error> = Types.Auth0Callback<T, E>;
  export type DoneCallback = Types.DoneCallback;
  export type Auth0Challenge = Types.Auth0Challenge;
  export type CaptchaTemplates = Types.CaptchaTemplates;
  export type CaptchaConfiguration = Types.CaptchaConfiguration;
  export type CatpchaConfiguration = Types.CatpchaConfiguration;
  export type Captcha = Types.Captcha;
  export type ArkoseCaptchaControl = Types.ArkoseCaptchaControl;
  export type LoginOptions = Types.LoginOptions;
  export type DefaultLoginOptions = Types.DefaultLoginOptions;
  export type DefaultDirectoryLoginOptions = Types.DefaultDirectoryLoginOptions;
  export type ResourceOwnerLoginOptions = Types.ResourceOwnerLoginOptions;
  export type OAuthTokenOptions = Types.OAuthTokenOptions;
  export type CustomTokenExchangeOptions = Types.CustomTokenExchangeOptions;
  export type DelegationOptions = Types.DelegationOptions;
  export type CrossOriginLoginOptions = Types.CrossOriginLoginOptions;
  export type RedirectLoginOptions = Types.RedirectLoginOptions;
  export type RedirectSignupAndLoginOptions = Types.RedirectSignupAndLoginOptions;
  export type PasswordlessAuthOptions = Types.PasswordlessAuthOptions;
  export type PasswordlessStartOptions = Types.PasswordlessStartOptions;
  export type PasswordlessVerifyOptions = Types.PasswordlessVerifyOptions;
  export type PasswordlessLoginOptions = Types.PasswordlessLoginOptions;
  export type DbSignUpOptions = Types.DbSignUpOptions;
  export type SignupAndAuthorizeOptions = Types.SignupAndAuthorizeOptions;
  export type ChangePasswordOptions = Types.ChangePasswordOptions;
  export type UserMetadata = Types.UserMetadata;
  export type PopupWindowOptions = Types.PopupWindowOptions;
  export type PopupPreloadOptions = Types.PopupPreloadOptions;
  export type PopupCommonOptions = Types.PopupCommonOptions;
  export type PopupAuthorizeOptions = Types.PopupAuthorizeOptions;
  export type PopupCallbackOptions = Types.PopupCallbackOptions;
  export type PopupLoginOptions = Types.PopupLoginOptions;
  export type PopupPasswordlessVerifyOptions = Types.PopupPasswordlessVerifyOptions;
  export type PopupSignupOptions = Types.PopupSignupOptions;
  export type TokenResult = Types.TokenResult;
  export type Auth0Result = Types.Auth0Result;
  export type Auth0DelegationToken = Types.Auth0DelegationToken;
  export type DbSignUpResults = Types.DbSignUpResults;
  export type PasswordlessStartResult = Types.PasswordlessStartResult;
  export type IdTokenPayload = Types.IdTokenPayload;
  export type Auth0Identity = Types.Auth0Identity;
  export type Auth0UserProfile = Types.Auth0UserProfile;
  export type MicrosoftUserProfile = Types.MicrosoftUserProfile;
  export type Office365UserProfile = Types.Office365UserProfile;
  export type AdfsUserProfile = Types.AdfsUserProfile;
  export type ManagementUser = Types.ManagementUser;
  export type TokenProvider = Types.TokenProvider;
  export type SsoSessionFoundResult = Types.SsoSessionFoundResult;
  export type SsoSessionNotFoundResult = Types.SsoSessionNotFoundResult;
  export type SsoDataResult = Types.SsoDataResult;
  export type TelemetryInfo = Types.TelemetryInfo;
  export type CaptchaTemplate = Types.CaptchaTemplate;
}
export default auth0;
