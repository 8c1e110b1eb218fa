/**
 * The opener's side of the popup protocol, message for message v10's (WinChan's JSON strings):
 * the popup posts `{"a":"ready"}`, the opener answers `{"a":"request"}`, the popup posts
 * `{"a":"response","d":…}` or `{"a":"error","d":…}`. A message counts only when it comes from the
 * popup this channel watches and from the expected origin. `done` is called exactly once, and by
 * then the listeners, the poll timer and the window are gone. Only the popup chunk imports it.
 */
import { trace, traceIgnored } from '../../shared/debug.js';
import { acceptWindowMessage } from '../../browser/message-filter.js';
import { focusPopup, type OpenedPopup, type PopupChannel } from '../../browser/popup-window.js';
import type { BrowserEnv, DebugHook } from '../../types.js';

export type { PopupChannel };

/** v10's error value when the user closes the popup before it answered. */
export const POPUP_CLOSED = 'User closed the popup window';
/** How often v10 looked at `popup.closed`. */
const CLOSED_POLL_MS = 500;

export interface PopupWatchOptions {
  /** The only origin answers are read from. */
  origin: string;
  /** The `debug` option: traces flow `popup` (messages accepted or ignored, the window closed). */
  debug?: DebugHook | undefined;
}

/**
 * Runs the protocol with the window `openPopupWindow` gave and waits for its one answer. `early`:
 * messages the window sent before this ran (read first, with the same checks).
 */
export function watchPopup(
  env: BrowserEnv,
  options: PopupWatchOptions,
  opened: OpenedPopup,
  done: (err: unknown, data?: unknown) => void,
  early: readonly MessageEvent[] = [],
): PopupChannel {
  const { origin, debug } = options;
  let popup = opened.popup;
  let finished = false;
  let stops: (() => void)[] = [];
  const finish = (err: unknown, data?: unknown) => {
    if (finished) return;
    finished = true;
    for (const stop of stops) stop();
    stops = [];
    const w = popup;
    popup = null;
    try {
      w?.close();
    } catch {
      w?.postMessage('die', origin); // v10's fallback where closing is refused
    }
    done(err, data);
  };
  // Errors known before any window exists are reported after this call returns, as v10 did.
  if (opened.error !== undefined) stops.push(env.timer(() => finish(opened.error), 0));

  // `by`: `user` (the window was closed), `page` (this page unloads), `app` (the handle's close()).
  const closed = (by: string) => {
    if (!finished) trace(debug, 'popup', 'closed', { by });
    finish(POPUP_CLOSED);
  };
  if (popup) {
    const target = popup;
    const ignored = traceIgnored(debug, 'popup');
    const read = (event: MessageEvent) => {
      const message = acceptWindowMessage(event, origin, target, ignored);
      if (!message) return;
      const a = message.a;
      if (a === 'ready' || a === 'error' || a === 'response') trace(debug, 'popup', 'message-accepted', { origin, a });
      else ignored?.('type', origin);
      if (a === 'ready') target.postMessage(JSON.stringify({ a: 'request' }), origin);
      else if (a === 'error') finish(message.d);
      else if (a === 'response') finish(null, message.d);
    };
    stops.push(
      env.listen(read),
      env.onPageHide(() => closed('page')),
    );
    for (const event of early) if (!finished) read(event);
    let cancelPoll = () => {};
    const poll = () => {
      if (target.closed) closed('user');
      else cancelPoll = env.timer(poll, CLOSED_POLL_MS);
    };
    stops.push(() => cancelPoll());
    cancelPoll = env.timer(poll, CLOSED_POLL_MS);
  }

  return {
    originalPopup: popup,
    close: () => closed('app'),
    focus: () => focusPopup(popup),
  };
}
