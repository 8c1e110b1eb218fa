/** `client.dbConnection`: signup, password change and their captcha challenges. */
import { detachableMethods } from '../shared/detachable.js';
import { checkOptions, required } from '../shared/assert.js';
import { checkCallback } from '../shared/callback.js';
import { toSnakeCase } from '../shared/casing.js';
import { mergeBase, omit, pick } from '../shared/objects.js';
import { call, challenge, type ClientContext } from './client-context.js';
import type { RequestError } from '../errors.js';
import type {
  Auth0Callback,
  Auth0Challenge,
  ChangePasswordOptions,
  DbSignUpOptions,
  DbSignUpResults,
  RequestHandle,
} from '../types.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

const OPTIONS_MESSAGE = 'options parameter is not valid';

/** The option checks of `signup`, with v10's messages. */
export const checkSignupOptions = (options: unknown) =>
  checkOptions(options, OPTIONS_MESSAGE, [required('connection'), required('email'), required('password')]);

/** Database-connection Authentication API calls (`webAuth.client.dbConnection`). */
export class DBConnection {
  constructor(private readonly ctx: ClientContext) {}

  /**
   * Creates a user (`POST /dbconnections/signup`); `user_metadata` is sent with its keys as given.
   *
   * @example
   * ```ts
   * await webAuth.client.dbConnection.signup({ connection: 'db', email, password, userMetadata: { plan: 'pro' } });
   * ```
   */
  signup(options: DbSignUpOptions, cb: Auth0Callback<DbSignUpResults, RequestError>): RequestHandle;
  signup(options: DbSignUpOptions): Promise<DbSignUpResults>;
  /** For callers that forward an optional callback. */
  signup(
    options: DbSignUpOptions,
    cb?: Auth0Callback<DbSignUpResults, RequestError>,
  ): RequestHandle | Promise<DbSignUpResults>;
  signup(options: DbSignUpOptions, cb?: NodeCallback<any>): RequestHandle | Promise<DbSignUpResults> {
    checkSignupOptions(options);
    checkCallback(cb);
    const merged = mergeBase(this.ctx.baseOptions, ['clientID', 'state'], options);
    const metadata = merged.user_metadata || merged.userMetadata;
    const body = toSnakeCase(omit(merged, ['scope', 'userMetadata', 'user_metadata']), ['auth0Client']) as AnyObject;
    if (metadata) body.user_metadata = metadata;
    return call<DbSignUpResults>(this.ctx, 'POST', 'dbconnections/signup', body, cb);
  }

  /** Sends a password-reset email (`POST /dbconnections/change_password`). */
  changePassword(options: ChangePasswordOptions, cb: Auth0Callback<string, RequestError>): RequestHandle;
  changePassword(options: ChangePasswordOptions): Promise<string>;
  /** For callers that forward an optional callback. */
  changePassword(
    options: ChangePasswordOptions,
    cb?: Auth0Callback<string, RequestError>,
  ): RequestHandle | Promise<string>;
  changePassword(options: ChangePasswordOptions, cb?: NodeCallback<any>): RequestHandle | Promise<string> {
    checkOptions(options, OPTIONS_MESSAGE, [required('connection'), required('email')]);
    checkCallback(cb);
    const caller = pick(options, ['email', 'connection', 'captcha']);
    const body = toSnakeCase(mergeBase(this.ctx.baseOptions, ['clientID', 'state'], caller), [
      'auth0Client',
    ]) as AnyObject;
    return call(this.ctx, 'POST', 'dbconnections/change_password', body, cb);
  }

  /** The captcha challenge for signup (needs `state` in the base options). */
  getSignupChallenge(cb: Auth0Callback<Auth0Challenge | undefined, RequestError>): RequestHandle | undefined;
  getSignupChallenge(): Promise<Auth0Challenge | undefined>;
  getSignupChallenge(cb?: NodeCallback<any>) {
    return challenge(this.ctx, 'dbconnections/signup/challenge', cb);
  }

  /** The captcha challenge for password reset (needs `state` in the base options). */
  getPasswordResetChallenge(cb: Auth0Callback<Auth0Challenge | undefined, RequestError>): RequestHandle | undefined;
  getPasswordResetChallenge(): Promise<Auth0Challenge | undefined>;
  getPasswordResetChallenge(cb?: NodeCallback<any>) {
    return challenge(this.ctx, 'dbconnections/change_password/challenge', cb);
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(DBConnection);
