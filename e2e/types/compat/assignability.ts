/**
 * Every type @types/auth0-js 9.21.6 exports, compared with ours of the same name.
 *
 * - `toOurs`: a value of their type must be accepted where ours is expected (apps build options,
 *   hand-made results and errors with their names, and pass them to us).
 * - `toTheirs`: a value of our type must be accepted where theirs is expected (apps read our
 *   results and options through annotations and code written for their declarations).
 *
 * Both directions hold for every type unless listed under "one direction only", with the reason.
 */
import type * as T from 'auth0-js';
import type * as O from 'webauth-js';

declare function value<X>(): X;
/** `T` without the keys `K` and without index signatures (`Omit` would keep only the index). */
type Without<X, K extends string> = {
  [P in keyof X as P extends K ? never : string extends P ? never : number extends P ? never : P]: X[P];
};
type Param<F, I extends number = 0> = F extends (...args: infer P) => unknown ? P[I] : never;

/** Types compared in both directions. */
export const both = {
  AuthOptions: [value<T.AuthOptions>() satisfies O.AuthOptions, value<O.AuthOptions>() satisfies T.AuthOptions],
  ManagementOptions: [
    value<T.ManagementOptions>() satisfies O.ManagementOptions,
    value<O.ManagementOptions>() satisfies T.ManagementOptions,
  ],
  TokenProvider: [
    value<T.TokenProvider>() satisfies O.TokenProvider,
    value<O.TokenProvider>() satisfies T.TokenProvider,
  ],
  DoneCallback: [value<T.DoneCallback>() satisfies O.DoneCallback, value<O.DoneCallback>() satisfies T.DoneCallback],
  Captcha: [value<T.Captcha>() satisfies O.Captcha, value<O.Captcha>() satisfies T.Captcha],
  CatpchaConfiguration: [
    value<T.CatpchaConfiguration>() satisfies O.CatpchaConfiguration,
    value<O.CatpchaConfiguration>() satisfies T.CatpchaConfiguration,
  ],
  CaptchaTemplates: [
    value<T.CaptchaTemplates>() satisfies O.CaptchaTemplates,
    value<O.CaptchaTemplates>() satisfies T.CaptchaTemplates,
  ],
  PasswordlessAuthOptions: [
    value<T.PasswordlessAuthOptions>() satisfies O.PasswordlessAuthOptions,
    value<O.PasswordlessAuthOptions>() satisfies T.PasswordlessAuthOptions,
  ],
  LoginRequiredErrorCode: [
    value<T.LoginRequiredErrorCode>() satisfies O.LoginRequiredErrorCode,
    value<O.LoginRequiredErrorCode>() satisfies T.LoginRequiredErrorCode,
  ],
  InteractionRequiredErrorCode: [
    value<T.InteractionRequiredErrorCode>() satisfies O.InteractionRequiredErrorCode,
    value<O.InteractionRequiredErrorCode>() satisfies T.InteractionRequiredErrorCode,
  ],
  ConsentRequiredErrorCode: [
    value<T.ConsentRequiredErrorCode>() satisfies O.ConsentRequiredErrorCode,
    value<O.ConsentRequiredErrorCode>() satisfies T.ConsentRequiredErrorCode,
  ],
  SpecErrorCodes: [
    value<T.SpecErrorCodes>() satisfies O.SpecErrorCodes,
    value<O.SpecErrorCodes>() satisfies T.SpecErrorCodes,
  ],
  Auth0Error: [value<T.Auth0Error>() satisfies O.Auth0Error, value<O.Auth0Error>() satisfies T.Auth0Error],
  Auth0Result: [value<T.Auth0Result>() satisfies O.Auth0Result, value<O.Auth0Result>() satisfies T.Auth0Result],
  Auth0ParseHashError: [
    value<T.Auth0ParseHashError>() satisfies O.Auth0ParseHashError,
    value<O.Auth0ParseHashError>() satisfies T.Auth0ParseHashError,
  ],
  Auth0DecodedHash: [
    value<T.Auth0DecodedHash>() satisfies O.Auth0DecodedHash,
    value<O.Auth0DecodedHash>() satisfies T.Auth0DecodedHash,
  ],
  Auth0DelegationToken: [
    value<T.Auth0DelegationToken>() satisfies O.Auth0DelegationToken,
    value<O.Auth0DelegationToken>() satisfies T.Auth0DelegationToken,
  ],
  ChangePasswordOptions: [
    value<T.ChangePasswordOptions>() satisfies O.ChangePasswordOptions,
    value<O.ChangePasswordOptions>() satisfies T.ChangePasswordOptions,
  ],
  BaseAuthOptions: [
    value<T.BaseAuthOptions>() satisfies O.BaseAuthOptions,
    value<O.BaseAuthOptions>() satisfies T.BaseAuthOptions,
  ],
  PasswordlessStartAuthParams: [
    value<T.PasswordlessStartAuthParams>() satisfies O.PasswordlessStartAuthParams,
    value<O.PasswordlessStartAuthParams>() satisfies T.PasswordlessStartAuthParams,
  ],
  PasswordlessStartOptions: [
    value<T.PasswordlessStartOptions>() satisfies O.PasswordlessStartOptions,
    value<O.PasswordlessStartOptions>() satisfies T.PasswordlessStartOptions,
  ],
  PasswordlessVerifyOptions: [
    value<T.PasswordlessVerifyOptions>() satisfies O.PasswordlessVerifyOptions,
    value<O.PasswordlessVerifyOptions>() satisfies T.PasswordlessVerifyOptions,
  ],
  PasswordlessLoginOptions: [
    value<T.PasswordlessLoginOptions>() satisfies O.PasswordlessLoginOptions,
    value<O.PasswordlessLoginOptions>() satisfies T.PasswordlessLoginOptions,
  ],
  Auth0UserProfile: [
    value<T.Auth0UserProfile>() satisfies O.Auth0UserProfile,
    value<O.Auth0UserProfile>() satisfies T.Auth0UserProfile,
  ],
  MicrosoftUserProfile: [
    value<T.MicrosoftUserProfile>() satisfies O.MicrosoftUserProfile,
    value<O.MicrosoftUserProfile>() satisfies T.MicrosoftUserProfile,
  ],
  Office365UserProfile: [
    value<T.Office365UserProfile>() satisfies O.Office365UserProfile,
    value<O.Office365UserProfile>() satisfies T.Office365UserProfile,
  ],
  AdfsUserProfile: [
    value<T.AdfsUserProfile>() satisfies O.AdfsUserProfile,
    value<O.AdfsUserProfile>() satisfies T.AdfsUserProfile,
  ],
  Auth0Identity: [
    value<T.Auth0Identity>() satisfies O.Auth0Identity,
    value<O.Auth0Identity>() satisfies T.Auth0Identity,
  ],
  LoginOptions: [value<T.LoginOptions>() satisfies O.LoginOptions, value<O.LoginOptions>() satisfies T.LoginOptions],
  DefaultLoginOptions: [
    value<T.DefaultLoginOptions>() satisfies O.DefaultLoginOptions,
    value<O.DefaultLoginOptions>() satisfies T.DefaultLoginOptions,
  ],
  DefaultDirectoryLoginOptions: [
    value<T.DefaultDirectoryLoginOptions>() satisfies O.DefaultDirectoryLoginOptions,
    value<O.DefaultDirectoryLoginOptions>() satisfies T.DefaultDirectoryLoginOptions,
  ],
  ResourceOwnerLoginOptions: [
    value<T.ResourceOwnerLoginOptions>() satisfies O.ResourceOwnerLoginOptions,
    value<O.ResourceOwnerLoginOptions>() satisfies T.ResourceOwnerLoginOptions,
  ],
  LogoutOptions: [
    value<T.LogoutOptions>() satisfies O.LogoutOptions,
    value<O.LogoutOptions>() satisfies T.LogoutOptions,
  ],
  DelegationOptions: [
    value<T.DelegationOptions>() satisfies O.DelegationOptions,
    value<O.DelegationOptions>() satisfies T.DelegationOptions,
  ],
  DbSignUpOptions: [
    value<T.DbSignUpOptions>() satisfies O.DbSignUpOptions,
    value<O.DbSignUpOptions>() satisfies T.DbSignUpOptions,
  ],
  DbSignUpResults: [
    value<T.DbSignUpResults>() satisfies O.DbSignUpResults,
    value<O.DbSignUpResults>() satisfies T.DbSignUpResults,
  ],
  ParseHashOptions: [
    value<T.ParseHashOptions>() satisfies O.ParseHashOptions,
    value<O.ParseHashOptions>() satisfies T.ParseHashOptions,
  ],
  RenewAuthOptions: [
    value<T.RenewAuthOptions>() satisfies O.RenewAuthOptions,
    value<O.RenewAuthOptions>() satisfies T.RenewAuthOptions,
  ],
  AuthorizeOptions: [
    value<T.AuthorizeOptions>() satisfies O.AuthorizeOptions,
    value<Without<O.AuthorizeOptions, 'screen_hint'>>() satisfies Without<T.AuthorizeOptions, 'screen_hint'>,
  ],
  CheckSessionOptions: [
    value<T.CheckSessionOptions>() satisfies O.CheckSessionOptions,
    value<Without<O.CheckSessionOptions, 'screen_hint'>>() satisfies Without<T.CheckSessionOptions, 'screen_hint'>,
  ],
  SsoDataResult: [
    value<T.SsoDataResult>() satisfies O.SsoDataResult,
    value<O.SsoDataResult>() satisfies T.SsoDataResult,
  ],
  SsoSessionFoundResult: [
    value<T.SsoSessionFoundResult>() satisfies O.SsoSessionFoundResult,
    value<O.SsoSessionFoundResult>() satisfies T.SsoSessionFoundResult,
  ],
  SsoSessionNotFoundResult: [
    value<T.SsoSessionNotFoundResult>() satisfies O.SsoSessionNotFoundResult,
    value<O.SsoSessionNotFoundResult>() satisfies T.SsoSessionNotFoundResult,
  ],
  Callback: [
    value<T.Auth0Callback<T.Auth0Result>>() satisfies O.Auth0Callback<O.Auth0Result>,
    value<O.Auth0Callback<O.Auth0Result>>() satisfies T.Auth0Callback<T.Auth0Result>,
  ],
  version: [value<typeof T.version>() satisfies typeof O.version, value<typeof O.version>() satisfies typeof T.version],
};

/**
 * Fields where their type is a narrower literal union than what auth0-js 10 accepts or delivers,
 * so our wider value cannot go back into theirs: the types are compared in both directions
 * without those fields. Only code that reads these fields into variables annotated with their
 * unions is affected. `screen_hint` above: the tenant also takes `login`.
 */
export const widerLiterals = {
  // `provider` has seven values at run time (not two), `type` more than `code`.
  Auth0Challenge: [
    value<T.Auth0Challenge>() satisfies O.Auth0Challenge,
    value<Without<O.Auth0Challenge, 'provider' | 'type'>>() satisfies Without<T.Auth0Challenge, 'provider' | 'type'>,
  ],
  // `responseMode` also takes `web_message`.
  AuthorizeUrlOptions: [
    value<T.AuthorizeUrlOptions>() satisfies O.AuthorizeUrlOptions,
    value<Without<O.AuthorizeUrlOptions, 'responseMode' | 'screen_hint'>>() satisfies Without<
      T.AuthorizeUrlOptions,
      'responseMode'
    >,
  ],
  // `captcha` also takes the answer string (what the tenant checks), not only their Captcha object.
  CrossOriginLoginOptions: [
    value<T.CrossOriginLoginOptions>() satisfies O.CrossOriginLoginOptions,
    value<Without<O.CrossOriginLoginOptions, 'captcha'>>() satisfies Without<T.CrossOriginLoginOptions, 'captcha'>,
  ],
  // v10 reports codes beyond their three (`invalid_hash`, `origin_mismatch`, …).
  LibErrorCodes: value<T.LibErrorCodes>() satisfies O.LibErrorCodes,
};

/** The option objects of methods whose types @types declares inline. */
export const inlineOptions = {
  redirectLogin: value<Param<T.Redirect['loginWithCredentials']>>() satisfies O.RedirectLoginOptions,
  redirectSignup: value<Param<T.Redirect['signupAndLogin']>>() satisfies O.RedirectSignupAndLoginOptions,
  popupAuthorize: value<Param<T.Popup['authorize']>>() satisfies O.PopupAuthorizeOptions,
  popupCallback: value<Param<T.Popup['callback']>>() satisfies O.PopupCallbackOptions,
  popupLogin: value<Param<T.Popup['loginWithCredentials']>>() satisfies O.PopupLoginOptions,
  popupPasswordless: value<Param<T.Popup['passwordlessVerify']>>() satisfies O.PopupPasswordlessVerifyOptions,
  popupSignup: value<Param<T.Popup['signupAndLogin']>>() satisfies O.PopupSignupOptions,
  popupPreload: value<Param<T.Popup['preload']>>() satisfies O.PopupPreloadOptions,
  renderCaptchaOptions: value<Param<T.WebAuth['renderCaptcha'], 1>>() satisfies O.CaptchaConfiguration | undefined,
};
