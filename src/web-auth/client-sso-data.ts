/**
 * `client.getSSOData` after its argument checks. `Authentication` loads this module on demand, so
 * the API client does not depend on `WebAuth` unless an app asks for SSO data.
 */
import type { Authentication } from '../authentication/authentication.js';
import type { NodeCallback } from '../shared/callback.js';
import { onHostedLoginPage } from './context.js';
import { ssoDataFromSession } from './sso-data.js';
import { WebAuth } from './web-auth.js';

/**
 * Like v10, through a `WebAuth` built once from the
 * client's own options (so its requests report `auth0.js-ulp`), on the hosted page or off it.
 */
export function clientSsoData(client: Authentication, withActiveDirectories: boolean, cb: NodeCallback<any>): void {
  const webAuth = (client.auth0 ??= new WebAuth(client.baseOptions as never)) as WebAuth;
  if (onHostedLoginPage(webAuth.ctx.env, webAuth.baseOptions.domain)) {
    webAuth._universalLogin.getSSOData(withActiveDirectories, cb);
  } else {
    ssoDataFromSession(webAuth.ctx, cb);
  }
}
