/**
 * Forged window messages in Chromium (issue 16 §3, window messages; SECURITY.md "Messages between
 * windows"). While a popup login or a checkSession is in progress, a frame on another origin
 * (`http://evil.test`), the app page itself and a frame of the tenant's origin that is not the
 * library's post authorization responses of the right shape, carrying the real state. Each is
 * delivered (the page's own listener sees it) and ignored: the library's `debug` hook names each
 * one's reason (it decides in the message's own dispatch, so no quiet window is waited out), no
 * callback with its data, cookies and Web Storage unchanged, and the real answer completes exactly
 * once, or the typed timeout comes.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import {
  ALICE,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  waitForStoredKeySet,
  type AppConfig,
} from './support/flow.js';

// The tenant on the app's site (127.0.0.1, another port), so checkSession's iframe gets the session.
const h = useBrowserHarness({ testEndpoints: true, http: true, host: '127.0.0.1' });
const LIBS = ['umd', 'esm'] as const;
type Lib = (typeof LIBS)[number];

const evilOrigin = () => `http://evil.test:${h.app.port}`;
const config = (lib: Lib, appOrigin = h.app.url): AppConfig => ({
  domain: h.tenant.url,
  clientID: 'spa-client',
  redirectUri: appUrl(appOrigin, lib),
  responseType: 'token id_token',
  overrides: { __token_issuer: h.tenant.issuer },
});

/**
 * Every message the page receives (a listener of the test's), every call of the library's callback,
 * and the library's message decisions (its `debug` hook, which it calls in the message's own dispatch).
 */
const RECORDER = () => {
  const w = window as any;
  w.__seen = [];
  w.__calls = [];
  w.__decisions = [];
  w.__debug = (e: { step: string; detail?: { reason?: string } }) => {
    if (e.step.startsWith('message-')) w.__decisions.push(e.step === 'message-ignored' ? e.detail?.reason : 'accepted');
  };
  addEventListener('message', (e) =>
    w.__seen.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data ?? null)),
  );
  w.__record = (err: any, result: any) =>
    w.__calls.push({ err: err ? JSON.parse(JSON.stringify(err)) : null, result: result ?? null });
};

/** Cookies and Web Storage of the app's origin. */
const storage = (page: Page) =>
  page.evaluate(() => ({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
const calls = (page: Page): Promise<{ err: any; result: any }[]> => page.evaluate(() => (window as any).__calls);
/** Waits until `n` messages marked `forged` have reached the page. */
const delivered = (page: Page, n: number) =>
  page.waitForFunction((n) => (window as any).__seen.filter((m: string) => m.includes('forged')).length >= n, n);
/** The library's decision on each message it read, in order: the reason it ignored it, or `accepted`. */
const decisions = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__decisions);
/** Waits until the library has decided on `n` messages; returns the decisions. */
async function decided(page: Page, n: number): Promise<string[]> {
  await page.waitForFunction((n) => (window as any).__decisions.length >= n, n);
  return decisions(page);
}

/** Embeds a frame of `origin` whose page the test serves, and returns it. */
async function hostileFrame(page: Page, origin: string): Promise<Frame> {
  const url = `${origin}/hostile-${Math.random().toString(36).slice(2)}.html`;
  await page
    .context()
    .route(url, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>hostile</title>' }));
  await page.evaluate(
    (url) =>
      new Promise((resolve) => {
        const frame = document.createElement('iframe');
        frame.onload = resolve;
        frame.src = url;
        document.body.append(frame);
      }),
    url,
  );
  const frame = page.frames().find((f) => f.url() === url);
  if (!frame) throw new Error(`no frame for ${url}`);
  return frame;
}

/** Posts each message to the frame's parent (the app page), as a hostile frame can. */
const postToParent = (frame: Frame, messages: unknown[]) =>
  frame.evaluate((messages) => messages.forEach((m) => parent.postMessage(m, '*')), messages);
/** Posts each message from the app page to itself: the right origin, but not the expected window. */
const postToSelf = (page: Page, messages: unknown[]) =>
  page.evaluate((messages) => messages.forEach((m) => postMessage(m, location.origin)), messages);

/** The popup protocol's answers (JSON strings), forged with the real state. */
const popupForgeries = (state: string) => [
  JSON.stringify({ a: 'ready', forged: true }),
  JSON.stringify({
    a: 'response',
    d: {
      accessToken: 'forged',
      idToken: 'forged',
      tokenType: 'Bearer',
      expiresIn: 7200,
      state,
      idTokenPayload: { email: 'mallory@evil.test' },
    },
  }),
  JSON.stringify({ a: 'error', d: { error: 'access_denied', errorDescription: 'forged', state } }),
];

/** checkSession's web_message answers, forged with the real state. */
const webMessageForgeries = (state: string) => [
  { type: 'authorization_response', response: { access_token: 'forged', token_type: 'Bearer', state } },
  { type: 'authorization_response', response: { error: 'login_required', error_description: 'forged', state } },
];

/** Calls `popup.authorize` (its callback recorded) and returns the popup at the tenant's login form. */
async function openPopupLogin(cfg: AppConfig): Promise<Page> {
  const [popup] = await Promise.all([
    h.context.waitForEvent('page'),
    h.page.evaluate(async (cfg) => {
      const w = window as any;
      new (await w.libReady).WebAuth({ ...cfg, debug: w.__debug }).popup.authorize({}, w.__record);
    }, cfg),
  ]);
  await popup.waitForSelector('#username');
  return popup;
}

/** Signs alice in inside the popup and runs `popup.callback` on the page it returns to. */
async function answerInPopup(popup: Page, cfg: AppConfig): Promise<void> {
  await popup.fill('#username', ALICE.email);
  await popup.fill('#password', ALICE.password);
  const appOrigin = new URL(cfg.redirectUri).origin;
  await Promise.all([popup.waitForURL((url) => url.origin === appOrigin), popup.click('#submit')]);
  await popup.evaluate(async (cfg) => new (await (window as any).libReady).WebAuth(cfg).popup.callback(), cfg);
}

describe.each(LIBS)('popup.authorize with the %s build, under forged answers', (lib) => {
  it('MSG-B1 (HTML postMessage origin and source): ignores them from another origin, from the app window itself and after the answer; the real answer comes once', async () => {
    await openApp(h.page, h.app.url, lib);
    await h.page.evaluate(RECORDER);
    const evil = await hostileFrame(h.page, evilOrigin());
    const popup = await openPopupLogin(config(lib));
    const state = new URL(popup.url()).searchParams.get('state')!;
    // The key set the flow fetches as it starts is kept in localStorage: snapshot after that write
    // (on a new page it could land between the two snapshots; a CI run failed so).
    await waitForStoredKeySet(h.page);
    const before = await storage(h.page);
    expect(before.cookie).toContain(`com.auth0.auth.${encodeURIComponent(state)}`);

    const forged = popupForgeries(state);
    await postToParent(evil, forged);
    await postToSelf(h.page, forged);
    await delivered(h.page, 2 * forged.length);
    // Each was judged while it was dispatched: ignored for its origin, or (the app window) its source.
    // Sorted: two windows' messages arrive in either order.
    expect((await decided(h.page, 2 * forged.length)).sort()).toEqual([
      ...forged.map(() => 'origin'),
      ...forged.map(() => 'source'),
    ]);
    expect(await calls(h.page)).toEqual([]);
    expect(await storage(h.page)).toEqual(before);
    expect(popup.isClosed()).toBe(false);

    await answerInPopup(popup, config(lib));
    await expect.poll(() => calls(h.page).then((c) => c.length)).toBe(1);
    await expect.poll(() => popup.isClosed()).toBe(true);
    const judged = await decisions(h.page);
    expect(judged.filter((d) => d === 'accepted')).toEqual(['accepted', 'accepted']); // ready, response
    // Late copies of the forgeries, after the answer, change nothing either: no one reads them.
    await postToParent(evil, forged);
    await delivered(h.page, 3 * forged.length);
    expect(await decisions(h.page)).toEqual(judged);
    const [only, ...more] = await calls(h.page);
    expect(more).toEqual([]);
    expect(only!.err).toBeNull();
    expect(only!.result.accessToken).not.toBe('forged');
    expect(only!.result.idTokenPayload).toMatchObject({ email: ALICE.email, aud: 'spa-client' });
    // The transaction was used once (other cookies of host 127.0.0.1 belong to the tenant's pages).
    expect(await h.page.evaluate(() => document.cookie)).not.toContain(`com.auth0.auth.${encodeURIComponent(state)}`);
  });
});

/** Signs alice in with a redirect login, so the tenant has a session for checkSession. */
async function signedIn(lib: Lib): Promise<void> {
  await openApp(h.page, h.app.url, lib);
  await startLogin(h.page, config(lib));
  await signIn(h.page, h.app.url);
  expect((await parseHash(h.page, config(lib))).err).toBeNull();
}

/**
 * Starts checkSession (its callback recorded), then forges its answer with the real state from
 * `evil.test`, from a tenant-origin frame that is not the library's and from the app window, and
 * checks that all of them arrived and that storage did not change.
 */
async function forgeDuringCheckSession(lib: Lib, options: Record<string, unknown>) {
  await h.page.evaluate(RECORDER);
  const evil = await hostileFrame(h.page, evilOrigin());
  const rogue = await hostileFrame(h.page, h.tenant.url); // right origin, wrong window
  await h.page.evaluate(
    async ([cfg, options]) => {
      const lib = await (window as any).libReady;
      new lib.WebAuth({ ...cfg, debug: (window as any).__debug }).checkSession(options, (window as any).__record);
    },
    [config(lib), options] as const,
  );
  const ours = await h.page.waitForSelector('iframe[src*="/authorize?"]', { state: 'attached' });
  const state = new URL((await ours.getAttribute('src'))!).searchParams.get('state')!;
  await waitForStoredKeySet(h.page); // as in MSG-B1: the snapshot comes after the key-set write
  const before = await storage(h.page);
  const forged = webMessageForgeries(state);
  await postToParent(evil, forged);
  await postToParent(rogue, forged);
  await postToSelf(h.page, forged);
  await delivered(h.page, 3 * forged.length);
  // Judged in their dispatch: another origin; the tenant's origin from a window not the library's
  // iframe; the app window itself.
  // (Sorted: three windows' messages arrive in any order.)
  expect((await decided(h.page, 3 * forged.length)).sort()).toEqual([
    ...forged.map(() => 'origin'),
    ...forged.map(() => 'origin'),
    ...forged.map(() => 'source'),
  ]);
  expect(await storage(h.page)).toEqual(before);
  return { evil, forged };
}

describe.each(LIBS)('checkSession with the %s build, under forged web messages', (lib) => {
  it('MSG-B2 (OAuth 2.0 Web Message Response Mode; HTML postMessage): ignores them from another origin, the app window and a tenant-origin frame; the real answer comes once', async () => {
    await signedIn(lib);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await h.page.route('**/authorize?**', async (route) => {
      await held;
      await route.continue();
    });
    await forgeDuringCheckSession(lib, { scope: 'openid email' });
    expect(await calls(h.page)).toEqual([]);

    release();
    await expect.poll(() => calls(h.page).then((c) => c.length)).toBe(1);
    // The flow's end: its iframe goes once the callback has run; one message was accepted.
    await h.page.waitForSelector('iframe[src*="/authorize?"]', { state: 'detached' });
    expect((await decisions(h.page)).filter((d) => d === 'accepted')).toEqual(['accepted']);
    const [only, ...more] = await calls(h.page);
    expect(more).toEqual([]);
    expect(only!.err).toBeNull();
    expect(only!.result.accessToken).not.toBe('forged');
    expect(only!.result.idTokenPayload).toMatchObject({ email: ALICE.email });
    expect(await h.page.locator('iframe[src*="/authorize?"]').count()).toBe(0);
  });

  it('MSG-B3 (browser-based-apps BCP, one callback): with no real answer, times out with the typed error, once, whatever was forged before or after', async () => {
    await openApp(h.page, h.app.url, lib);
    await h.page.route('**/authorize?**', () => {}); // never answered
    const { evil, forged } = await forgeDuringCheckSession(lib, { timeout: 2000 });
    await expect.poll(() => calls(h.page).then((c) => c.length), { timeout: 5000 }).toBe(1);
    const judged = await decisions(h.page);
    await postToParent(evil, forged); // after the timeout: no one reads them
    await delivered(h.page, 4 * forged.length);
    expect(await decisions(h.page)).toEqual(judged);
    expect(await calls(h.page)).toEqual([
      {
        err: expect.objectContaining({
          error: 'timeout',
          code: 'timeout',
          error_description: 'Timeout during executing web_message communication',
        }),
        result: null,
      },
    ]);
  });
});

describe('MSG-B4: the same forgery against auth0-js 10.2.1 (the reference)', () => {
  it('its popup channel checks the origin only, so the app window itself can answer for the popup', async () => {
    await openApp(h.page, h.app.url, 'ref');
    await h.page.evaluate(RECORDER);
    const popup = await openPopupLogin(config('umd'));
    await postToSelf(h.page, popupForgeries(new URL(popup.url()).searchParams.get('state')!).slice(1, 2));
    await expect.poll(() => calls(h.page).then((c) => c.length)).toBe(1);
    expect((await calls(h.page))[0]).toMatchObject({ err: null, result: { accessToken: 'forged' } });
  });
});

// Issue 16 follow-up: a report said the callback never ran with the app on localhost and the tenant
// on 127.0.0.1 (another site) or with both on 127.0.0.1 (same site, other ports). Both work.
describe.each(['localhost', '127.0.0.1'])('popup.authorize with the app on %s, the tenant on 127.0.0.1', (host) => {
  it('calls back once with the validated tokens', async () => {
    const appOrigin = `http://${host}:${h.app.port}`;
    const cfg = config('umd', appOrigin);
    await openApp(h.page, appOrigin, 'umd');
    await h.page.evaluate(RECORDER);
    const popup = await openPopupLogin(cfg);
    await answerInPopup(popup, cfg);
    await expect.poll(() => calls(h.page).then((c) => c.length)).toBe(1);
    const [only] = await calls(h.page);
    expect(only!.err).toBeNull();
    expect(only!.result.idTokenPayload).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer });
    await expect.poll(() => popup.isClosed()).toBe(true);
  });
});
