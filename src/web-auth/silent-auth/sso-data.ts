/**
 * `client.getSSOData`: on the hosted login page, the tenant's `/user/ssodata`; elsewhere a silent
 * `checkSession` for the connection and user last signed in with, mapped to v10's SSO-data shape
 * by the legacy chunk (./sso-answer.ts).
 */
import { call, type ClientContext } from '../../authentication/client-context.js';
import { checkValue } from '../../shared/assert.js';
import { stringifyQuery } from '../../shared/query.js';
import { SsoDataStorage } from '../../storage/sso-data-storage.js';
import { checkSession } from './check-session.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { NodeCallback } from '../../shared/types.js';
import type { SsoData } from './sso-answer.js';
import { preload, type Preloaded } from '../load-capability.js';

export type { SsoData };

/**
 * Calls back with the session's SSO data (`{ sso: false }` when there is no session). The silent
 * check starts now, with the load of the chunk that reads its answer (issue 32).
 */
export function ssoDataFromSession(ctx: WebAuthContext, cb: NodeCallback<SsoData>): void {
  const hint = new SsoDataStorage(ctx.ssodataStore).get() ?? {};
  const options = {
    responseType: 'token id_token',
    scope: 'openid profile email',
    connection: hint.lastUsedConnection,
    timeout: 5000,
  };
  let chunk: Preloaded<'legacy'> | false | undefined;
  checkSession(ctx, options, (err, result) =>
    chunk
      ? chunk((c) => c.ssoDataAnswer(hint, ctx.baseOptions.clientID, err, result, cb), cb)
      : // A precondition failed (no iframe): called back at once, as in v10, and nothing to load.
        ((chunk = false), cb(err, { sso: false })),
  );
  chunk ??= preload('legacy');
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
