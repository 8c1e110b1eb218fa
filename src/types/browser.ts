/**
 * The injectable edges: what the library needs from the page (`BrowserEnv`, passed with
 * `customEnvironment`) and from a key-value storage.
 */

/** What the library needs from the page it runs in. */
export interface BrowserEnv {
  /** `fetch` for the library's HTTP requests. */
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** `crypto.getRandomValues`: fills `bytes` with cryptographically strong random values. */
  getRandomValues(bytes: Uint8Array): Uint8Array;
  /** SubtleCrypto, for at_hash. */
  subtle(): SubtleCrypto;
  /** The current time in milliseconds since the epoch (`Date.now()`). */
  now(): number;
  /** Resolves after `ms` milliseconds. */
  delay(ms: number): Promise<void>;
  /** The current page URL (`location.href`). */
  href(): string;
  /** Navigates the page (`location.assign`). */
  navigate(url: string): void;
  /** `document.cookie` getter / setter. */
  readCookies(): string;
  /** Sets one cookie (a `document.cookie = …` string). */
  writeCookie(cookie: string): void;
  /** `window.localStorage` (undefined where absent; may throw where disabled). */
  localStorage(): Storage | undefined;
  /**
   * `window.sessionStorage` (may throw where disabled): holds a PKCE code verifier for this tab.
   * Without it the verifier goes to `localStorage`.
   */
  sessionStorage?(): Storage | undefined;
  /** `console.warn`: the library's warnings. */
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
  /** A hidden iframe, not yet in the page: `load` navigates it and appends it (see child-window.ts). */
  hiddenFrame(): HiddenFrame;
  /** Calls `fn` after `ms` milliseconds; returns a function that cancels it. */
  timer(fn: () => void, ms: number): () => void;
  /** `window.open(url, name, features)`: the new window, or null when the browser blocked it. */
  openWindow(url: string, name: string | null, features: string): Window | null;
  /** The window that opened this one (`window.opener`), or null. */
  opener(): Window | null;
  /** Where the page's window is and how big it is, for centring a popup. */
  screenBox(): {
    /** Left edge in screen pixels (`screenX`). */
    x: number;
    /** Top edge in screen pixels (`screenY`). */
    y: number;
    /** Outer width in pixels. */
    width: number;
    /** Outer height in pixels. */
    height: number;
  };
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
  /** `navigator.locks` (Web Locks), where present: serialises refresh-token rotation across tabs. */
  locks?(): LockManager | undefined;
  /**
   * Opens a `BroadcastChannel` named `name` (session events between the app's tabs); undefined
   * where the page has none. Optional: without it, the page's own `BroadcastChannel` is used.
   */
  broadcastChannel?(name: string): BroadcastChannel | undefined;
}

/** A hidden iframe: its window (for `event.source` checks), navigation and removal. */
export interface HiddenFrame {
  /** The iframe's window once `load` has put it in the page; null before that and once removed. */
  window: Window | null;
  /**
   * Navigates the iframe to `url`, setting its address before appending it to the body: Chromium
   * then skips the blank document it would otherwise create first (a few ms per silent check).
   */
  load(url: string): void;
  /** Takes the iframe out of the page. */
  remove(): void;
  /** Calls `fn` on each `load` event of the iframe; returns a function that stops it. */
  onLoad(fn: () => void): () => void;
  /** The framed page's location, or undefined while it is not readable (another origin). */
  location():
    | {
        /** The framed page's scheme, for example `https:` or `about:`. */
        protocol: string;
        /** The framed page's URL fragment, with its `#` (holds the tokens: never log it). */
        hash: string;
      }
    | undefined;
}

/**
 * The storage seam for transactions and SSO hints. Synchronous on purpose: cookies and
 * localStorage are synchronous, and `authorize()` must have stored its transaction before it
 * navigates away in the same tick, as auth0-js 10 does.
 */
export interface KeyValueStore {
  /** The stored value (JSON-decoded), or `undefined`. */
  get(key: string): unknown;
  /** Stores `value` (JSON-encoded) for `expiresDays` days (fractions allowed). */
  set(key: string, value: unknown, expiresDays?: number): void;
  /** Deletes `key`. */
  remove(key: string): void;
}
