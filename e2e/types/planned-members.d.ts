/**
 * The signatures planned for the members not built yet, written with the option and result types
 * src/types/ already exports. tsconfig.not-built.json compiles not-built/ against our declarations
 * plus these, proving those types accept what @types/auth0-js users write. When a member lands,
 * delete it here and move its not-built/ file into app/.
 */
import type {
  Auth0Callback,
  Auth0Error,
  Auth0Result,
  PopupAuthorizeOptions,
  PopupCallbackOptions,
  PopupLoginOptions,
  PopupPasswordlessVerifyOptions,
  PopupPreloadOptions,
  PopupSignupOptions,
} from './.dts/index.js';

declare module './.dts/web-auth/web-auth.js' {
  interface WebAuth {
    popup: import('./.dts/index.js').Popup;
  }
}

declare module './.dts/index.js' {
  /** `webAuth.popup`. */
  interface Popup {
    preload(options?: PopupPreloadOptions): unknown;
    authorize(options: PopupAuthorizeOptions, cb: Auth0Callback<Auth0Result>): unknown;
    callback(options?: PopupCallbackOptions): void;
    loginWithCredentials(options: PopupLoginOptions, cb: Auth0Callback<Auth0Result>): void;
    passwordlessVerify(options: PopupPasswordlessVerifyOptions, cb: Auth0Callback<Auth0Result>): void;
    signupAndLogin(options: PopupSignupOptions, cb: Auth0Callback<Auth0Result, Auth0Error>): void;
  }
}
