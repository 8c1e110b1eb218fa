/**
 * `client.getSSOData`: on the hosted login page, the tenant's `/user/ssodata`; elsewhere a silent
 * `checkSession` for the connection and user last signed in with, mapped to v10's SSO-data shape.
 */
import { call, type ClientContext } from '../authentication/client-context.js';
import { checkValue } from '../shared/assert.js';
import { stringifyQuery } from '../shared/query.js';
import { SsoDataStorage } from '../storage/sso-data-storage.js';
import { checkSession } from './check-session.js';
import type { WebAuthContext } from '../flow/context.js';
import type { NodeCallback } from '../shared/types.js';

/** What `getSSOData` reports. */
export interface SsoData {
  sso: boolean;
  lastUsedConnection?: { name?: string };
  lastUsedUserID?: string;
  lastUsedUsername?: string;
  lastUsedClientID?: string;
  sessionClients?: string[];
}

const CONSENT_DESCRIPTION =
  'Consent required. When using `getSSOData`, the user has to be authenticated with the following scope: `openid profile email`.';

/** Calls back with the session's SSO data (`{ sso: false }` when there is no session). */
export function ssoDataFromSession(ctx: WebAuthContext, cb: NodeCallback<SsoData>): void {
  const hint = new SsoDataStorage(ctx.ssodataStore).get() ?? {};
  const clientID = ctx.baseOptions.clientID;
  const options = {
    responseType: 'token id_token',
    scope: 'openid profile email',
    connection: hint.lastUsedConnection,
    timeout: 5000,
  };
  checkSession(ctx, options, (err, result) => {
    if (err) {
      if (err.error === 'login_required') return cb(null, { sso: false });
      if (err.error === 'consent_required') err.error_description = CONSENT_DESCRIPTION;
      return cb(err, { sso: false });
    }
    const claims = result.idTokenPayload;
    if (hint.lastUsedSub && hint.lastUsedSub !== claims.sub) return cb(null, { sso: false });
    cb(null, {
      lastUsedConnection: { name: hint.lastUsedConnection },
      lastUsedUserID: claims.sub,
      lastUsedUsername: claims.email || claims.name,
      lastUsedClientID: clientID,
      sessionClients: [clientID],
      sso: true,
    });
  });
}

/**
 * The hosted login page's SSO data: `GET /user/ssodata` with cookies and no headers at all; with
 * `withActiveDirectories`, also the AD/LDAP connections (`ldaps=1`). `ulp` reports `auth0.js-ulp`.
 */
export function hostedSsoData(ulp: ClientContext, withActiveDirectories: unknown, cb?: NodeCallback<any>) {
  if (typeof withActiveDirectories === 'function') {
    cb = withActiveDirectories as NodeCallback<any>;
    withActiveDirectories = false;
  }
  checkValue(withActiveDirectories ?? false, 'boolean', 'withActiveDirectories parameter is not valid');
  const query = withActiveDirectories ? '?' + stringifyQuery({ ldaps: 1, client_id: ulp.baseOptions.clientID }) : '';
  return call(ulp, 'GET', 'user/ssodata' + query, undefined, cb, { noHeaders: true, withCredentials: true });
}
