/**
 * Session events between tabs (issue 49) in Chromium, for the UMD and ESM builds: two pages of one
 * browser context are two tabs of the app. An init script in every page counts the BroadcastChannels
 * opened and records each message posted and received, so the tests see exactly what crosses.
 * - a sign-out in one tab: the other's listener hears it, and its next checkSession has no refresh
 *   token to present (no token request is sent);
 * - another user signed in in one tab is `user_changed` in the other;
 * - only `type`, `time` and `sub` cross, never a token;
 * - a page with no listener opens no channel and never loads the chunk.
 */
import type { Page, Request } from 'playwright';
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { ALICE, BOB, codeFlowApp, openApp, signIn, startLogin, type AppConfig, type LibBuild } from './support/flow.js';

const h = useBrowserHarness();
const BUILDS: readonly LibBuild[] = ['umd', 'esm'];
const CHUNK = 'webauth.session-events.min.js';

/** The code flow with refresh tokens kept in each page's memory (the default `cacheLocation`). */
const config = (lib: LibBuild): AppConfig => codeFlowApp(h.tenant.domain, h.app.url, lib, { useRefreshTokens: true });

interface Crossed {
  keys: string[];
  data: Record<string, unknown>;
}

/** Counts channel constructions and records every message posted or received, in every page. */
async function watchChannels(): Promise<void> {
  await h.context.addInitScript(() => {
    const Native = window.BroadcastChannel;
    const seen = { opened: [] as string[], posted: [] as Crossed[], received: [] as Crossed[] };
    const record = (list: Crossed[], data: any) => list.push({ keys: Object.keys(data).sort(), data: { ...data } });
    (window as any).channels = seen;
    const post = Native.prototype.postMessage;
    Native.prototype.postMessage = function (this: BroadcastChannel, data: unknown) {
      record(seen.posted, data);
      return post.call(this, data);
    };
    window.BroadcastChannel = class extends Native {
      constructor(name: string) {
        super(name);
        seen.opened.push(name);
        this.addEventListener('message', (event) => record(seen.received, event.data));
      }
    };
  });
}

const channels = (page: Page) =>
  page.evaluate(() => (window as any).channels as { opened: string[]; posted: Crossed[]; received: Crossed[] });

/** On the current page: `window.app` with a listener recording into `window.heard`, once it listens. */
async function listen(page: Page, cfg: AppConfig): Promise<void> {
  await page.evaluate(async (cfg) => {
    const lib = await (window as any).libReady;
    const heard: unknown[] = ((window as any).heard = []);
    (window as any).app = new lib.WebAuth(cfg);
    await (window as any).app.onSessionEvent((event: unknown) => heard.push(event));
  }, cfg);
}

/** `window.app[method](options)` (a new instance when `cfg` is given); the error's code or the result. */
function call(page: Page, method: string, options: Record<string, unknown> = {}, cfg?: AppConfig) {
  return page.evaluate(
    async ([method, options, cfg]) => {
      const lib = await (window as any).libReady;
      const app = cfg ? new lib.WebAuth(cfg) : (window as any).app;
      return app[method](options).then(
        (result: any) => ({ error: null, result }),
        (err: any) => ({ error: String(err.error ?? err.code), result: null }),
      );
    },
    [method, options, cfg] as const,
  );
}

const heard = (page: Page) => page.evaluate(() => (window as any).heard as Record<string, unknown>[]);

/** The token requests `page` sends from now on. */
function tokenRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (r) => void (r.url().endsWith('/oauth/token') && requests.push(r)));
  return requests;
}

/**
 * Signs in on `page`: through the hosted form as `user`, or, with `session`, by the tenant's
 * session, which answers `/authorize` at once. Then parses the answer with a listener registered.
 */
async function signInListening(page: Page, cfg: AppConfig, user: typeof ALICE | 'session') {
  if (user === 'session') {
    await Promise.all([
      page.waitForURL((url) => url.origin === h.app.url && url.searchParams.has('code')),
      page.evaluate(async (cfg) => new (await (window as any).libReady).WebAuth(cfg).authorize(), cfg),
    ]);
    await page.evaluate(() => (window as any).libReady);
  } else {
    await startLogin(page, cfg, { prompt: 'login' });
    await signIn(page, h.app.url, user);
  }
  await listen(page, cfg);
  const parsed = await call(page, 'parseHash');
  expect(parsed.error).toBeNull();
  expect(parsed.result).toMatchObject({ hasRefreshToken: true });
  return parsed.result as { accessToken: string; idToken: string; idTokenPayload: { sub: string } };
}

/** The app's logout in `page`, waiting until it is back on the app. */
async function logout(page: Page, cfg: AppConfig): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.origin === h.app.url && !url.search.includes('code='), { waitUntil: 'load' }),
    page.evaluate((returnTo) => (window as any).app.logout({ returnTo }), cfg.redirectUri),
  ]);
}

/** Every message is the three fields, with a type, a numeric time and a string sub, and holds no token. */
function expectOnlyEventFields(messages: Crossed[], secrets: string[]): void {
  expect(messages.length).toBeGreaterThan(0);
  for (const { keys, data } of messages) {
    expect(keys).toEqual(['sub', 'time', 'type']);
    expect(data).toEqual({ type: expect.any(String), time: expect.any(Number), sub: expect.any(String) });
    for (const secret of secrets) expect(JSON.stringify(data)).not.toContain(secret);
  }
}

describe.each(BUILDS)('session events between two tabs (%s)', (lib) => {
  it('a sign-out in one tab: the other hears it and has no refresh token left to renew with', async () => {
    await watchChannels();
    const cfg = config(lib);
    const tabB = h.page;
    await openApp(tabB, h.app.url, lib);
    const login = await signInListening(tabB, cfg, ALICE);
    const alice = login.idTokenPayload.sub;
    // Before: tab B renews with its in-memory refresh token.
    const sentByB = tokenRequests(tabB);
    expect((await call(tabB, 'checkSession')).error).toBeNull();
    expect(sentByB.map((r) => new URLSearchParams(r.postData()!).get('grant_type'))).toEqual(['refresh_token']);

    const tabA = await h.context.newPage();
    await openApp(tabA, h.app.url, lib);
    const loginA = await signInListening(tabA, cfg, 'session');
    const postedByA = (await channels(tabA)).posted;
    await logout(tabA, cfg);

    await tabB.waitForFunction(() => (window as any).heard.some((e: any) => e.type === 'signed_out'));
    expect(await heard(tabB)).toEqual([
      { type: 'signed_in', time: expect.any(Number), sub: alice },
      { type: 'signed_out', time: expect.any(Number), sub: alice },
    ]);
    const before = sentByB.length;
    expect(await call(tabB, 'checkSession')).toEqual({ error: 'login_required', result: null });
    expect(sentByB.length).toBe(before); // no grant: the refresh token was forgotten

    // Only the event's fields crossed, in both directions.
    const seenByB = await channels(tabB);
    const secrets = [login.accessToken, login.idToken, loginA.accessToken, loginA.idToken];
    expectOnlyEventFields([...seenByB.posted, ...seenByB.received, ...postedByA], secrets);
    expect(seenByB.posted.map((m) => m.data.type)).toEqual(['signed_in', 'renewed']);
    expect(seenByB.received.map((m) => m.data.type)).toEqual(['signed_in', 'signed_out']);
    expect(seenByB.opened).toEqual([
      `webauth-js.session:${JSON.stringify([h.app.url, h.tenant.domain, 'spa-client'])}`,
    ]);
    await tabA.close();
  });

  it('another user signed in in one tab is user_changed in the other, whose refresh token is forgotten', async () => {
    const cfg = config(lib);
    const tabB = h.page;
    await openApp(tabB, h.app.url, lib);
    const alice = (await signInListening(tabB, cfg, ALICE)).idTokenPayload.sub;
    const sentByB = tokenRequests(tabB);

    const tabA = await h.context.newPage();
    await openApp(tabA, h.app.url, lib);
    const bob = (await signInListening(tabA, cfg, BOB)).idTokenPayload.sub;
    expect(bob).not.toBe(alice);

    await tabB.waitForFunction(() => (window as any).heard.length > 0);
    expect(await heard(tabB)).toEqual([{ type: 'user_changed', time: expect.any(Number), sub: bob }]);
    expect(await call(tabB, 'checkSession')).toEqual({ error: 'login_required', result: null });
    expect(sentByB).toEqual([]);
    await tabA.close();
  });

  it('a page with no listener opens no channel and loads no chunk: login, parseHash, checkSession', async () => {
    await watchChannels();
    const cfg = config(lib);
    const chunks: string[] = [];
    h.page.on('request', (r) => void (r.url().endsWith(`/${CHUNK}`) && chunks.push(r.url())));
    await openApp(h.page, h.app.url, lib);
    await startLogin(h.page, cfg);
    await signIn(h.page, h.app.url);
    expect((await call(h.page, 'parseHash', {}, cfg)).error).toBeNull();
    expect((await call(h.page, 'checkSession', {}, cfg)).error).toBeNull();
    expect((await channels(h.page)).opened).toEqual([]);
    expect(chunks).toEqual([]);
  });
});
