/**
 * Which silent authentication `checkSession` and `renewAuth` run: the refresh-token grant
 * (`useRefreshTokens`), the iframe with a code (`usePKCE`), or v10's iframe unchanged. The first
 * two run in the main file; with `useDpop` their token request waits for the chunk of its proofs.
 */
import type { AnyObject, NodeCallback } from '../../shared/types.js';
import { checkSession, legacyCallback } from './check-session.js';
import type { CodeFlowSteps, WebAuthContext } from '../../flow/context.js';
import { prefetchKeySet } from '../../flow/key-set-prefetch.js';
import { renewAuth } from './renew-auth.js';
import { startPkce, usesPkce } from '../../pkce/start.js';
import { withProofs } from '../code-flow/code-flow-start.js';
import { redeemAnswer } from '../../pkce/web-message-code.js';
import { refreshSession } from '../../refresh/refresh.js';

/** The steps `checkSession` runs for a code: `response_type=code` with a challenge, then the exchange. */
function webMessageCode(ctx: WebAuthContext): CodeFlowSteps {
  return {
    start: (params) => {
      // The key set loads while the iframe and the exchange run, not after them.
      prefetchKeySet(ctx);
      return startPkce(ctx, { ...params, responseType: 'code' });
    },
    // With useDpop, a chunk that failed to load leaves the transaction as it was.
    validate: (c, params, response, done) => withProofs(c, done, () => redeemAnswer(c, params, response, done)),
  };
}

/** `checkSession`, or `renewAuth` when `legacy` is set, routed by the instance's options. */
export function silentAuth(ctx: WebAuthContext, options: AnyObject, cb: NodeCallback<any>, legacy?: boolean): void {
  const pkce = usesPkce(ctx, options);
  const iframe = () =>
    legacy && !pkce
      ? renewAuth(ctx, options as never, cb)
      : checkSession(ctx, options, cb, pkce ? webMessageCode(ctx) : undefined);
  if (ctx.baseOptions.useRefreshTokens) {
    // With useDpop the grant waits for its proofs' chunk, whose load error reaches `cb` as it is.
    return withProofs(ctx, cb, () => refreshSession(ctx, options, legacyCallback(cb), iframe));
  }
  // What v10's call returned (its callback's value, for a failed precondition), returned as it was.
  return iframe();
}
