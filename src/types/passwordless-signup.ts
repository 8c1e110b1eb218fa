/** Options of passwordless login and database signup / password reset. */
import type { BaseAuthOptions, PasswordlessStartAuthParams } from './authorize.js';

/** The fields of a passwordless login (kept for code that names this type). */
export interface PasswordlessAuthOptions {
  /** The passwordless connection: `email` or `sms`. */
  connection: string;
  /** The code the user received. */
  verificationCode: string;
  /** The phone number the code was sent to (`sms`). */
  phoneNumber: string;
  /** The email the code was sent to (`email`). */
  email: string;
}

/** `passwordless.start` / `passwordlessStart`: send a code or a link. */
export interface PasswordlessStartOptions {
  /** The passwordless connection: `email` or `sms`. */
  connection: string;
  /** `code` sends a one-time code; `link` sends a magic link (email). */
  send: 'link' | 'code';
  /** Where to send it (email connection). */
  email?: string | undefined;
  /** Where to send it (sms connection), in E.164 form. */
  phoneNumber?: string | undefined;
  /**
   * Authorize parameters for the magic link's redirect; `scope`, `redirectUri` and `responseType`
   * default to the constructor's.
   */
  authParams?: PasswordlessStartAuthParams | undefined;
  /**
   * Sent as the `X-Request-Language` header (the language of the email or text). Removed from the
   * caller's object, as in v10.
   */
  xRequestLanguage?: string | undefined;
  /** The answer to the bot-detection challenge, when one is required. */
  captcha?: string | undefined;
}

/** `passwordless.verify`, `buildVerifyUrl` and `passwordlessVerify`: check the code the user received. */
export interface PasswordlessVerifyOptions extends BaseAuthOptions {
  /** The passwordless connection: `email` or `sms`. */
  connection: string;
  /** The code the user received. */
  verificationCode: string;
  /** The email the code was sent to (required without `phoneNumber`). */
  email?: string | undefined;
  /** The phone number the code was sent to (required without `email`). */
  phoneNumber?: string | undefined;
  /** Accepted for symmetry with `start`; not sent. */
  send?: 'link' | 'code' | undefined;
  /** Called before `passwordlessVerify` leaves the page; it continues when `done` is called. */
  onRedirecting?: ((done: () => void) => void) | undefined;
}

/** `passwordlessLogin`: log in with the received code (embedded login through `/co/authenticate`). */
export interface PasswordlessLoginOptions extends BaseAuthOptions {
  /** The passwordless connection: `email` or `sms`. */
  connection: string;
  /** The code the user received. */
  verificationCode: string;
  /** The email the code was sent to (required without `phoneNumber`). */
  email?: string | undefined;
  /** The phone number the code was sent to (required without `email`). */
  phoneNumber?: string | undefined;
  /** Called before the browser leaves the page; the login continues when `done` is called. */
  onRedirecting?: ((done: () => void) => void) | undefined;
}

/** `signup` / `dbConnection.signup`: create a database user. */
export interface DbSignUpOptions {
  /** The database connection to create the user in. */
  connection: string;
  /** The new user's email (required even when the connection uses usernames). */
  email: string;
  /** The new user's password (checked against the connection's password policy). */
  password: string;
  /** Required when the connection requires usernames. */
  username?: string | undefined;
  /** Used by `signupAndAuthorize` for its login; not sent with the signup. */
  scope?: string | undefined;
  /** Custom attributes, stored as `user_metadata` with their keys as given (not snake_cased). */
  userMetadata?: unknown;
  /** The same as `userMetadata` (which wins when both are given). */
  user_metadata?: unknown;
  /** Root profile attribute. */
  given_name?: string | undefined;
  /** Root profile attribute. */
  family_name?: string | undefined;
  /** Root profile attribute. */
  name?: string | undefined;
  /** Root profile attribute. */
  nickname?: string | undefined;
  /** Root profile attribute (a URL). */
  picture?: string | undefined;
  /** The answer to the bot-detection challenge, when one is required. */
  captcha?: string | undefined;
  /** Other attributes are sent too (snake_cased), as in v10. */
  [attribute: string]: any;
}

/** `signupAndAuthorize`: a signup followed by the password-realm grant with the same credentials. */
export interface SignupAndAuthorizeOptions extends DbSignUpOptions {
  /** The API the access token is for (default: the constructor's `audience`). */
  audience?: string | undefined;
}

/** `changePassword` / `dbConnection.changePassword`: send a password-reset email. */
export interface ChangePasswordOptions {
  /** The database connection of the user. */
  connection: string;
  /** The user's email. */
  email: string;
  /** The answer to the bot-detection challenge, when one is required. */
  captcha?: string | undefined;
}

/** A `user_metadata` object (`management.patchUserMetadata`): any JSON-serialisable keys. */
export interface UserMetadata {
  [key: string]: any;
}
