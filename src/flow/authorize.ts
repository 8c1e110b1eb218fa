/**
 * `webAuth.authorize`: store a transaction and navigate to `/authorize`; and what every flow's
 * authorization request shares (the base keys, the default scope, the code-flow precondition).
 */
import { ArgumentError } from '../errors.js';
import { checkOptions, required } from '../shared/assert.js';
import { presence, trace } from '../shared/debug.js';
import { mergeBase } from '../shared/objects.js';
import type { RedirectContext } from './context.js';

/** The constructor options `authorize` uses when the call does not give them. */
export const AUTHORIZE_BASE_KEYS = [
  'clientID',
  'responseType',
  'responseMode',
  'redirectUri',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
  'organization',
  'invitation',
];

/** The default scope of v10. */
export const DEFAULT_SCOPE = 'openid profile email';

/** `scope` with `offline_access` added once. */
export const withOfflineAccess = (scope: string): string =>
  /(^| )offline_access( |$)/.test(scope) ? scope : scope + ' offline_access';

/** PKCE only with `responseType: 'code'` (`params`: the constructor's options merged with a call's). */
export function checkPkceCall(params: { usePKCE?: unknown; responseType?: unknown }): void {
  if (params.usePKCE && params.responseType !== 'code')
    throw new ArgumentError("usePKCE requires responseType: 'code'");
}

/** Builds the `/authorize` URL for a new transaction and stores the transaction. */
export function prepareAuthorize(ctx: RedirectContext, options: Record<string, unknown> | undefined): string {
  const params = mergeBase(ctx.baseOptions, AUTHORIZE_BASE_KEYS, options || {});
  checkOptions(params, 'options parameter is not valid', [required('responseType')]);
  ctx.transactionManager.process(params);
  trace(ctx.baseOptions.debug, 'authorize', 'transaction-stored', presence(params));
  params.scope = params.scope || DEFAULT_SCOPE;
  return ctx.client.buildAuthorizeUrl(params);
}

/** Redirects the page to `/authorize`. */
export function authorize(ctx: RedirectContext, options: Record<string, unknown> | undefined): void {
  ctx.env.navigate(prepareAuthorize(ctx, options));
}
