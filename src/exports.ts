/**
 * What both ESM entries export (src/all.ts, the default `webauth-js`, and src/index.ts,
 * `webauth-js/lazy`): the entries differ only in how they load the capabilities.
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
export { ChunkLoadError } from './web-auth/chunk-load-error.js';
export { PasskeyError, type PasskeyErrorFields } from './passkeys/passkey-error.js';
export type { Passkeys } from './web-auth/passkeys/passkey.js';
export { customEnvironment } from './types/custom-environment.js';
export type * from './types.js';
export type { DBConnection, PasswordlessAuthentication };
export type { RedirectLogin as Redirect } from './web-auth/redirect/redirect.js';
export type { Popup } from './web-auth/popup/popup.js';
// The names auth0-js 10 apps use for the same shapes (from the community declarations).
export type { WebAuthOptions as AuthOptions } from './types.js';

/** The namespace object, as `import auth0 from 'auth0-js'` users expect. */
const auth0 = {
  /** The Authentication API client class. */
  Authentication,
  /** The Management API client class (current-user endpoints). */
  Management,
  /** The browser SDK class. */
  WebAuth,
  /** The library version (`version.raw`). */
  version,
};
/**
 * The types under the default import too (`import auth0 from 'webauth-js'`, then `auth0.AuthOptions`),
 * as the community declarations for auth0-js allowed. Declarations only: nothing is emitted.
 */
declare namespace auth0 {
  /** The `WebAuth` class, under the default import. */
  export type WebAuth = import('./web-auth/web-auth.js').WebAuth;
  /** The `Authentication` class, under the default import. */
  export type Authentication = import('./authentication/authentication.js').Authentication;
  /** The `Management` class, under the default import. */
  export type Management = import('./management/management.js').Management;
  /** The `PasswordlessAuthentication` class, under the default import. */
  export type PasswordlessAuthentication = import('./authentication/passwordless.js').PasswordlessAuthentication;
  /** The `DBConnection` class, under the default import. */
  export type DBConnection = import('./authentication/db-connection.js').DBConnection;
  /** The class of `webAuth.redirect`, under the default import. */
  export type Redirect = import('./web-auth/redirect/redirect.js').RedirectLogin;
  /** The `Popup` class, under the default import. */
  export type Popup = import('./web-auth/popup/popup.js').Popup;
  /** The `CrossOriginAuthentication` type, under the default import. */
  export type CrossOriginAuthentication = Types.CrossOriginAuthentication;
  /** `WebAuthOptions` under its auth0-js name, on the default import. */
  export type AuthOptions = Types.WebAuthOptions;
  /** The `ManagementOptions` type, under the default import. */
  export type ManagementOptions = Types.ManagementOptions;
  /** The `ParseHashOptions` type, under the default import. */
  export type ParseHashOptions = Types.ParseHashOptions;
  /** The `Auth0DecodedHash` type, under the default import. */
  export type Auth0DecodedHash = Types.Auth0DecodedHash;
  /** The `ValidateOptions` type, under the default import. */
  export type ValidateOptions = Types.ValidateOptions;
  /** The `BaseAuthOptions` type, under the default import. */
  export type BaseAuthOptions = Types.BaseAuthOptions;
  /** The `AuthorizeOptions` type, under the default import. */
  export type AuthorizeOptions = Types.AuthorizeOptions;
  /** The `AuthorizeUrlOptions` type, under the default import. */
  export type AuthorizeUrlOptions = Types.AuthorizeUrlOptions;
  /** The `LogoutOptions` type, under the default import. */
  export type LogoutOptions = Types.LogoutOptions;
  /** The `CheckSessionOptions` type, under the default import. */
  export type CheckSessionOptions = Types.CheckSessionOptions;
  /** The `RenewAuthOptions` type, under the default import. */
  export type RenewAuthOptions = Types.RenewAuthOptions;
  /** The `PasswordlessStartAuthParams` type, under the default import. */
  export type PasswordlessStartAuthParams = Types.PasswordlessStartAuthParams;
  /** The `Auth0Error` type, under the default import. */
  export type Auth0Error = Types.Auth0Error;
  /** The `LibErrorCodes` type, under the default import. */
  export type LibErrorCodes = Types.LibErrorCodes;
  /** The `LoginRequiredErrorCode` type, under the default import. */
  export type LoginRequiredErrorCode = Types.LoginRequiredErrorCode;
  /** The `InteractionRequiredErrorCode` type, under the default import. */
  export type InteractionRequiredErrorCode = Types.InteractionRequiredErrorCode;
  /** The `ConsentRequiredErrorCode` type, under the default import. */
  export type ConsentRequiredErrorCode = Types.ConsentRequiredErrorCode;
  /** The `SpecErrorCodes` type, under the default import. */
  export type SpecErrorCodes = Types.SpecErrorCodes;
  /** The `Auth0ParseHashError` type, under the default import. */
  export type Auth0ParseHashError = Types.Auth0ParseHashError;
  /** The `Auth0Callback` type, under the default import. */
  export type Auth0Callback<T, E = Types.Auth0Error> = Types.Auth0Callback<T, E>;
  /** The `DoneCallback` type, under the default import. */
  export type DoneCallback = Types.DoneCallback;
  /** The `Auth0Challenge` type, under the default import. */
  export type Auth0Challenge = Types.Auth0Challenge;
  /** The `CaptchaTemplates` type, under the default import. */
  export type CaptchaTemplates = Types.CaptchaTemplates;
  /** The `CaptchaConfiguration` type, under the default import. */
  export type CaptchaConfiguration = Types.CaptchaConfiguration;
  /** The `CatpchaConfiguration` type, under the default import. */
  export type CatpchaConfiguration = Types.CatpchaConfiguration;
  /** The `Captcha` type, under the default import. */
  export type Captcha = Types.Captcha;
  /** The `ArkoseCaptchaControl` type, under the default import. */
  export type ArkoseCaptchaControl = Types.ArkoseCaptchaControl;
  /** The `LoginOptions` type, under the default import. */
  export type LoginOptions = Types.LoginOptions;
  /** The `DefaultLoginOptions` type, under the default import. */
  export type DefaultLoginOptions = Types.DefaultLoginOptions;
  /** The `DefaultDirectoryLoginOptions` type, under the default import. */
  export type DefaultDirectoryLoginOptions = Types.DefaultDirectoryLoginOptions;
  /** The `ResourceOwnerLoginOptions` type, under the default import. */
  export type ResourceOwnerLoginOptions = Types.ResourceOwnerLoginOptions;
  /** The `OAuthTokenOptions` type, under the default import. */
  export type OAuthTokenOptions = Types.OAuthTokenOptions;
  /** The `CustomTokenExchangeOptions` type, under the default import. */
  export type CustomTokenExchangeOptions = Types.CustomTokenExchangeOptions;
  /** The `DelegationOptions` type, under the default import. */
  export type DelegationOptions = Types.DelegationOptions;
  /** The `CrossOriginLoginOptions` type, under the default import. */
  export type CrossOriginLoginOptions = Types.CrossOriginLoginOptions;
  /** The `RedirectLoginOptions` type, under the default import. */
  export type RedirectLoginOptions = Types.RedirectLoginOptions;
  /** The `RedirectSignupAndLoginOptions` type, under the default import. */
  export type RedirectSignupAndLoginOptions = Types.RedirectSignupAndLoginOptions;
  /** The `PasswordlessAuthOptions` type, under the default import. */
  export type PasswordlessAuthOptions = Types.PasswordlessAuthOptions;
  /** The `PasswordlessStartOptions` type, under the default import. */
  export type PasswordlessStartOptions = Types.PasswordlessStartOptions;
  /** The `PasswordlessVerifyOptions` type, under the default import. */
  export type PasswordlessVerifyOptions = Types.PasswordlessVerifyOptions;
  /** The `PasswordlessLoginOptions` type, under the default import. */
  export type PasswordlessLoginOptions = Types.PasswordlessLoginOptions;
  /** The `DbSignUpOptions` type, under the default import. */
  export type DbSignUpOptions = Types.DbSignUpOptions;
  /** The `SignupAndAuthorizeOptions` type, under the default import. */
  export type SignupAndAuthorizeOptions = Types.SignupAndAuthorizeOptions;
  /** The `ChangePasswordOptions` type, under the default import. */
  export type ChangePasswordOptions = Types.ChangePasswordOptions;
  /** The `UserMetadata` type, under the default import. */
  export type UserMetadata = Types.UserMetadata;
  /** The `PopupWindowOptions` type, under the default import. */
  export type PopupWindowOptions = Types.PopupWindowOptions;
  /** The `PopupPreloadOptions` type, under the default import. */
  export type PopupPreloadOptions = Types.PopupPreloadOptions;
  /** The `PopupCommonOptions` type, under the default import. */
  export type PopupCommonOptions = Types.PopupCommonOptions;
  /** The `PopupAuthorizeOptions` type, under the default import. */
  export type PopupAuthorizeOptions = Types.PopupAuthorizeOptions;
  /** The `PopupCallbackOptions` type, under the default import. */
  export type PopupCallbackOptions = Types.PopupCallbackOptions;
  /** The `PopupLoginOptions` type, under the default import. */
  export type PopupLoginOptions = Types.PopupLoginOptions;
  /** The `PopupPasswordlessVerifyOptions` type, under the default import. */
  export type PopupPasswordlessVerifyOptions = Types.PopupPasswordlessVerifyOptions;
  /** The `PopupSignupOptions` type, under the default import. */
  export type PopupSignupOptions = Types.PopupSignupOptions;
  /** The `TokenResult` type, under the default import. */
  export type TokenResult = Types.TokenResult;
  /** The `Auth0Result` type, under the default import. */
  export type Auth0Result = Types.Auth0Result;
  /** The `Auth0DelegationToken` type, under the default import. */
  export type Auth0DelegationToken = Types.Auth0DelegationToken;
  /** The `DbSignUpResults` type, under the default import. */
  export type DbSignUpResults = Types.DbSignUpResults;
  /** The `PasswordlessStartResult` type, under the default import. */
  export type PasswordlessStartResult = Types.PasswordlessStartResult;
  /** The `IdTokenPayload` type, under the default import. */
  export type IdTokenPayload = Types.IdTokenPayload;
  /** The `Auth0Identity` type, under the default import. */
  export type Auth0Identity = Types.Auth0Identity;
  /** The `Auth0UserProfile` type, under the default import. */
  export type Auth0UserProfile = Types.Auth0UserProfile;
  /** The `MicrosoftUserProfile` type, under the default import. */
  export type MicrosoftUserProfile = Types.MicrosoftUserProfile;
  /** The `Office365UserProfile` type, under the default import. */
  export type Office365UserProfile = Types.Office365UserProfile;
  /** The `AdfsUserProfile` type, under the default import. */
  export type AdfsUserProfile = Types.AdfsUserProfile;
  /** The `ManagementUser` type, under the default import. */
  export type ManagementUser = Types.ManagementUser;
  /** The `TokenProvider` type, under the default import. */
  export type TokenProvider = Types.TokenProvider;
  /** The `SsoSessionFoundResult` type, under the default import. */
  export type SsoSessionFoundResult = Types.SsoSessionFoundResult;
  /** The `SsoSessionNotFoundResult` type, under the default import. */
  export type SsoSessionNotFoundResult = Types.SsoSessionNotFoundResult;
  /** The `SsoDataResult` type, under the default import. */
  export type SsoDataResult = Types.SsoDataResult;
  /** The `TelemetryInfo` type, under the default import. */
  export type TelemetryInfo = Types.TelemetryInfo;
  /** The `CaptchaTemplate` type, under the default import. */
  export type CaptchaTemplate = Types.CaptchaTemplate;
}
export default auth0;
