/**
 * The passkey API's requests: the challenges (`/passkey/register`, `/passkey/challenge`) and the
 * `urn:okta:params:oauth:grant-type:webauthn` grant at `/oauth/token`. All JSON: the tenant rejects
 * a form body for this grant (its `authn_response` must be an object).
 */
import type { WebAuthContext } from '../flow/context.js';
import { sendRequest } from '../http/request.js';
import { tokenHttp } from '../flow/token-request.js';
import type { AnyObject } from '../shared/types.js';
import type { PasskeySignupOptions, PasskeyTokenParams } from '../types/passkeys.js';
import { tenantError } from './passkey-error.js';

/** The grant type of a passkey sign-in. */
export const WEBAUTHN_GRANT = 'urn:okta:params:oauth:grant-type:webauthn';

/**
 * The truthy values of `values`. Here, not `pick` and `joinUrl` of the main file (nor its default
 * scope below): each name the chunk imports from the main file is one more export there (+6 B gzip).
 */
const present = (values: AnyObject): AnyObject => Object.fromEntries(Object.entries(values).filter(([, v]) => v));

/** The profile keys `/passkey/register` takes in `user_profile`. */
const PROFILE_KEYS = ['email', 'phone_number', 'username', 'name', 'given_name', 'family_name', 'nickname', 'picture'];

/**
 * POSTs `body` as JSON to `<rootUrl><path>`; `signed`: with `useDpop`, the request carries a DPoP
 * proof. Resolves with the answer's JSON body; rejects with a `PasskeyError` (the tenant's code).
 */
export function postJson(ctx: WebAuthContext, path: string, body: AnyObject, signed?: boolean): Promise<AnyObject> {
  return new Promise((resolve, reject) =>
    sendRequest(
      // The webauthn grant's answer carries the refresh token: through the worker where it runs.
      path === 'oauth/token' ? tokenHttp(ctx) : ctx.client.http,
      {
        method: 'POST',
        url: `${ctx.baseOptions.rootUrl}/${path}`, // rootUrl has no trailing slash
        body,
        signer: signed ? ctx.dpop?.signer() : undefined,
      },
      (err, response) => (err ? reject(tenantError(err)) : resolve((response!.body ?? {}) as AnyObject)),
    ),
  );
}

/** `realm` and `organization` (the constructor's when the call gives none), where set. */
const placeOf = (ctx: WebAuthContext, o: PasskeyTokenParams) =>
  present({ realm: o.realm, organization: o.organization || ctx.baseOptions.organization });

/** The body of `/passkey/challenge` (`signup`: `/passkey/register`, with the new user's profile). */
export function challengeBody(ctx: WebAuthContext, o: PasskeySignupOptions, signup: boolean): AnyObject {
  const body: AnyObject = { client_id: ctx.baseOptions.clientID, ...placeOf(ctx, o) };
  if (signup) {
    body.user_profile = present(Object.fromEntries(PROFILE_KEYS.map((k) => [k, o[k as keyof PasskeySignupOptions]])));
    if (o.user_metadata) body.user_metadata = o.user_metadata;
  }
  return body;
}

/** The scope a passkey sign-in asks for: with `useRefreshTokens`, `offline_access` too. */
export function scopeOf(ctx: WebAuthContext, o: PasskeyTokenParams): string {
  const scope = String(o.scope || ctx.baseOptions.scope || 'openid profile email'); // v10's default
  return ctx.baseOptions.useRefreshTokens && !/(^| )offline_access( |$)/.test(scope)
    ? scope + ' offline_access'
    : scope;
}

/** The webauthn grant's body: the challenge's `auth_session` and the serialized credential. */
export function tokenBody(
  ctx: WebAuthContext,
  o: PasskeyTokenParams,
  authSession: string,
  authnResponse: AnyObject,
): AnyObject {
  return {
    grant_type: WEBAUTHN_GRANT,
    client_id: ctx.baseOptions.clientID,
    ...placeOf(ctx, o),
    scope: scopeOf(ctx, o),
    ...present({ audience: o.audience || ctx.baseOptions.audience }),
    auth_session: authSession,
    authn_response: authnResponse,
  };
}
