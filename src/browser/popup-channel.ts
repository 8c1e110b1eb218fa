/**
 * The opener's side of the popup protocol, message for message v10's (WinChan's JSON strings):
 * the popup posts `{"a":"ready"}`, the opener answers `{"a":"request"}`, the popup posts
 * `{"a":"response","d":…}` or `{"a":"error","d":…}`. A message counts only when it comes from the
 * popup this channel opened and from the expected origin. `done` is called exactly once, and by
 * then the listeners, the poll timer and the window are gone.
 */
import { trace, traceIgnored } from '../shared/debug.js';
import { acceptWindowMessage } from './message-filter.js';
import type { BrowserEnv, DebugHook } from '../types.js';

/** v10's error value when the user closes the popup before it answered. */
export const POPUP_CLOSED = 'User closed the popup window';
/** How often v10 looked at `popup.closed`. */
const CLOSED_POLL_MS = 500;

export interface PopupChannelOptions {
  /** What the popup loads (the `/authorize` URL). */
  url: string;
  /** The page that answers (`redirectUri`, or the tenant's relay for `owp`); required, as in v10. */
  relayUrl: string | undefined;
  /** The only origin answers are read from. */
  origin: string;
  /** `window.open` features. */
  features: string;
  /** A window opened earlier (`popup.preload`), navigated instead of opening another one. */
  popup?: Window | null;
  /** The `debug` option: traces flow `popup` (messages accepted or ignored, the window closed). */
  debug?: DebugHook | undefined;
}

/** v10's WinChan handle. */
export interface PopupChannel {
  originalPopup: Window | null;
  /** Closes the popup; the callback gets the "closed" error if it had no answer yet. */
  close(): void;
  focus(): void;
}

/** Opens (or reuses) the popup and waits for its one answer. */
export function openPopupChannel(
  env: BrowserEnv,
  options: PopupChannelOptions,
  done: (err: unknown, data?: unknown) => void,
): PopupChannel {
  const { origin, debug } = options;
  let popup: Window | null = null;
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
  const failLater = (err: unknown) => void stops.push(env.timer(() => finish(err), 0));

  if (!options.relayUrl) {
    // v10 reported this and still opened the window (then reported its closing too): no window here.
    failLater("missing required 'relay_url' parameter");
  } else if (options.popup && !options.popup.closed) {
    popup = options.popup;
    popup.location.href = options.url;
  } else {
    popup = env.openWindow(options.url, null, options.features);
    // v10 never called back here; an error lets the app tell the user to allow popups.
    if (!popup)
      failLater({ error: 'popup_blocked', error_description: 'The popup window was blocked by the browser.' });
  }

  // `by`: `user` (the window was closed), `page` (this page unloads), `app` (the handle's close()).
  const closed = (by: string) => {
    if (!finished) trace(debug, 'popup', 'closed', { by });
    finish(POPUP_CLOSED);
  };
  if (popup) {
    const target = popup;
    const ignored = traceIgnored(debug, 'popup');
    stops.push(
      env.listen((event) => {
        const message = acceptWindowMessage(event, origin, target, ignored);
        if (!message) return;
        const a = message.a;
        if (a === 'ready' || a === 'error' || a === 'response')
          trace(debug, 'popup', 'message-accepted', { origin, a });
        else ignored?.('type', origin);
        if (a === 'ready') target.postMessage(JSON.stringify({ a: 'request' }), origin);
        else if (a === 'error') finish(message.d);
        else if (a === 'response') finish(null, message.d);
      }),
      env.onPageHide(() => closed('page')),
    );
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
    focus: () => {
      try {
        popup?.focus();
      } catch {
        // Some browsers refuse focusing; the popup stays usable.
      }
    },
  };
}
