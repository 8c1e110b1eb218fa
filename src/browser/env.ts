/**
 * The environment seam: the only module that reads `window`, `document`, `location` and storage.
 * Everything else receives a `BrowserEnv`, so protocol code stays pure and tests can inject fakes.
 * Globals are read lazily, on use, so importing the library during server-side rendering is safe.
 */

import { WebAuthError } from '../errors.js';
import { autoPostForm } from './auto-post-form.js';
import type { BrowserEnv } from '../types.js';

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
  | 'sessionStorage'
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
    // Not in redirectEnv(): only the code flow (PKCE's verifier) reads it, and the modular entry has none.
    sessionStorage: () => globalThis.sessionStorage,
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
      return {
        get window() {
          return frame.contentWindow;
        },
        load: (url) => {
          frame.src = url;
          document.body.appendChild(frame);
        },
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
    locks: () => navigator.locks,
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

/** The page's localStorage, or undefined where merely reading it throws (storage disabled in some browsers). */
export function usableLocalStorage(env: Pick<RedirectEnv, 'localStorage'>): Storage | undefined {
  try {
    return env.localStorage();
  } catch {
    return undefined;
  }
}
