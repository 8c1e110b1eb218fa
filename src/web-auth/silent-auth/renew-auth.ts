/**
 * `renewAuth`, v10's legacy silent authentication: `/authorize` with `prompt=none` in a hidden
 * iframe whose callback page is on the app's origin. The answer is read either from the iframe's
 * own URL fragment once it loads, or from a message the callback page posts to its parent; the
 * legacy chunk, loaded together with the iframe, reads the answer.
 */
import { hiddenFrameRun } from '../../browser/child-window.js';
import { currentLocation } from '../../browser/env.js';
import { senderProblem } from '../../browser/message-filter.js';
import { checkOptionsObject } from '../../shared/assert.js';
import { traceIgnored } from '../../shared/debug.js';
import { mergeBase, omit } from '../../shared/objects.js';
import type { WebAuthContext } from '../../flow/context.js';
import { expectsIdToken, prefetchKeySet } from '../../flow/key-set-prefetch.js';
import type { RenewAuthOptions } from '../../types.js';
import type { NodeCallback } from '../../shared/types.js';
import { preload } from '../load-capability.js';

export type { RenewAuthOptions };

const BASE_KEYS = [
  'clientID',
  'redirectUri',
  'responseType',
  'scope',
  'audience',
  '_csrf',
  'state',
  '_intstate',
  'nonce',
];
/** v10's default wait for the iframe's answer. */
export const RENEW_AUTH_TIMEOUT_MS = 60_000;

/** Runs `renewAuth(options)`; `cb` gets `parseHash`'s values, or a posted object as it came. */
export function renewAuth(ctx: WebAuthContext, options: RenewAuthOptions, cb: NodeCallback<any>): void {
  checkOptionsObject(options);
  const usePostMessage = !!options.usePostMessage;
  const dataType = options.postMessageDataType || false;
  const expectedOrigin = options.postMessageOrigin || currentLocation(ctx.env).origin;
  let params = mergeBase(ctx.baseOptions, BASE_KEYS, options);
  params.responseType = params.responseType || 'token';
  params.responseMode = params.responseMode || 'fragment';
  ctx.transactionManager.process(params);
  params.prompt = 'none';
  params = omit(params, ['usePostMessage', 'tenant', 'postMessageDataType', 'postMessageOrigin']);

  const url = ctx.client.buildAuthorizeUrl(params);
  const ignored = traceIgnored(ctx.baseOptions.debug, 'renewAuth');
  // With the iframe: the answer's reader arrives while /authorize runs (./renew-answer.ts).
  const chunk = preload('legacy');
  hiddenFrameRun<unknown>(
    ctx.env,
    url,
    Number(options.timeout) || RENEW_AUTH_TIMEOUT_MS,
    (frame, answer) => {
      if (usePostMessage) {
        return ctx.env.listen((event) => {
          const reason =
            senderProblem(event, expectedOrigin, frame.window) ||
            (dataType !== false && event.data?.type !== dataType ? 'type' : '');
          if (reason) return ignored?.(reason, event.origin);
          answer(event.data && typeof event.data === 'object' && event.data.hash ? event.data.hash : event.data);
        });
      }
      return frame.onLoad(() => {
        // The first load is Chromium's about:blank; a page of another origin cannot be read, and
        // the timeout reports it (v10 threw from its listener there).
        const location = frame.location();
        if (location && location.protocol !== 'about:') answer(location.hash);
      });
    },
    (value, shown) => chunk((c) => c.renewAuthAnswer(ctx, value, cb, shown), cb),
    // A callback page of its own origin that posts its answer cannot be told from the tenant's page.
    !(usePostMessage && options.postMessageOrigin),
  );
  if (expectsIdToken(params.responseType)) prefetchKeySet(ctx);
}
