/**
 * `webAuth.login` and `webAuth.signupAndAuthorize`: the two logins that combine other steps.
 * They take the context and the hosted-page helper, never the facade.
 */
import { checkSignupOptions } from '../../authentication/db-connection.js';
import { callbackOrPromise } from '../../shared/callback.js';
import { mergeBase, omit } from '../../shared/objects.js';
import type {
  CrossOriginLoginOptions,
  DbSignUpOptions,
  DefaultLoginOptions,
  SignupAndAuthorizeOptions,
  RequestHandle,
} from '../../types.js';
import { onHostedLoginPage, type WebAuthContext } from '../../flow/context.js';
import { crossOriginLogin } from '../cross-origin/cross-origin-login.js';
import type { HostedPages } from './hosted-pages.js';
import type { NodeCallback } from '../../shared/types.js';

const LOGIN_KEYS = [
  'clientID',
  'responseType',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
  'onRedirecting',
  'organization',
  'invitation',
];

/**
 * Username/password login with a redirect: `/usernamepassword/login` on the hosted login page,
 * `/co/authenticate` elsewhere. Base options are merged and a transaction stored first.
 */
export function login(
  ctx: WebAuthContext,
  hostedPages: HostedPages,
  options: CrossOriginLoginOptions,
  cb?: NodeCallback<any>,
): void | Promise<never> {
  const params = mergeBase(ctx.baseOptions, LOGIN_KEYS, options);
  ctx.transactionManager.process(params);
  if (onHostedLoginPage(ctx.env, ctx.baseOptions.domain)) {
    params.connection = params.realm;
    delete params.realm;
    return hostedPages.login(params, cb as NodeCallback<never>);
  }
  return crossOriginLogin(ctx, params, cb);
}

/** Signs up, then logs in with the password-realm grant; with a callback, returns the sign-up's handle. */
export function signupAndAuthorize(
  ctx: WebAuthContext,
  options: SignupAndAuthorizeOptions,
  cb?: NodeCallback<any>,
): any {
  const signupOptions = omit(options, ['popupHandler']) as DbSignUpOptions;
  checkSignupOptions(signupOptions); // before the callback check, as in v10
  return callbackOrPromise(
    cb,
    (done) =>
      ctx.client.dbConnection.signup(signupOptions, (err) => {
        if (err) return done(err);
        options.realm = options.connection;
        options.username = options.username || options.email;
        ctx.client.login(options as SignupAndAuthorizeOptions & DefaultLoginOptions, done);
      }) as RequestHandle,
  );
}
