/**
 * Login on the tenant's hosted login page (`webAuth._universalLogin`): `POST /usernamepassword/login`
 * with the `auth0.js-ulp` telemetry name, then submit the form the tenant answers with.
 */
import { detachableMethods } from '../../shared/detachable.js';
import { call, type ClientContext } from '../../authentication/client-context.js';
import { WebAuthError } from '../../errors.js';
import { checkOptions, required } from '../../shared/assert.js';
import { callbackOrPromise, checkCallback } from '../../shared/callback.js';
import { toSnakeCase } from '../../shared/casing.js';
import { mergeBase, omit } from '../../shared/objects.js';
import type { WebAuthContext } from '../../flow/context.js';
import { onHostedLoginPage } from '../../flow/context.js';
import { whenRedirecting } from './on-redirecting.js';
import { signupThenLogin } from '../sign-up/signup-then-login.js';
import { hostedSsoData } from '../silent-auth/sso-data.js';

import type { RedirectLoginOptions, RedirectSignupAndLoginOptions } from '../../types.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

const BASE_KEYS = ['clientID', 'redirectUri', 'tenant', 'responseType', 'responseMode', 'scope', 'audience'];
const ULP_BASE_KEYS = [...BASE_KEYS, '_csrf', 'state', '_intstate', 'nonce'];

/** Hosted-login-page helpers. */
export class HostedPages {
  constructor(
    private readonly ctx: WebAuthContext,
    /** A client context whose telemetry name is `auth0.js-ulp`. */
    private readonly ulp: ClientContext,
  ) {}

  /** Username/password login from the hosted page; `cb` is called for errors only. */
  login(options: RedirectLoginOptions, cb?: NodeCallback<never>): void | Promise<never> {
    if (!onHostedLoginPage(this.ctx.env, this.ctx.baseOptions.domain)) {
      throw new WebAuthError('This method is meant to be used only inside the Universal Login Page.');
    }
    const params = mergeBase(this.ctx.baseOptions, ULP_BASE_KEYS, options);
    checkOptions(params, 'options parameter is not valid', [required('responseType')]);
    checkCallback(cb);
    params.username = params.username || params.email;
    const request = mergeBase(this.ctx.baseOptions, BASE_KEYS, omit(params, ['email', 'onRedirecting']));
    this.ctx.transactionManager.process(request);
    const body = toSnakeCase(request, ['auth0Client']) as AnyObject;
    // Success ends in a form post that leaves the page, so `done` (and a Promise) only settles on error.
    return callbackOrPromise<never, void>(cb, (done) => {
      call<string>(this.ulp, 'POST', 'usernamepassword/login', body, (err, html) => {
        if (err) return done(err);
        whenRedirecting(options, () => {
          try {
            this.ctx.env.submitForm(String(html));
          } catch (submitErr) {
            done(submitErr); // an answer without a usable form: reported, never thrown into the request
          }
        });
      });
    });
  }

  /** The hosted page's SSO data (`GET /user/ssodata`), as `client.getSSOData` there. */
  getSSOData(withActiveDirectories?: unknown, cb?: NodeCallback<any>) {
    return hostedSsoData(this.ulp, withActiveDirectories, cb);
  }

  /** Signs up, then logs in from the hosted page; a login error carries `errorInfo`. */
  signupAndLogin(options: RedirectSignupAndLoginOptions, cb: NodeCallback<never>): void {
    signupThenLogin(this.ctx, options, (done) => this.login(options, done), cb);
  }
}

// Every public method works detached (destructured, promisified).
detachableMethods(HostedPages);
