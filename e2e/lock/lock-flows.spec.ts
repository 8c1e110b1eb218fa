/**
 * Lock 14.3.0, the identity service's login widget, as a consumer of webauth-js: the fixture app
 * (e2e/lock/app) bundled by esbuild with auth0-js aliased to the packed webauth-js, in Chromium
 * against the local tenant on another origin. Every flow also runs on auth0-js 10.2.1 as the
 * reference, and the requests both send are compared.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useBrowserHarness } from '../support/harness.js';
import { ALICE } from '../support/flow.js';
import { serveDirectory } from '../support/static-server.js';
import type { AppServer } from '../support/app-server.js';
import { startHttpsProxy, type HttpsProxy } from '../support/https-proxy.js';
import { buildLockApp, type BuiltLockApp, type LockFlavour } from './lock-app.js';
import { requestShapes, type RequestShape } from './request-shapes.js';
import { signUpScreenShown } from './lock-screens.js';

const FLAVOURS: readonly LockFlavour[] = ['webauth-js', 'reference'];
const DB = 'Username-Password-Authentication';
const POLL = { timeout: 15_000 };
// Lock 14.3.0's own focus bug after a popup login (ui/box/chrome.js findAutofocusInput), with
// auth0-js 10.2.1 as with webauth-js; minified, the variable's name varies.
const LOCK_POPUP_ERROR = /^\w+\.querySelector is not a function$/;
const h = useBrowserHarness();
interface LockApp {
  built: BuiltLockApp;
  site: AppServer;
  proxy: HttpsProxy;
  /** https://localhost:<port>: another origin on the tenant's site, as embedded login needs. */
  url: string;
}
const apps = {} as Record<LockFlavour, LockApp>;
/** Per flow and flavour, what the tenant received (compared at the end). */
const shapes = new Map<string, Record<string, RequestShape[]>>();
/** Requests that would have left the machine (Lock's CDN defaults): none may happen. */
let offMachine: string[] = [];
/**
 * The browser's side of the tenant's traffic in this test: requests not answered yet, and the order
 * of the last document the page started loading and the last SSO check (Lock's silent /authorize).
 */
let traffic = { pending: new Set<Request>(), seq: 0, navigated: 0, ssoChecked: 0 };

beforeAll(async () => {
  const tenant = { domain: h.tenant.domain, clientID: 'spa-client', connection: DB };
  for (const flavour of [...FLAVOURS, 'reference-plain'] as const) {
    const built = await buildLockApp(flavour, tenant);
    const site = await serveDirectory(built.dir);
    const proxy = await startHttpsProxy(site.url);
    apps[flavour] = { built, site, proxy, url: `https://localhost:${proxy.port}` };
  }
}, 120_000);
afterAll(async () => {
  await Promise.all(Object.values(apps).flatMap((app) => [app.proxy.close(), app.site.close()]));
  await Promise.all(Object.values(apps).map((app) => rm(app.built.dir, { recursive: true, force: true })));
});
beforeEach(async () => {
  offMachine = [];
  await h.context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.fallback();
    offMachine.push(route.request().url());
    return route.abort();
  });
  traffic = { pending: new Set(), seq: 0, navigated: 0, ssoChecked: 0 };
  const tenantOrigin = new URL(h.tenant.url).origin;
  h.context.on('request', (request) => {
    // A new document in the page (not a hash or history change, which Lock makes after its check).
    if (request.isNavigationRequest() && request.frame() === h.page.mainFrame()) traffic.navigated = ++traffic.seq;
    const url = new URL(request.url());
    if (url.origin !== tenantOrigin) return;
    traffic.pending.add(request);
    if (url.pathname === '/authorize' && url.searchParams.get('prompt') === 'none') traffic.ssoChecked = ++traffic.seq;
  });
  const done = (request: Request) => traffic.pending.delete(request);
  h.context.on('requestfinished', done);
  h.context.on('requestfailed', done);
});

/** Opens the app in `mode` and waits for Lock's form. */
async function openLock(page: Page, flavour: LockFlavour, mode = 'redirect'): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${apps[flavour].url}/?mode=${mode}`);
  await page.waitForSelector('.auth0-lock-opened form', POLL);
  return errors;
}

async function signedInAs(page: Page, email: string): Promise<Record<string, unknown>> {
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${email}.`);
  return JSON.parse((await page.textContent('#claims')) ?? '{}') as Record<string, unknown>;
}

async function submitCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.fill('.auth0-lock input[name="email"]', email);
  await page.fill('.auth0-lock input[name="password"]', password);
  await page.click('.auth0-lock button[name="submit"]');
}

/**
 * Waits until every request the page caused has reached the tenant and been answered. Lock's SSO
 * check on a page it opens runs on its own schedule (after its other start-up requests), so the page
 * counts as settled only once the check has started since its last navigation.
 */
async function tenantSettled(): Promise<void> {
  await expect.poll(() => traffic.pending.size === 0 && traffic.ssoChecked > traffic.navigated, POLL).toBe(true);
}

/** Runs a flow, keeping the shapes of the requests it made under `name`. */
async function recorded(name: string, flavour: LockFlavour, flow: () => Promise<void>): Promise<void> {
  // What an earlier page load still sends belongs to no flow.
  if (traffic.navigated) await tenantSettled();
  const from = h.tenant.requests.length;
  await flow();
  await tenantSettled();
  const entry = shapes.get(name) ?? {};
  entry[flavour] = requestShapes(h.tenant.requests.slice(from), apps[flavour].url);
  shapes.set(name, entry);
  expect(offMachine).toEqual([]);
}

/**
 * Waits for Lock's SSO check (a silent /authorize) made since request `from`. On the page a redirect
 * login returns to, it runs beside Lock's parseHash and may end after it: waiting makes the recorded
 * requests independent of which ends first.
 */
async function ssoCheckSince(from: number): Promise<void> {
  const silent = () =>
    h.tenant.requests.slice(from).some((r) => r.path === '/authorize' && r.query?.['prompt'] === 'none');
  await expect.poll(silent, POLL).toBe(true);
}

/** Signs alice in with a redirect login and returns her ID token's claims. */
async function redirectLogin(page: Page, flavour: LockFlavour): Promise<Record<string, unknown>> {
  const errors = await openLock(page, flavour);
  const from = h.tenant.requests.length;
  await submitCredentials(page, ALICE.email, ALICE.password);
  const claims = await signedInAs(page, ALICE.email);
  await ssoCheckSince(from);
  expect(errors).toEqual([]);
  return claims;
}

/** Lock's checkSession on the page: the ID token's claims, or `{ error }`. */
function checkSession(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((done) =>
        (window as unknown as { lock: LockHandle }).lock.checkSession({}, (err, result) =>
          done(err ? { error: err.error } : result?.idTokenPayload),
        ),
      ),
  );
}

// In order even when vitest shuffles: the last test compares the requests the flows recorded.
describe('Lock 14.3.0 on both libraries', { shuffle: false }, () => {
  it('bundles Lock with the aliased auth0-js through its exports map, without warnings', async () => {
    const { inputs, warnings } = apps['webauth-js'].built;
    expect(warnings).toEqual([]);
    expect(inputs.filter((i) => i.includes('auth0-js/'))).toEqual([
      'node_modules/auth0-js/dist/webauth.min.cjs',
      'node_modules/auth0-js/dist/cordova-auth0-plugin.cjs',
    ]);
    // Not Lock's own auth0-js 9, nor the repository's auth0-js 10.2.1.
    expect(inputs.some((i) => i.startsWith('node_modules/auth0-lock/node_modules/auth0-js/'))).toBe(false);
    const installed = JSON.parse(
      await readFile(join(apps['webauth-js'].built.dir, 'node_modules', 'auth0-js', 'package.json'), 'utf8'),
    ) as { name: string };
    expect(installed.name).toBe('webauth-js');
  });

  it('auth0-js 10.2.1 built the same way fails at start: its require entry is a UMD .js in a module package', async () => {
    const { inputs, warnings } = apps['reference-plain'].built;
    expect(warnings).toEqual([]);
    expect(inputs).toContain('../../../node_modules/auth0-js/dist/auth0.min.js');
    const errors: string[] = [];
    h.page.on('pageerror', (err) => errors.push(err.message));
    await h.page.goto(`${apps['reference-plain'].url}/?mode=redirect`);
    await expect.poll(() => errors, POLL).toEqual([expect.stringContaining("reading 'version'")]);
    expect(await h.page.$('.auth0-lock-opened form')).toBeNull();
    // The reference flows therefore point Lock's require('auth0-js') at its ESM build.
    expect(apps.reference.built.inputs).toContain('../../../node_modules/auth0-js/dist/auth0.min.esm.js');
  });

  describe.each(FLAVOURS)('Lock 14.3.0 on %s', (flavour) => {
    it('a wrong password is shown by Lock; then redirect login verifies the ID token (nonce, at_hash)', async () => {
      const errors = await openLock(h.page, flavour);
      await recorded('wrong password', flavour, async () => {
        await submitCredentials(h.page, ALICE.email, 'not-her-password');
        await expect
          .poll(() => h.page.textContent('.auth0-global-message-error'), POLL)
          .toMatch(/wrong email or password/i);
        expect(await h.page.textContent('#status')).toBe('Not signed in.');
      });
      await recorded('redirect login', flavour, async () => {
        const from = h.tenant.requests.length;
        await submitCredentials(h.page, ALICE.email, ALICE.password);
        const claims = await signedInAs(h.page, ALICE.email);
        await ssoCheckSince(from);
        const authorize = h.tenant.requests.filter((r) => r.path === '/authorize' && r.query['login_ticket']).at(-1);
        expect(claims).toMatchObject({ email: ALICE.email, aud: 'spa-client', iss: h.tenant.issuer });
        expect(claims['nonce']).toBe(authorize?.query['nonce']);
        expect(claims['at_hash']).toEqual(expect.any(String));
        expect(new URL(h.page.url()).hash).toBe('');
      });
      expect(errors).toEqual([]);
    });

    it.each([
      {
        name: 'an access token that does not match at_hash',
        expected: /^invalid_token: .*(at_hash|access.?token)/i,
        // The tenant's answer, with the access token in the redirect swapped for another value.
        tamper: async (route: Route) => {
          const response = await route.fetch({ maxRedirects: 0 });
          const location = (response.headers()['location'] ?? '').replace(/access_token=[^&]+/, 'access_token=swapped');
          await route.fulfill({ response, headers: { ...response.headers(), location } });
        },
      },
      {
        name: 'an ID token issued for another nonce',
        expected: /^invalid_token: .*nonce/i,
        // The request reaches the tenant with another nonce than the one Lock stored.
        tamper: (route: Route) => {
          const url = new URL(route.request().url());
          url.searchParams.set('nonce', 'another-nonce');
          return route.continue({ url: url.href });
        },
      },
    ])('redirect login: $name is refused', async ({ expected, tamper }) => {
      const { page } = h;
      await h.context.route(`${h.tenant.url}/authorize?*`, (route) =>
        // Only the login's own /authorize (Lock's silent SSO check passes through).
        new URL(route.request().url()).searchParams.has('login_ticket') ? tamper(route) : route.fallback(),
      );
      await openLock(page, flavour);
      await submitCredentials(page, ALICE.email, ALICE.password);
      await expect.poll(() => page.textContent('#error'), POLL).toMatch(expected);
      expect(await page.textContent('#status')).toBe('Not signed in.');
      await h.context.unrouteAll({ behavior: 'ignoreErrors' });
    });

    it('popup login (redirect: false) signs in without leaving the page', async () => {
      await recorded('popup login', flavour, async () => {
        const errors = await openLock(h.page, flavour, 'popup');
        const url = h.page.url();
        await submitCredentials(h.page, ALICE.email, ALICE.password);
        const claims = await signedInAs(h.page, ALICE.email);
        expect(claims).toMatchObject({ aud: 'spa-client', iss: h.tenant.issuer });
        expect(h.page.url()).toBe(url);
        expect(errors.filter((e) => !LOCK_POPUP_ERROR.test(e))).toEqual([]);
      });
    });

    it('signup creates the user and signs them in', async () => {
      const email = `lock-${flavour}@example.com`;
      await recorded('signup', flavour, async () => {
        await openLock(h.page, flavour);
        await h.page.click('.auth0-lock-tabs a:text("Sign Up")');
        await signUpScreenShown(h.page, POLL.timeout);
        await submitCredentials(h.page, email, 'Str0ng!passw0rd');
        await signedInAs(h.page, email);
      });
      expect(h.tenant.requests.some((r) => r.path === '/dbconnections/signup' && r.method === 'POST')).toBe(true);
    });

    it('forgot password sends the reset email and Lock says so', async () => {
      await recorded('forgot password', flavour, async () => {
        await openLock(h.page, flavour);
        await h.page.click('.auth0-lock a.auth0-lock-alternative-link');
        await h.page.fill('.auth0-lock input[name="email"]', ALICE.email);
        const before = h.tenant.outbox.length;
        await h.page.click('.auth0-lock button[name="submit"]');
        await expect
          .poll(() => h.page.textContent('.auth0-global-message-success'), POLL)
          .toMatch(/sent you an email to reset your password/i);
        const sent = h.tenant.outbox.slice(before);
        expect(sent.map((m) => [m.kind, m.to])).toEqual([['change_password', ALICE.email]]);
      });
    });

    it('passwordless email code signs in', async () => {
      const email = `code-${flavour}@example.com`;
      await recorded('passwordless code', flavour, async () => {
        await openLock(h.page, flavour, 'passwordless');
        await h.page.fill('.auth0-lock input[name="email"]', email);
        await h.page.click('.auth0-lock button[name="submit"]');
        await h.page.waitForSelector('.auth0-lock input[name="vcode"]', POLL);
        const code = h.tenant.outbox.filter((m) => m.to === email && m.kind === 'passwordless_code').at(-1)?.code;
        expect(code).toMatch(/^\d{6}$/);
        await h.page.fill('.auth0-lock input[name="vcode"]', code!);
        await h.page.click('.auth0-lock button[name="submit"]');
        const claims = await signedInAs(h.page, email);
        expect(claims).toMatchObject({ aud: 'spa-client', iss: h.tenant.issuer });
      });
    });

    it("Lock's SSO check on load offers the last login and checkSession answers; logout ends the session", async () => {
      await redirectLogin(h.page, flavour);
      await recorded('sso check on load', flavour, async () => {
        await openLock(h.page, flavour);
        await expect.poll(() => h.page.textContent('.auth0-lock'), POLL).toContain('Last time you logged in with');
        expect(await h.page.textContent('.auth0-lock')).toContain(ALICE.email);
      });
      expect(await checkSession(h.page)).toMatchObject({ email: ALICE.email, aud: 'spa-client' });
      const returnTo = `${apps[flavour].url}/?mode=redirect`;
      await recorded('logout', flavour, async () => {
        await Promise.all([
          h.page.waitForURL((url) => url.href === returnTo, POLL),
          h.page.evaluate((to) => (window as unknown as { lock: LockHandle }).lock.logout({ returnTo: to }), returnTo),
        ]);
      });
      await h.page.waitForSelector('.auth0-lock-opened form', POLL);
      expect(await checkSession(h.page)).toEqual({ error: 'login_required' });
    });
  });

  it('sends the same requests as auth0-js 10.2.1 in every flow (method, path, parameter names, fixed values)', () => {
    expect([...shapes.keys()]).toEqual([
      'wrong password',
      'redirect login',
      'popup login',
      'signup',
      'forgot password',
      'passwordless code',
      'sso check on load',
      'logout',
    ]);
    for (const [flow, byFlavour] of shapes) {
      expect(byFlavour['webauth-js'], flow).toEqual(byFlavour.reference);
    }
  });
});

interface LockHandle {
  checkSession(
    options: object,
    cb: (err: { error: string } | null, result?: { idTokenPayload: Record<string, unknown> }) => void,
  ): void;
  logout(options: { returnTo: string }): void;
}
