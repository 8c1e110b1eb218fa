/** `renewAuth` once its hidden iframe answered or timed out (loaded on first use, issue 32). */
import { tapError } from '../../shared/callback.js';
import { trace, withHint } from '../../shared/debug.js';
import type { WebAuthContext } from '../../flow/context.js';
import { parseHash } from '../../flow/parse-hash.js';
import type { NodeCallback } from '../../shared/types.js';

/** What v10 parses when no answer came in time. */
const TIMEOUT_HASH = '#error=timeout&error_description=Timeout+during+authentication+renew.';

/**
 * Reports the iframe's answer (`undefined`: the timeout, which with `shown` came early because the
 * tenant showed a page that did not answer): a posted object as it came, else the parsed hash.
 */
export function renewAuthAnswer(ctx: WebAuthContext, value: unknown, cb: NodeCallback<any>, shown?: boolean): void {
  trace(ctx.baseOptions.debug, 'renewAuth', value === undefined ? 'timeout' : 'answered');
  // v10 handed an already parsed (object or null) answer over unchanged.
  if (value !== undefined && typeof value === 'object') return cb(null, value);
  // A silent run: login_required and timeout may come from blocked third-party cookies.
  parseHash(
    ctx,
    { hash: value === undefined ? TIMEOUT_HASH : String(value) },
    tapError(cb, (err) => {
      withHint(err, true);
      // withHint gave the timeout's hint; the page the tenant showed comes first (SHOWN_PAGE_HINT).
      if (shown && value === undefined) err.hint = `the tenant showed a page, ${err.hint}`;
    }),
  );
}
