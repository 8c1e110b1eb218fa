/**
 * `popup.callback()`: the popup's side of the popup protocol, run on the `redirectUri` page. It
 * tells the opener it is ready, and answers the opener's request with the result of `parseHash`
 * (validated here, against the transaction the opener stored on this origin). Only the window
 * that opened it is listened to, and the tokens only go to the expected origin: a request from
 * another origin gets v10's `origin_mismatch` answer.
 */
import { acceptWindowMessage } from '../../browser/message-filter.js';
import { traceIgnored } from '../../shared/debug.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { AnyObject, NodeCallback } from '../../shared/types.js';

/**
 * Runs the popup side with `opener` (`window.opener`); `parseHash` is `webAuth.parseHash`,
 * `originUrl` the opener's expected origin (`popup.callback` works both out in the main file).
 */
export function popupCallback(
  ctx: WebAuthContext,
  parseHash: (options: AnyObject, cb: NodeCallback<unknown>) => void,
  opts: AnyObject,
  originUrl: string,
  opener: Window,
): void {
  const { env } = ctx;
  const post = (message: AnyObject, targetOrigin: string) => opener.postMessage(JSON.stringify(message), targetOrigin);
  let asked = false;
  let answered = false;
  const answer = (d: unknown, targetOrigin: string) => {
    answered = true;
    post({ a: 'response', d }, targetOrigin);
  };
  // Listens until the page goes: after the answer only for 'die', the opener's fallback where it
  // may not close this window itself.
  const ignored = traceIgnored(ctx.baseOptions.debug, 'popupCallback');
  const stopListening = env.listen((event) => {
    if (event.data === 'die' && event.source === opener && event.origin === originUrl) return env.closeSelf();
    const message = acceptWindowMessage(event, null, opener, ignored);
    if (!message || message.a !== 'request' || asked) return;
    asked = true;
    const from = event.origin;
    if (from !== originUrl) {
      return answer(
        {
          error: 'origin_mismatch',
          error_description: `The popup's origin (${from}) should match the \`popupOrigin\` parameter (${originUrl}).`,
        },
        from,
      );
    }
    parseHash(opts, (err, result) => answer(err || result, from));
  });
  // Leaving without an answer (the user navigated away or closed it): tell the opener, as v10 did.
  const stopPageHide = env.onPageHide(() => {
    stopListening();
    stopPageHide();
    if (!answered) post({ a: 'error', d: 'client closed window' }, originUrl);
  });
  post({ a: 'ready' }, '*');
}
