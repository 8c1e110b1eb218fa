/**
 * The environment seam: the only module that reads `window`, `document`, `location` and storage.
 * Everything else receives a `BrowserEnv`, so protocol code stays pure and tests can inject fakes.
 * Globals are read lazily, on use, so importing the library during server-side rendering is safe.
 */

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
   * Appends `html` (the tenant's auto-post form) in a new element at the end of the body and
   * submits its first element, which is the form.
   */
  submitForm(html: string): void;
}

function global(): typeof globalThis {
  return globalThis;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === null) {
    throw new Error(`${what} is not available in this environment`);
  }
  return value;
}

/** The real browser environment. Each member looks its global up when called. */
export function defaultEnv(): BrowserEnv {
  return {
    fetch: (input, init) => need(global().fetch, 'fetch').call(global(), input, init),
    getRandomValues: (bytes) => need(global().crypto, 'crypto').getRandomValues(bytes),
    subtle: () => need(global().crypto?.subtle, 'crypto.subtle'),
    now: () => Date.now(),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    href: () => need(global().location, 'location').href,
    navigate: (url) => need(global().location, 'location').assign(url),
    readCookies: () => need(global().document, 'document').cookie,
    writeCookie: (cookie) => {
      need(global().document, 'document').cookie = cookie;
    },
    localStorage: () => global().localStorage,
    warn: (...args) => global().console?.warn(...args),
    listen: (handler) => {
      const win = need(global().window, 'window');
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
    parent: () => {
      const win = need(global().window, 'window');
      return win.parent && win.parent !== win ? win.parent : null;
    },
    submitForm: (html) => {
      const doc = need(global().document, 'document');
      const holder = doc.createElement('div');
      holder.innerHTML = html; // tenant HTML on the tenant's own page; scripts in it do not run
      doc.body.appendChild(holder);
      (holder.firstElementChild as HTMLFormElement | null)?.submit();
    },
  };
}

/** Parses `href` and returns the parts the library uses. */
export function currentLocation(env: BrowserEnv): URL {
  return new URL(env.href());
}
