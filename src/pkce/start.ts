/**
 * Starting a PKCE authorization request (RFC 7636 §4.1-4.3, S256 only): a fresh verifier kept in
 * the transaction with state and nonce, and its challenge in the `/authorize` parameters.
 */
import { WebAuthError } from '../errors.js';
import { sha256Base64url } from '../shared/base64url.js';
import { checkOptions, required } from '../shared/assert.js';
import { mergeBase, omit } from '../shared/objects.js';
import type { AnyObject } from '../shared/types.js';
import { AUTHORIZE_BASE_KEYS, checkPkceCall, DEFAULT_SCOPE, withOfflineAccess } from '../flow/authorize.js';
import type { RedirectContext } from '../flow/context.js';
import { randomString } from '../flow/random.js';
import { keepVerifier } from './verifier-store.js';

/** True when this call runs the code flow with PKCE (the call's `usePKCE`, else the constructor's). */
export const usesPkce = (ctx: RedirectContext, options: AnyObject | null | undefined): boolean =>
  !!(options?.usePKCE ?? ctx.baseOptions.usePKCE);

/**
 * Stores the transaction of `params` (state, nonce, the redirect URI, whether `openid` is asked
 * for) and a new 64-character verifier beside it (./verifier-store.ts; `popup`: where the popup's
 * page finds it), and resolves with `params` carrying the S256 challenge. Throws an
 * `ArgumentError` without `responseType: 'code'`, and a `WebAuthError` where WebCrypto or web
 * storage is missing, before anything is stored.
 */
export function startPkce(ctx: RedirectContext, params: AnyObject, popup = false): Promise<AnyObject> {
  checkPkceCall({ responseType: params.responseType, usePKCE: true });
  const subtle = ctx.env.subtle();
  if (!subtle) throw new WebAuthError('PKCE needs crypto.subtle (a secure context)');
  const codeVerifier = randomString(ctx.env, 64);
  params = omit(params, ['usePKCE']);
  const scope = params.scope || DEFAULT_SCOPE;
  params.scope = ctx.baseOptions.useRefreshTokens ? withOfflineAccess(scope) : scope;
  const openid = /(^| )openid( |$)/.test(String(params.scope));
  const tm = ctx.transactionManager;
  // The state first, so that the verifier is kept (or refused) before the transaction is stored.
  params.state ||= randomString(ctx.env, tm.keyLength);
  keepVerifier(ctx.env, tm.namespace + params.state, codeVerifier, tm.expiresDays, popup);
  tm.process(params, { redirectUri: params.redirectUri, openid });
  return sha256Base64url(subtle, codeVerifier).then((codeChallenge) =>
    Object.assign(params, { codeChallenge, codeChallengeMethod: 'S256' }),
  );
}

/** The `/authorize` URL of a new PKCE transaction (`authorize`'s parameters and defaults). */
export function pkceAuthorizeUrl(ctx: RedirectContext, options: AnyObject | undefined): Promise<string> {
  const params = mergeBase(ctx.baseOptions, AUTHORIZE_BASE_KEYS, options || {});
  checkOptions(params, 'options parameter is not valid', [required('responseType')]);
  return startPkce(ctx, params).then((p) => ctx.client.buildAuthorizeUrl(p));
}
