/**
 * One page API over three browser drivers, so that one test body serves every engine: Playwright
 * for Chromium, puppeteer-core over WebDriver BiDi for Firefox ESR, and classic WebDriver
 * (WebKitWebDriver driving WebKitGTK's MiniBrowser) for WebKit. Only what the engine flows need.
 */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** A browser tab, as the flows see it. */
export interface EnginePage {
  goto(url: string): Promise<void>;
  /** The tab's current URL. */
  url(): Promise<string>;
  /**
   * Runs `fn(arg)` in the page (its source is sent, so it may use only its argument and the page's
   * globals) and resolves with its JSON-serialisable result; a rejected promise rejects.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Resolves once `fn(arg)` returns something truthy in the page (checked again after each navigation). */
  waitFor<A>(fn: (arg: A) => unknown, arg: A, timeoutMs?: number): Promise<void>;
  /** Resolves once the tab's URL satisfies `test`. */
  waitForUrl(test: (url: URL) => boolean, timeoutMs?: number): Promise<void>;
  fill(selector: string, value: string): Promise<void>;
  /** A real click (a user gesture: popups may open from it). */
  click(selector: string): Promise<void>;
  /** Runs `action` and resolves with the window it opened. */
  popupFrom(action: () => Promise<void>): Promise<EnginePage>;
  /** Resolves once this window (a popup) has closed. */
  waitForClose(timeoutMs?: number): Promise<void>;
}

/** A fresh browser profile with one tab. */
export interface EngineSession {
  page: EnginePage;
  /** Another tab of the same profile. */
  newPage(): Promise<EnginePage>;
  /**
   * Gives `page` a virtual passkey authenticator (CTAP2, platform, resident keys, user
   * verification), or says why this engine's driver has none.
   */
  addPasskeyAuthenticator(page: EnginePage): Promise<void | { unavailable: string }>;
  /** The engine's version string, as its driver reports it. */
  version: string;
  close(): Promise<void>;
}

export const DEFAULT_WAIT_MS = 20_000;

/** Polls `check` until it yields something truthy or `timeoutMs` passes. */
export async function pollUntil(check: () => Promise<unknown>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err; // a navigation in progress: try again
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `(fn)(arg)` as source, for drivers that take a script string. */
export const callSource = (fn: (arg: never) => unknown, arg: unknown) =>
  `(${fn.toString()})(${JSON.stringify(arg ?? null)})`;
