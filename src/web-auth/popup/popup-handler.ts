/**
 * v10's popup handler: opens (or pre-opens) the centred login window and runs the popup protocol in
 * it. The window opens in the task of the call (popup blockers); the protocol's code arrives with
 * the popup chunk, loaded at the same time (issue 32). Plugins (Cordova) may supply their own
 * object with the same `preload` and `load` methods.
 */
import {
  extractOrigin,
  focusPopup,
  openPopupWindow,
  popupFeatures,
  popupPosition,
  type PopupChannel,
  type PopupFeatures,
  type PreloadedWindow,
} from '../../browser/popup-window.js';
import type { BrowserEnv, DebugHook } from '../../types.js';
import { loadCapability } from '../load-capability.js';

/** Opens the login window and reports its answer. */
export class PopupHandler {
  /** The window `preload` opened and `load` has not used yet. */
  _current_popup: PreloadedWindow | null = null;

  /** `debug`: the `debug` option, told what happens to the popup's messages and window. */
  constructor(
    private readonly env: BrowserEnv,
    private readonly debug?: DebugHook,
  ) {}

  /** v10's centring: the `{ width, height, left, top }` a popup of this size gets. */
  calculatePosition(options: PopupFeatures) {
    return popupPosition(this.env, options);
  }

  /**
   * Opens `options.url` (default `about:blank`) now, while the click that allows popups is being
   * handled, unless a window it opened is still open. Returns the window (null when blocked).
   */
  preload(options: { url?: string; popupOptions?: PopupFeatures } = {}): PreloadedWindow | null {
    const current = this._current_popup;
    if (current && !current.closed) return current;
    const features = popupFeatures(this.env, options.popupOptions);
    const opened = this.env.openWindow(
      options.url || 'about:blank',
      'auth0_signup_popup',
      features,
    ) as PreloadedWindow | null;
    this._current_popup = opened;
    if (opened) {
      opened.kill = () => {
        opened.close();
        this._current_popup = null;
      };
    }
    return opened;
  }

  /**
   * Loads `url` in the preloaded window or a new one and calls `cb` once with the answer posted from
   * `relayUrl`'s page (origin `options.origin`, else the origin of `url`). A popup chunk that cannot
   * be loaded closes the window and gives `cb` the ChunkLoadError.
   */
  load(
    url: string,
    relayUrl: string | undefined,
    options: { origin?: string; popupOptions?: PopupFeatures },
    cb: (err: unknown, data?: unknown) => void,
  ): PopupChannel {
    const { env } = this;
    const features = popupFeatures(env, options.popupOptions);
    const opened = openPopupWindow(env, url, relayUrl, features, this._current_popup);
    // '' (a URL with credentials) matches no sender: every answer is ignored.
    const watch = { origin: options.origin || extractOrigin(env, url) || '', debug: this.debug };
    const done = (err: unknown, data?: unknown) => {
      this._current_popup = null;
      cb(err, data);
    };
    let channel: PopupChannel | undefined;
    let closeAsked = false;
    // The callback page may say 'ready' (once) before this page has the chunk: kept for it. The
    // protocol has three kinds of message: a window posting more is not kept without bound.
    const early: MessageEvent[] = [];
    const stopEarly = env.listen((event) => event.source === opened.popup && early.length < 9 && early.push(event));
    loadCapability('popup').then(
      (chunk) => {
        stopEarly();
        channel = chunk.watchPopup(env, watch, opened, done, early);
        if (closeAsked) channel.close();
      },
      (err: Error) => {
        stopEarly();
        opened.popup?.close();
        // Out of the loader's promise job, so a throwing callback is reported as an error.
        queueMicrotask(() => done(err));
      },
    );
    // Until the chunk is there, the handle closes (once it is) and focuses the window itself.
    const handle: PopupChannel = {
      originalPopup: opened.popup,
      close: () => (channel ? channel.close() : void (closeAsked = true)),
      focus: () => (channel ? channel.focus() : focusPopup(opened.popup)),
    };
    handle.focus();
    return handle;
  }
}
