/**
 * v10's popup handler: opens (or pre-opens) the centred login window and runs the popup protocol in
 * it. Plugins (Cordova) may supply their own object with the same `preload` and `load` methods.
 */
import { openPopupChannel, type PopupChannel } from './popup-channel.js';
import { urlOrigin } from './url-origin.js';
import type { BrowserEnv, DebugHook } from '../types.js';

/** Size and position keys of `popupOptions`, plus any other `window.open` feature. */
export type PopupFeatures = Record<string, unknown>;

/** The window `preload` opened, with v10's `kill()`. */
export type PreloadedWindow = Window & { kill(): void };

/**
 * The origin of an http(s) URL, parsed (v10 read it as a string prefix, so a `user:pass@` part
 * could spell another origin); any other URL stands for the current page. Undefined for a URL with
 * credentials: no origin to trust (COMPATIBILITY S21).
 */
export function extractOrigin(env: BrowserEnv, url: unknown): string | undefined {
  return urlOrigin(/^https?:\/\//.test(String(url)) ? url : env.href());
}

/** `width`, `height` (default 500×600), `left`, `top` (centred on this window unless given). */
export function popupPosition(
  env: BrowserEnv,
  popupOptions: PopupFeatures,
): { width: number; height: number; left: number; top: number } {
  const width = (popupOptions.width as number) || 500;
  const height = (popupOptions.height as number) || 600;
  const box = env.screenBox();
  return {
    width,
    height,
    left: (popupOptions.left as number) || box.x + (box.width - width) / 2,
    top: (popupOptions.top as number) || box.y + (box.height - height) / 2,
  };
}

/** The `window.open` features: the position, then every other key of `popupOptions`, as `k=v` joined by commas. */
export function popupFeatures(env: BrowserEnv, popupOptions: PopupFeatures = {}): string {
  return Object.entries({ ...popupPosition(env, popupOptions), ...popupOptions })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value ?? ''}`)
    .join(',');
}

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
   * `relayUrl`'s page (origin `options.origin`, else the origin of `url`).
   */
  load(
    url: string,
    relayUrl: string | undefined,
    options: { origin?: string; popupOptions?: PopupFeatures },
    cb: (err: unknown, data?: unknown) => void,
  ): PopupChannel {
    const channel = openPopupChannel(
      this.env,
      {
        url,
        relayUrl,
        // '' (a URL with credentials) matches no sender: every answer is ignored.
        origin: options.origin || extractOrigin(this.env, url) || '',
        features: popupFeatures(this.env, options.popupOptions),
        popup: this._current_popup,
        debug: this.debug,
      },
      (err, data) => {
        this._current_popup = null;
        cb(err, data);
      },
    );
    channel.focus();
    return channel;
  }
}
