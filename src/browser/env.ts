/**
 * The environment seam: the only module that reads `window`, `document`, `location` and storage.
 * Everything else receives a `BrowserEnv`, so protocol code stays pure and tests can inject fakes.
 * Globals are read lazily, on use, so importing the library during server-side rendering is safe.
 */

import { WebAuthError } from '../errors.js';
import { autoPostForm } from './auto-post-form.js';

/** What the library needs from the page it runs in. */
export interface BrowserEnv {
  fetch(input: string, init?: RequestInit): Promise<Response>;
  getRandomValues(bytes: Uint8Array): Uint8Array;
  /** SubtleCrypto, for at_hash. */
  subtle(): SubtleCrypto;
  now(): number;
  /** Resolves after `ms` milliseconds. */
  delay(ms: number): Promise<void>;
  /** The current page URL (`location.href`). */
  href(): string;
  /** Navigates the page (`location.assign`). */
  navigate(url: string): void;
  /** `document.cookie` getter / setter. */
  readCookies(): string;
  writeCookie(cookie: string): void;
  /** `window.localStorage` (undefined where absent; may throw where disabled). */
  localStorage(): Storage | undefined;
  warn(...args: unknown[]): void;
  /** Adds a `message` listener to the window; returns a function that removes it. */
  listen(handler: (event: MessageEvent) => void): () => void;
  /** The parent window when this page is framed, else null. */
  parent(): Window | null;
  /**
   * Submits the auto-post form in `html` (the tenant's login answer), rebuilt from its fields
   * only (see auto-post-form.ts); throws a `WebAuthError` when `html` holds no usable form.
   */
  submitForm(html: string): void;
  /** Appends a hidden iframe to the body, not yet navigated (see child-window.ts). */
  hiddenFrame(): HiddenFrame;
  /** Calls `fn` after `ms` milliseconds; returns a function that cancels it. */
  timer(fn: () => void, ms: number): () => void;
  /** `window.open(url, name, features)`: the new window, or null when the browser blocked it. */
  openWindow(url: string, name: string | null, features: string): Window | null;
  /** The window that opened this one (`window.opener`), or null. */
  opener(): Window | null;
  /** Where the page's window is and how big it is, for centring a popup. */
  screenBox(): { x: number; y: number; width: number; height: number };
  /** Adds a `pagehide` listener (the page is unloading); returns a function that removes it. */
  onPageHide(handler: () => void): () => void;
  /** Closes this window (`window.close()`). */
  closeSelf(): void;
  /** Sets a property of the global object (v10's `window.doPost` relay). */
  setGlobal(name: string, value: unknown): void;
  /** The page's `document` (captcha widgets and provider scripts). */
  document(): Document;
  /** The page's `window`, where provider scripts put their globals and look up their callbacks. */
  window(): Window & Record<string, any>;
}

/** A hidden iframe: its window (for `event.source` checks), navigation and removal. */
export interface HiddenFrame {
  window: Window | null;
  load(url: string): void;
  remove(): void;
  /** Calls `fn` on each `load` event of the iframe; returns a function that stops it. */
  onLoad(fn: () => void): () => void;
  /** The framed page's location, or undefined while it is not readable (another origin). */
  location(): { protocol: string; hash: string } | undefined;
}

/** What a redirect login uses of the page (`authorize`, `parseHash`, token checks, their storage). */
export type RedirectEnv = Pick<
  BrowserEnv,
  | 'fetch'
  | 'getRandomValues'
  | 'subtle'
  | 'now'
  | 'delay'
  | 'href'
  | 'navigate'
  | 'readCookies'
  | 'writeCookie'
  | 'localStorage'
  | 'warn'
  | 'timer'
>;

/**
 * The real browser's {@link RedirectEnv}, apart from the rest of {@link defaultEnv} so that the
 * modular entry does not bundle frames, popups and form posts. Globals are read on use.
 */
export function redirectEnv(): RedirectEnv {
  return {
    fetch: (input, init) => fetch(input, init),
    getRandomValues: (bytes) => crypto.getRandomValues(bytes),
    subtle: () => crypto.subtle,
    now: () => Date.now(),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    href: () => location.href,
    navigate: (url) => location.assign(url),
    readCookies: () => document.cookie,
    writeCookie: (cookie) => {
      document.cookie = cookie;
    },
    localStorage: () => globalThis.localStorage,
    warn: (...args) => console.warn(...args),
    timer: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
  };
}

/**
 * The real browser environment. Each member looks its global up when called, so a server that only
 * imports the library never touches `window`; calling a browser-only member there throws the
 * runtime's own ReferenceError (for example "location is not defined").
 */
export function defaultEnv(): BrowserEnv {
  return {
    ...redirectEnv(),
    listen: (handler) => {
      addEventListener('message', handler);
      return () => removeEventListener('message', handler);
    },
    parent: () => (parent !== window ? parent : null),
    submitForm: (html) => {
      const form = autoPostForm(document, html);
      if (!form) throw new WebAuthError('The login answer holds no form to submit');
      document.body.appendChild(form).submit();
    },
    hiddenFrame: () => {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      document.body.appendChild(frame);
      return {
        window: frame.contentWindow,
        load: (url) => void (frame.src = url),
        remove: () => frame.remove(),
        onLoad: (fn) => {
          frame.addEventListener('load', fn);
          return () => frame.removeEventListener('load', fn);
        },
        location: () => {
          try {
            const { protocol, hash } = frame.contentWindow!.location;
            return { protocol, hash };
          } catch {
            return undefined; // a cross-origin page: its location is not ours to read
          }
        },
      };
    },
    openWindow: (url, name, features) => open(url, name as string, features),
    opener: () => opener,
    // v10's fallbacks (screenLeft, the body's size) were for browsers that lacked these globals.
    screenBox: () => ({ x: screenX, y: screenY, width: outerWidth, height: outerHeight }),
    onPageHide: (handler) => {
      addEventListener('pagehide', handler);
      return () => removeEventListener('pagehide', handler);
    },
    closeSelf: () => close(),
    setGlobal: (name, value) => void ((globalThis as Record<string, unknown>)[name] = value),
    document: () => document,
    window: () => window as unknown as Window & Record<string, any>,
  };
}

/** Parses `href` and returns the parts the library uses. */
export function currentLocation(env: Pick<BrowserEnv, 'href'>): URL {
  return new URL(env.href());
}

/** True when running on the tenant's hosted login page (the page's host is the domain). */
export function onHostedLoginPage(env: Pick<BrowserEnv, 'href'>, domain: string): boolean {
  try {
    return new URL(env.href()).host === domain;
  } catch {
    return false; // No location (server side).
  }
}
