/**
 * `parseHash` with `usePKCE`: the code response is read from the query (the default
 * `response_mode` of `code`) or from the fragment (`responseMode: 'fragment'`). An error answer is
 * reported here; a code is redeemed at once, from the main file (no chunk to wait for), unless
 * `useDpop` needs the chunk for the request's proof. Anything else goes to v10's `parseHash`.
 */
import { currentLocation } from '../../browser/env.js';
import { AuthResponseError } from '../../errors.js';
import type { AuthDone, RedirectContext } from '../../flow/context.js';
import { prefetchKeySet } from '../../flow/key-set-prefetch.js';
import { parseHash } from '../../flow/parse-hash.js';
import { usesPkce } from '../../pkce/start.js';
import { withHint } from '../../shared/debug.js';
import { has } from '../../shared/objects.js';
import { parseQuery } from '../../shared/query.js';
import type { ParseHashOptions } from '../../types.js';
import { redeemCodeResponse } from '../../pkce/parse-code.js';
import { withProofs } from '../code-flow/code-flow-start.js';
import { loadCapability } from '../load-capability.js';

/** The code response of the URL (or of `options.hash`), or undefined when there is none. */
function codeResponse(ctx: RedirectContext, options: ParseHashOptions): Record<string, unknown> | undefined {
  const page = options.hash === undefined ? currentLocation(ctx.env) : undefined;
  const hash = parseQuery(String(page ? page.hash : options.hash).replace(/^#\/?/, ''));
  if (has(hash, 'code')) return hash;
  const query = parseQuery(page ? page.search.slice(1) : '');
  return has(query, 'code') || has(query, 'error') ? query : undefined;
}

/** `webAuth.parseHash`: the code flow when this call uses PKCE and the URL holds a code response. */
export function parseHashOrCode(ctx: RedirectContext, options: ParseHashOptions, done: AuthDone): void {
  // An embedded login's `access_denied` may owe its cause to partitioned storage: the chunk that
  // knows the cross-origin login tells (cross-origin/partitioned-hint.ts); the error stands if it fails.
  const cb: AuthDone = (err, result) =>
    err?.error === 'access_denied'
      ? void loadCapability('legacy')
          .then((chunk) => chunk.withPartitionedHint(ctx, err))
          // A chunk that fails to load, or a check that throws, leaves the error as it came.
          .catch(() => err)
          .then((named) => queueMicrotask(() => done(named, result)))
      : done(err, result);
  const response = usesPkce(ctx, options) ? codeResponse(ctx, options) : undefined;
  if (!response) return parseHash(ctx, options, cb);
  const state = response.state as string | undefined;
  if (has(response, 'error')) {
    // Consumed: a replayed link finds no verifier.
    if (typeof state === 'string') ctx.transactionManager.getStoredTransaction(state);
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
  prefetchKeySet(ctx); // the answer's ID token is verified with it: load it during the exchange
  withProofs(ctx, cb, () => redeemCodeResponse(ctx, response, cb));
}
