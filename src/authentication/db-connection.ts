/** `client.dbConnection`: signup, password change and their captcha challenges. */
import { checkOptions, required } from '../shared/assert';
import { checkCallback, type NodeCallback } from '../shared/callback';
import { toSnakeCase } from '../shared/casing';
import { mergeBase, omit, pick } from '../shared/objects';
import type { RequestHandle } from '../http/request';
import { call, challenge, type ClientContext } from './client-context';

type Obj = Record<string, any>;
const OPTIONS_MESSAGE = 'options parameter is not valid';

/** Database-connection Authentication API calls (`webAuth.client.dbConnection`). */
export class DBConnection {
  constructor(private readonly ctx: ClientContext) {}

  /** Creates a user (`POST /dbconnections/signup`); `user_metadata` is sent with its keys as given. */
  signup(options: Obj, cb: NodeCallback<Obj>): RequestHandle;
  signup(options: Obj): Promise<Obj>;
  /** For callers that forward an optional callback. */
  signup(options: Obj, cb?: NodeCallback<Obj>): RequestHandle | Promise<Obj>;
  signup(options: Obj, cb?: NodeCallback<Obj>): RequestHandle | Promise<Obj> {
    checkOptions(options, OPTIONS_MESSAGE, [required('connection'), required('email'), required('password')]);
    checkCallback(cb);
    const merged = mergeBase(this.ctx.baseOptions, ['clientID', 'state'], options);
    const metadata = merged.user_metadata || merged.userMetadata;
    const body = toSnakeCase(omit(merged, ['scope', 'userMetadata', 'user_metadata']), ['auth0Client']) as Obj;
    if (metadata) body.user_metadata = metadata;
    return call(this.ctx, 'POST', 'dbconnections/signup', body, cb);
  }

  /** Sends a password-reset email (`POST /dbconnections/change_password`). */
  changePassword(options: Obj, cb: NodeCallback<string>): RequestHandle;
  changePassword(options: Obj): Promise<string>;
  /** For callers that forward an optional callback. */
  changePassword(options: Obj, cb?: NodeCallback<string>): RequestHandle | Promise<string>;
  changePassword(options: Obj, cb?: NodeCallback<string>): RequestHandle | Promise<string> {
    checkOptions(options, OPTIONS_MESSAGE, [required('connection'), required('email')]);
    checkCallback(cb);
    const caller = pick(options, ['email', 'connection', 'captcha']);
    const body = toSnakeCase(mergeBase(this.ctx.baseOptions, ['clientID', 'state'], caller), ['auth0Client']) as Obj;
    return call(this.ctx, 'POST', 'dbconnections/change_password', body, cb);
  }

  /** The captcha challenge for signup (needs `state` in the base options). */
  getSignupChallenge(cb?: NodeCallback<Obj>) {
    return challenge(this.ctx, 'dbconnections/signup/challenge', cb);
  }

  /** The captcha challenge for password reset (needs `state` in the base options). */
  getPasswordResetChallenge(cb?: NodeCallback<Obj>) {
    return challenge(this.ctx, 'dbconnections/change_password/challenge', cb);
  }
}
