/**
 * The popup window itself: v10's features and centring, and the window opened (or the preloaded one
 * navigated) in the task of the call, so the browser does not block it. The message protocol that
 * follows is web-auth/popup/popup-channel.ts, loaded on first use with the popup chunk (issue 32).
 */
import { urlOrigin } from './url-origin.js';
import type { BrowserEnv } from '../types.js';

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

/** v10's WinChan handle. */
export interface PopupChannel {
  originalPopup: Window | null;
  /** Closes the popup; the callback gets the "closed" error if it had no answer yet. */
  close(): void;
  focus(): void;
}

/** The window `openPopupWindow` gave, or the error to report instead (no window then). */
export interface OpenedPopup {
  popup: Window | null;
  error?: unknown;
}

/**
 * Navigates `popup` (a window `preload` opened, still open) to `url`, else opens `url` in a new
 * window with `features`. Nothing opens without `relayUrl` (v10 required it) or when blocked.
 */
export function openPopupWindow(
  env: BrowserEnv,
  url: string,
  relayUrl: string | undefined,
  features: string,
  popup?: Window | null,
): OpenedPopup {
  // v10 reported this and still opened the window (then reported its closing too): no window here.
  if (!relayUrl) return { popup: null, error: "missing required 'relay_url' parameter" };
  if (popup && !popup.closed) {
    popup.location.href = url;
    return { popup };
  }
  const opened = env.openWindow(url, null, features);
  // v10 never called back here; an error lets the app tell the user to allow popups.
  if (!opened)
    return {
      popup: null,
      error: { error: 'popup_blocked', error_description: 'The popup window was blocked by the browser.' },
    };
  return { popup: opened };
}

/** Focuses `popup`; some browsers refuse, and the popup stays usable. */
export function focusPopup(popup: Window | null): void {
  try {
    popup?.focus();
  } catch {
    // Refused: nothing to do.
  }
}
