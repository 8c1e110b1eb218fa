/**
 * Silent authentication in Chromium against the tenant on another origin: checkSession (web
 * message in a hidden iframe) and the legacy renewAuth (fragment or posted message), for our two
 * builds and for auth0-js 10.2.1, including the attacks the reference does not stop.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { defaultDefinition } from './tenant/index.js';
import { NO_WEB_ORIGINS_CLIENT, withNoWebOriginsClient } from './bench/speed-first-login.js';
import {
  ALICE,
  ALL_LIBS,
  appUrl,
  openApp,
  parseHash,
  signIn,
  startLogin,
  type AppConfig,
  type LibBuild,
} from './support/flow.js';

// The tenant on the app's site (127.0.0.1, another port): another origin, but its session cookie
// still reaches the iframe, as it does where a tenant has a custom domain under the app's site.
// The built-in tenant with one more client, whose Allowed Web Origins lack the app.
const h = useBrowserHarness({
  testEndpoints: true,
  http: true,
  host: '127.0.0.1',
  config: withNoWebOriginsClient(defaultDefinition()),
});

const config = (lib: LibBuild, clientID = 'spa-client'): AppConfig => ({
  domain: h.tenant.url, // a domain with a scheme is used as it is (plain HTTP here)
  clientID,
  redirectUri: appUrl(h.app.url, lib),
  responseType: 'token id_token',
  overrides: { __token_issuer: h.tenant.issuer },
});

interface Seen {
  err: Record<string, any> | null;
  result: Record<string, any> | null;
}

/** Runs `webAuth[method](options, cb)` in the page and returns what the callback got (JSON). */
function silently(
  page: Page,
  cfg: AppConfig,
  options: Record<string, unknown> = {},
  method = 'checkSession',
): Promise<Seen> {
  return page.evaluate(
    async ([cfg, options, method]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(cfg);
      return new Promise<Seen>((resolve) =>
        webAuth[method](options, (err: unknown, result: unknown) =>
          resolve({
            err: err ? JSON.parse(JSON.stringify(err)) : null,
            result: result ? JSON.parse(JSON.stringify(result)) : null,
          }),
        ),
      );
    },
    [cfg, options, method] as const,
  );
}

/** Signs alice in with a redirect login, so the tenant has a session. */
async function signedIn(lib: LibBuild, cfg = config(lib)): Promise<void> {
  await openApp(h.page, h.app.url, lib);
  await startLogin(h.page, cfg);
  await signIn(h.page, h.app.url);
  expect((await parseHash(h.page, cfg)).err).toBeNull();
}

const iframesLeft = (page: Page) => page.evaluate(() => document.querySelectorAll('iframe').length);

/** `message` listeners on the page's window, through the DevTools protocol. */
async function messageListeners(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
  await cdp.detach();
  return listeners.filter((l) => l.type === 'message').length;
}

describe.each(ALL_LIBS)('checkSession with the %s build', (lib) => {
  it('returns the verified tokens of the tenant session', async () => {
    await signedIn(lib);
    const { err, result } = await silently(h.page, config(lib), { scope: 'openid profile email' });
    expect(err).toBeNull();
    expect(result!.accessToken).toEqual(expect.any(String));
    expect(result!.idTokenPayload).toMatchObject({ iss: h.tenant.issuer, aud: 'spa-client', email: ALICE.email });
    expect(await iframesLeft(h.page)).toBe(0);
  });

  it('says login_required without a session, wrapped as v10 does', async () => {
    await openApp(h.page, h.app.url, lib);
    const { err, result } = await silently(h.page, config(lib));
    expect(result).toBeNull();
    expect(err).toEqual({
      original: { error: 'login_required', error_description: expect.any(String) },
      code: 'login_required',
      description: expect.any(String),
      error: 'login_required',
      error_description: expect.any(String),
      // Ours only (COMPATIBILITY A8): the likely cause of a silent login_required.
      ...(lib === 'ref' ? {} : { hint: expect.stringContaining('third-party cookies may be blocked') }),
    });
  });

  it('says consent_required for a third-party client with new scopes', async () => {
    await signedIn(lib);
    const { err } = await silently(h.page, config(lib, 'third-party-spa'), { scope: 'openid profile email' });
    expect(err).toMatchObject({ code: 'consent_required', error: 'consent_required' });
  });

  it('says origin_mismatch for a redirect URI of another origin, before any iframe', async () => {
    await openApp(h.page, h.app.url, lib);
    const { err } = await silently(h.page, config(lib), { redirectUri: `${h.tenant.url}/elsewhere` });
    expect(err).toMatchObject({
      code: 'origin_mismatch',
      error_description: `The redirectUri's origin (${h.tenant.url}) should match the window's origin (${h.app.url}).`,
    });
  });

  it('times out when the tenant does not answer, leaving no iframe', async () => {
    await openApp(h.page, h.app.url, lib);
    await h.page.route('**/authorize?**', () => {}); // held: never answered
    const { err } = await silently(h.page, config(lib), { timeout: 300 });
    expect(err).toMatchObject({
      code: 'timeout',
      error_description: 'Timeout during executing web_message communication',
    });
    expect(await iframesLeft(h.page)).toBe(0);
  });
});

describe.each(['umd', 'esm'] as const)('checkSession message checks with the %s build', (lib) => {
  it('ignores a message with the right state from another origin or another window', async () => {
    await signedIn(lib);
    // Hold the real answer until the forged ones have been posted.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await h.page.route('**/authorize?**', async (route) => {
      if (route.request().url().includes('nonce=')) await held; // the library's own iframe
      await route.continue();
    });
    // Counts what reaches the page, to prove the forged answers were really delivered.
    await h.page.evaluate(() => {
      (window as any).answers = [];
      addEventListener(
        'message',
        (e) => e.data?.type === 'authorization_response' && (window as any).answers.push(e.origin),
      );
    });
    const outcome = silently(h.page, config(lib), { scope: 'openid email' });
    await h.page.waitForFunction(() => document.querySelector('iframe'));
    const state = await h.page.evaluate(() => new URL(document.querySelector('iframe')!.src).searchParams.get('state'));
    // From the app's own origin (any script or frame of the page could do this)...
    await h.page.evaluate((state) => {
      postMessage({ type: 'authorization_response', response: { access_token: 'forged', state } }, '*');
    }, state);
    // ...and from another window of the tenant's origin, answering for the same state.
    await h.page.evaluate(
      ([url]) => {
        const rogue = document.createElement('iframe');
        rogue.id = 'rogue';
        rogue.src = url!;
        document.body.appendChild(rogue);
      },
      [
        `${h.tenant.url}/authorize?${new URLSearchParams({ client_id: 'spa-client', response_type: 'token', redirect_uri: config(lib).redirectUri, response_mode: 'web_message', prompt: 'none', state: state! })}`,
      ],
    );
    await h.page.waitForFunction(() => (window as any).answers.length === 2);
    expect(await h.page.evaluate(() => (window as any).answers)).toEqual([h.app.url, h.tenant.url]);
    release();
    const { err, result } = await outcome;
    expect(err).toBeNull();
    expect(result!.accessToken).not.toBe('forged');
    expect(result!.idTokenPayload.email).toBe(ALICE.email);
  });

  it('puts the iframe in the page already addressed to /authorize (no blank document first)', async () => {
    await signedIn(lib);
    const srcAtInsertion = await h.page.evaluate(async (cfg) => {
      // Read at the moment of insertion (a MutationObserver would only run after the src is set).
      const seen: string[] = [];
      const append = Node.prototype.appendChild;
      Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
        if (node instanceof HTMLIFrameElement) seen.push(node.getAttribute('src') ?? '');
        return append.call(this, node) as T;
      };
      try {
        const lib = await (window as any).libReady;
        await new Promise((resolve) => new lib.WebAuth(cfg).checkSession({}, resolve));
      } finally {
        Node.prototype.appendChild = append;
      }
      return seen;
    }, config(lib));
    expect(srcAtInsertion).toEqual([expect.stringMatching(/\/authorize\?.*response_mode=web_message/)]);
  });

  it('leaves no iframe and no message listener after 100 calls', async () => {
    await openApp(h.page, h.app.url, lib);
    const before = await messageListeners(h.page);
    const codes = await h.page.evaluate(async (cfg) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth(cfg);
      const one = () =>
        new Promise<string>((resolve) => webAuth.checkSession({}, (err: any) => resolve(err?.code ?? 'ok')));
      const out: string[] = [];
      for (let i = 0; i < 10; i++) out.push(...(await Promise.all(Array.from({ length: 10 }, one))));
      return out;
    }, config(lib));
    expect(codes).toHaveLength(100);
    expect(new Set(codes)).toEqual(new Set(['login_required']));
    expect(await iframesLeft(h.page)).toBe(0);
    expect(await messageListeners(h.page)).toBe(before);
  });
});

describe.each(['umd', 'esm'] as const)('checkSession failing fast with the %s build', (lib) => {
  /** checkSession with `timeout` 60 s, and how long it took in the page. */
  const timed = (cfg: AppConfig) =>
    h.page.evaluate(async (cfg) => {
      const webAuth = new (await (window as any).libReady).WebAuth(cfg);
      const t0 = performance.now();
      const seen = await new Promise<Seen>((resolve) =>
        webAuth.checkSession({ timeout: 60_000 }, (err: unknown, result: unknown) =>
          resolve({ err: err ? JSON.parse(JSON.stringify(err)) : null, result: result ?? null }),
        ),
      );
      return { ...seen, ms: performance.now() - t0 };
    }, cfg);

  it('ends with the cause long before its timeout when the tenant shows its error page', async () => {
    await openApp(h.page, h.app.url, lib);
    const page = h.page.waitForResponse((r) => r.url().startsWith(`${h.tenant.url}/authorize?`));
    const { err, ms } = await timed(config(lib, NO_WEB_ORIGINS_CLIENT));
    const text = 'Timeout during executing web_message communication';
    expect(err).toEqual({
      original: { error: 'timeout', error_description: text },
      code: 'timeout',
      description: text,
      error: 'timeout',
      error_description: text,
      hint: expect.stringMatching(/^the tenant showed a page, no answer: origin not in Allowed Web Origins/),
    });
    expect(ms).toBeLessThan(5_000);
    // The tenant did answer, with its error page: the origin is not in the client's Allowed Web Origins.
    expect((await page).status()).toBe(400);
    expect(await iframesLeft(h.page)).toBe(0);
  });

  it('still gets the real answer of a slow tenant (its page loads only once it answers)', async () => {
    await signedIn(lib);
    h.tenant.addFault({ path: '/authorize', fault: { kind: 'delay', ms: 2_500 }, times: 1 });
    const { err, result, ms } = await timed(config(lib));
    expect(err).toBeNull();
    expect(result!.accessToken).toEqual(expect.any(String));
    expect(result!.idTokenPayload).toMatchObject({ iss: h.tenant.issuer, aud: 'spa-client' });
    expect(ms).toBeGreaterThan(2_500);
  });
});

describe('the reference (auth0-js 10.2.1) has the hole our builds close', () => {
  it('accepts a forged message with the right state from the app page itself', async () => {
    await openApp(h.page, h.app.url, 'ref');
    await h.page.route('**/authorize?**', () => {}); // the real answer never comes
    const outcome = silently(h.page, { ...config('ref'), responseType: 'token' });
    await h.page.waitForFunction(() => document.querySelector('iframe'));
    await h.page.evaluate(() => {
      const state = new URL(document.querySelector('iframe')!.src).searchParams.get('state');
      postMessage({ type: 'authorization_response', response: { access_token: 'forged', state } }, '*');
    });
    const { err, result } = await outcome;
    expect(err).toBeNull();
    expect(result!.accessToken).toBe('forged');
  });
});

describe.each(ALL_LIBS)('renewAuth with the %s build', (lib) => {
  it('reads the tokens from the iframe fragment once the callback page loads', async () => {
    await signedIn(lib);
    const { err, result } = await silently(h.page, config(lib), { scope: 'openid email' }, 'renewAuth');
    expect(err).toBeNull();
    expect(result!.idTokenPayload).toMatchObject({ email: ALICE.email });
    expect(await iframesLeft(h.page)).toBe(0);
  });

  it('reads them from a message the callback page posts, of the expected type', async () => {
    await signedIn(lib);
    const redirectUri = `${h.app.url}/pages/silent-callback.html?type=silent`;
    const { err, result } = await silently(
      h.page,
      config(lib),
      { redirectUri, scope: 'openid email', usePostMessage: true, postMessageDataType: 'silent' },
      'renewAuth',
    );
    expect(err).toBeNull();
    expect(result!.idTokenPayload).toMatchObject({ email: ALICE.email });
  });

  it('says login_required without a session', async () => {
    await openApp(h.page, h.app.url, lib);
    const { err } = await silently(h.page, config(lib), {}, 'renewAuth');
    expect(err).toMatchObject({ error: 'login_required' });
  });
});

describe('with third-party cookies blocked (the tenant on another site)', () => {
  // Chromium sends no cookie to a cross-site iframe here, as browsers that block third-party
  // cookies do: the tenant sees no session, so the answer is login_required, for every build.
  const other = useBrowserHarness();
  const crossSite = (lib: LibBuild): AppConfig => ({
    domain: other.tenant.domain,
    clientID: 'spa-client',
    redirectUri: appUrl(other.app.url, lib),
    responseType: 'token id_token',
  });

  it.each(ALL_LIBS)('checkSession says login_required right after a login (%s)', async (lib) => {
    await openApp(other.page, other.app.url, lib);
    await startLogin(other.page, crossSite(lib));
    await signIn(other.page, other.app.url);
    expect((await parseHash(other.page, crossSite(lib))).err).toBeNull();
    const { err, result } = await silently(other.page, crossSite(lib));
    expect(result).toBeNull();
    expect(err).toMatchObject({ code: 'login_required', error: 'login_required' });
  });
});
