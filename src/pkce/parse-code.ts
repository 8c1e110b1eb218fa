/**
 * `parseHash` with `usePKCE`: the code response is read from the query (the default
 * `response_mode` of `code`) or from the fragment (`responseMode: 'fragment'`); its state is checked
 * and its transaction consumed before the code is redeemed, so a code is redeemed at most once even
 * when `parseHash` runs twice. Anything else goes to v10's `parseHash`. Removing `code` and `state`
 * from the address bar afterwards is the app's choice, as for the implicit flow's fragment.
 */
import { currentLocation } from '../browser/env.js';
import { AuthResponseError } from '../errors.js';
import { withHint } from '../shared/debug.js';
import { has } from '../shared/objects.js';
import { parseQuery } from '../shared/query.js';
import type { ParseHashOptions } from '../types.js';
import type { AuthDone, RedirectContext } from '../flow/context.js';
import { parseHash } from '../flow/parse-hash.js';
import { invalidToken } from '../flow/validate-response.js';
import { redeemCode } from './exchange.js';
import { usesPkce } from './start.js';

/** The code response of the URL (or of `options.hash`), or undefined when there is none. */
function codeResponse(ctx: RedirectContext, options: ParseHashOptions): Record<string, unknown> | undefined {
  const page = options.hash === undefined ? currentLocation(ctx.env) : undefined;
  const hash = parseQuery(String(page ? page.hash : options.hash).replace(/^#\/?/, ''));
  if (has(hash, 'code')) return hash;
  const query = parseQuery(page ? page.search.slice(1) : '');
  return has(query, 'code') || has(query, 'error') ? query : undefined;
}

/** `webAuth.parseHash`: the code flow when this call uses PKCE and the URL holds a code response. */
export function parseHashOrCode(ctx: RedirectContext, options: ParseHashOptions, cb: AuthDone): void {
  const response = usesPkce(ctx, options) ? codeResponse(ctx, options) : undefined;
  if (!response) return parseHash(ctx, options, cb);
  const state = response.state as string | undefined;
  // Consumed whatever happens next: a second call, or a replayed link, finds no verifier.
  const transaction = typeof state === 'string' ? ctx.transactionManager.getStoredTransaction(state) : undefined;
  if (has(response, 'error')) {
    return cb(
      withHint(
        new AuthResponseError({
          error: String(response.error),
          errorDescription: response.error_description as string | undefined,
          state,
        }),
      ),
    );
  }
  if (!transaction?.codeVerifier || transaction.state !== state) return cb(invalidToken('`state` does not match.'));
  redeemCode(ctx, response.code, transaction, cb);
}
