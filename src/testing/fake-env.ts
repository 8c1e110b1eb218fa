/** A scriptable BrowserEnv for unit tests: a fake page URL, cookie jar, fetch and navigation log. */
import { webcrypto } from 'node:crypto';
import type { BrowserEnv } from '../types.js';

export interface FakeEnv extends BrowserEnv {
  url: string;
  navigations: string[];
  submittedForms: string[];
  warnings: unknown[][];
  cookieWrites: string[];
  fetches: { url: string; init?: RequestInit }[];
  /** Answers fetches; default 404. */
  respond: (url: string, init?: RequestInit) => Response | Promise<Response>;
  clock: number;
  /** Delays requested through `delay()`; each one advances the fake clock instead of waiting. */
  delays: number[];
  /** Registered `message` listeners. */
  listeners: Set<(event: MessageEvent) => void>;
  /** The fake parent window (when framed) and what was posted to it. */
  parentWindow: { postMessage: (data: unknown, origin: string) => void; posted: [unknown, string][] } | null;
  /** Hidden iframes created, with the URL each was navigated to and whether it is still attached. */
  frames: FakeFrame[];
  /** Pending timers; `fireTimers()` runs the due ones. */
  timers: Set<{ at: number; fn: () => void }>;
  /** Advances the clock by `ms` and runs every timer due by then. */
  advance(ms: number): void;
  /** What `localStorage()` gives: a Storage, undefined (absent) or 'throws'. */
  storage: Storage | undefined | 'throws';
  /** What `sessionStorage()` gives (default: an empty memory storage). */
  session: (Storage & { data: Map<string, string> }) | undefined | 'throws';
  /** The page's document and window, for tests that give the fake page a DOM (unset: none). */
  dom?: { document: Document; window: Window & Record<string, any> };
  /** Windows opened with `openWindow`, in order. */
  opened: FakePopup[];
  /** When true, `openWindow` returns null (a popup blocker). */
  blockPopups: boolean;
  /** This page's opener (a popup page's test), or null. */
  openerWindow: FakePopup | null;
  /** Registered `pagehide` listeners. */
  pageHideListeners: Set<() => void>;
  /** True once `closeSelf()` was called. */
  selfClosed: boolean;
  /** Globals set through `setGlobal`. */
  globals: Record<string, unknown>;
}

/** A window opened by the fake page: what it was opened with, what was posted to it, and `closed`. */
export interface FakePopup {
  url: string;
  name: string | null;
  features: string;
  closed: boolean;
  focused: number;
  posted: [unknown, string][];
  location: { href: string };
  postMessage(data: unknown, origin: string): void;
  close(): void;
  focus(): void;
}

/** A fake window; `location.href` assignments are kept in `location`. */
export function fakePopup(url = '', name: string | null = null, features = ''): FakePopup {
  const popup: FakePopup = {
    url,
    name,
    features,
    closed: false,
    focused: 0,
    posted: [],
    location: { href: url },
    postMessage: (data, origin) => void popup.posted.push([data, origin]),
    close: () => void (popup.closed = true),
    focus: () => void popup.focused++,
  };
  return popup;
}

/** A hidden iframe of the fake page: `window` is the object a genuine answer comes from. */
export interface FakeFrame {
  window: { frame: true };
  url?: string;
  attached: boolean;
  /** `load` listeners; `loadFrame` calls them. */
  loadListeners: Set<() => void>;
  /** What the framed page's location reads as (undefined: another origin). */
  location?: { protocol: string; hash: string };
}

/** A Map-backed Storage; `failing` makes every call throw (quota, private mode). */
export function memoryStorage(failing = false): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const guard = () => {
    if (failing) throw new Error('QuotaExceededError');
  };
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => (guard(), data.get(k) ?? null),
    setItem: (k, v) => (guard(), void data.set(k, String(v))),
    removeItem: (k) => (guard(), void data.delete(k)),
    clear: () => data.clear(),
  };
}

/** A fake page at `url` whose cookie jar honours expiry (enough for the transaction store). */
export function fakeEnv(url = 'https://app.example.com/callback'): FakeEnv {
  const jar = new Map<string, { value: string; expires: number }>();
  const env: FakeEnv = {
    url,
    navigations: [],
    submittedForms: [],
    listeners: new Set(),
    parentWindow: null,
    listen: (handler) => {
      env.listeners.add(handler);
      return () => void env.listeners.delete(handler);
    },
    parent: () => env.parentWindow as unknown as Window | null,
    warnings: [],
    cookieWrites: [],
    fetches: [],
    clock: Date.parse('2026-11-23T12:00:00Z'),
    storage: undefined,
    session: memoryStorage(),
    delays: [],
    delay: async (ms) => {
      env.delays.push(ms);
      env.clock += ms;
    },
    respond: () => new Response('not found', { status: 404 }),
    fetch: async (input, init) => {
      env.fetches.push({ url: input, init });
      return env.respond(input, init);
    },
    getRandomValues: (bytes) => webcrypto.getRandomValues(bytes),
    subtle: () => webcrypto.subtle as unknown as SubtleCrypto,
    now: () => env.clock,
    href: () => env.url,
    navigate: (to) => void env.navigations.push(to),
    readCookies: () =>
      [...jar.entries()]
        .filter(([, c]) => c.expires > env.clock)
        .map(([name, c]) => `${name}=${c.value}`)
        .join('; '),
    writeCookie: (cookie) => {
      env.cookieWrites.push(cookie);
      const [pair, ...attributes] = cookie.split('; ');
      const eq = pair!.indexOf('=');
      const expires = attributes.find((a) => a.startsWith('expires='));
      jar.set(pair!.slice(0, eq), {
        value: pair!.slice(eq + 1),
        expires: expires ? Date.parse(expires.slice(8)) : Infinity,
      });
    },
    localStorage: () => {
      if (env.storage === 'throws') throw new Error('SecurityError: localStorage is disabled');
      return env.storage;
    },
    sessionStorage: () => {
      if (env.session === 'throws') throw new Error('SecurityError: sessionStorage is disabled');
      return env.session;
    },
    warn: (...args) => void env.warnings.push(args),
    submitForm: (html) => void env.submittedForms.push(html),
    frames: [],
    hiddenFrame: () => {
      const frame: FakeFrame = { window: { frame: true }, attached: true, loadListeners: new Set() };
      env.frames.push(frame);
      return {
        window: frame.window as unknown as Window,
        load: (url) => void (frame.url = url),
        remove: () => void (frame.attached = false),
        onLoad: (fn) => {
          frame.loadListeners.add(fn);
          return () => void frame.loadListeners.delete(fn);
        },
        location: () => frame.location,
      };
    },
    timers: new Set(),
    timer: (fn, ms) => {
      const timer = { at: env.clock + ms, fn };
      env.timers.add(timer);
      return () => void env.timers.delete(timer);
    },
    opened: [],
    blockPopups: false,
    openWindow: (url, name, features) => {
      if (env.blockPopups) return null;
      const popup = fakePopup(url, name, features);
      env.opened.push(popup);
      return popup as unknown as Window;
    },
    openerWindow: null,
    opener: () => env.openerWindow as unknown as Window | null,
    screenBox: () => ({ x: 100, y: 50, width: 1024, height: 768 }),
    pageHideListeners: new Set(),
    onPageHide: (handler) => {
      env.pageHideListeners.add(handler);
      return () => void env.pageHideListeners.delete(handler);
    },
    selfClosed: false,
    closeSelf: () => void (env.selfClosed = true),
    globals: {},
    setGlobal: (name, value) => void (env.globals[name] = value),
    document: () => {
      if (!env.dom) throw new Error('this fake page has no DOM');
      return env.dom.document;
    },
    window: () => {
      if (!env.dom) throw new Error('this fake page has no DOM');
      return env.dom.window;
    },
    advance: (ms) => {
      env.clock += ms;
      for (const timer of [...env.timers]) {
        if (timer.at <= env.clock && env.timers.delete(timer)) timer.fn();
      }
    },
  };
  return env;
}

/** A JSON response (with extra response headers). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The requests a fake env sent, decoded: method, URL, lower-cased headers and JSON body. */
/** A sent request's body as an object: a form body (by its content type) or JSON. */
export function requestBody(init: RequestInit | undefined): any {
  if (typeof init?.body !== 'string') return undefined;
  const type = (init.headers as Record<string, string> | undefined)?.['content-type'];
  return type === 'application/x-www-form-urlencoded'
    ? Object.fromEntries(new URLSearchParams(init.body))
    : JSON.parse(init.body);
}

export function sent(env: FakeEnv) {
  return env.fetches.map(({ url, init }) => ({
    url,
    method: init?.method ?? 'GET',
    headers: (init?.headers ?? {}) as Record<string, string>,
    body: requestBody(init),
    credentials: init?.credentials,
  }));
}

/** A framing parent window that records what is posted to it. */
export function fakeWindow() {
  const posted: [unknown, string][] = [];
  return { posted, postMessage: (data: unknown, origin: string) => void posted.push([data, origin]) };
}

/** Delivers a `message` event to the env's listeners. */
export function dispatchMessage(env: FakeEnv, data: unknown, origin: string, source: unknown): void {
  for (const listener of [...env.listeners]) listener({ data, origin, source } as MessageEvent);
}

/** Makes a fake iframe show a page (`location`, or unreadable when undefined) and fires its `load` listeners. */
export function loadFrame(frame: FakeFrame, location: { protocol: string; hash: string } | undefined): void {
  frame.location = location;
  for (const listener of [...frame.loadListeners]) listener();
}
