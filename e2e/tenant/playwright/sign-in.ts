/** Signing a test user in: directly (a session cookie) or through the built-in hosted login page. */
import type { DirectSession, SessionCookie, SessionLogin } from '../protocol/session-cookie.js';
import type { RunningTenant } from '../server/server.js';

/** A cookie for the tenant's origin only (host-only, like the one its own login sets). */
export interface OriginCookie extends Omit<SessionCookie, 'domain' | 'path'> {
  url: string;
}

/** What `signIn` needs of a browser context: Playwright's `BrowserContext` has it. */
export interface CookieJar {
  addCookies(cookies: OriginCookie[]): Promise<void>;
}

/**
 * Signs a user in without any login page: the tenant makes a session as a finished login would,
 * and its cookie goes into the browser context. The app's next `/authorize` then finds the user
 * signed in: a redirect login comes straight back with tokens, and `checkSession` succeeds where
 * the browser sends the tenant's cookie to the app's iframe (the tenant on the app's site, or
 * third-party cookies allowed).
 *
 * @example
 * ```ts
 * await signIn(context, tenant, { email: 'alice@example.com' });
 * await page.goto(appUrl); // the app's checkSession gets tokens, no login page
 * ```
 */
export async function signIn(context: CookieJar, tenant: RunningTenant, login: SessionLogin): Promise<DirectSession> {
  const session = tenant.createSession(login);
  // By URL, not domain: a host-only cookie, as the tenant's own login sets (a domain cookie would
  // also go to every subdomain).
  const { domain: _domain, path: _path, ...rest } = session.cookie;
  await context.addCookies([{ ...rest, url: `${tenant.url}/` }]);
  return session;
}

/** What `signInThroughLoginPage` needs of a page: Playwright's `Page` has it. */
export interface LoginPage {
  locator(selector: string): { fill(value: string): Promise<void>; click(): Promise<void> };
  waitForURL(url: (url: URL) => boolean, options?: { timeout?: number }): Promise<void>;
}

/** Username (or email) and password of a database user. */
export interface Credentials {
  username: string;
  password: string;
}

/**
 * Logs in through the tenant's built-in hosted login page, as a user would: waits for the page
 * (after the app sent the browser to `/authorize`), fills the form, submits, and resolves once
 * the browser has left the tenant (back at the app). Not for a custom `loginPage` template.
 *
 * @example
 * ```ts
 * await page.getByRole('button', { name: 'Log in' }).click();
 * await signInThroughLoginPage(page, tenant, { username: 'alice@example.com', password: 'Passw0rd!alice' });
 * ```
 */
export async function signInThroughLoginPage(
  page: LoginPage,
  tenant: Pick<RunningTenant, 'url'>,
  credentials: Credentials,
  options: { timeout?: number } = {},
): Promise<void> {
  const origin = new URL(tenant.url).origin;
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/authorize', options);
  await page.locator('#username').fill(credentials.username);
  await page.locator('#password').fill(credentials.password);
  await page.locator('#submit').click();
  await page.waitForURL((url) => url.origin !== origin, options);
}
