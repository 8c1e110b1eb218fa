/**
 * Which silent authentication `checkSession` and `renewAuth` run: the refresh-token grant
 * (`useRefreshTokens`), the iframe with a code (`usePKCE`), or v10's iframe unchanged.
 */
import { refreshSession } from '../refresh/refresh.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';
import { checkSession, legacyCallback } from './check-session.js';
import type { WebAuthContext } from '../flow/context.js';
import { renewAuth } from './renew-auth.js';
import { usesPkce } from '../pkce/start.js';
import { webMessageCode } from '../pkce/web-message-code.js';

/** `checkSession`, or `renewAuth` when `legacy` is set, routed by the instance's options. */
export function silentAuth(ctx: WebAuthContext, options: AnyObject, cb: NodeCallback<any>, legacy?: boolean): void {
  const pkce = usesPkce(ctx, options);
  const iframe = () =>
    legacy && !pkce
      ? renewAuth(ctx, options as never, cb)
      : checkSession(ctx, options, cb, pkce ? webMessageCode(ctx) : undefined);
  if (ctx.baseOptions.useRefreshTokens) return refreshSession(ctx, options, legacyCallback(cb), iframe);
  // What v10's call returned (its callback's value, for a failed precondition), returned as it was.
  return iframe();
}
