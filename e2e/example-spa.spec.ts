/**
 * examples/spa as a person uses it: built with Vite from the packed package, served by `vite
 * preview`, in Chromium against the local tenant on another site with third-party cookies blocked.
 * Login by the library's code flow with PKCE through the app's /callback route, a reload kept signed
 * in by the refresh token (no iframe), the profile and user_metadata through Management (read back
 * from the tenant), renewal and logout revoking the refresh token. Saves the README's screenshots.
 */
import { lstatSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { SPA_DIR } from '../examples/spa/build.mjs';
import { useBrowserHarness } from './support/harness.js';
import { useSpaExample } from './support/spa-example.js';
import { ALICE } from './support/flow.js';

const ROOT = join(import.meta.dirname, '..');
const IMAGES = join(ROOT, 'docs', 'images');
// A shared 2-core machine can take seconds over a login round trip.
const POLL = { timeout: 15_000 };

// The app on 127.0.0.1, the tenant on localhost (another site) refusing its cookie in cross-site
// iframes: the session must survive reloads without checkSession's iframe.
const h = useBrowserHarness({ http: true, host: 'localhost', blockThirdPartyCookies: true });
const REFRESH_KEY = '@@webauth@@::refresh::spa-client';
const spa = useSpaExample(h);
beforeAll(async () => {
  await mkdir(IMAGES, { recursive: true });
});

const tableOf = (page: Page, id: string) =>
  page.$$eval(`#${id} tbody tr`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent])),
  );
const status = (page: Page) => page.textContent('#status');
const tokenRequests = (grant: string) =>
  h.tenant.requests.filter((r) => r.path === '/oauth/token' && (r.body as any)?.grant_type === grant);
const heldRefreshToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), REFRESH_KEY);

/** The profile's Management token: a redirect the tenant session answers (or the login form, if asked). */
async function openManagement(page: Page): Promise<void> {
  await page.waitForSelector('#allow-management', { state: 'visible', ...POLL });
  const [authorize] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/authorize'),
    page.click('#allow-management'),
  ]);
  expect(new URL(authorize.url()).searchParams.get('audience')).toBe(`${h.tenant.issuer}api/v2/`);
  // The tenant session (a first-party cookie at the top level) usually answers without the form.
  await page.waitForURL((url) => url.origin === spa.url || url.pathname.startsWith('/login'), POLL);
  if (new URL(page.url()).origin !== spa.url) {
    await page.fill('#username', ALICE.email);
    await page.fill('#password', ALICE.password);
    await page.click('#submit');
  }
  await page.waitForURL((url) => url.origin === spa.url && url.pathname === '/profile' && url.search === '', POLL);
}
const aliceInTenant = (): Record<string, any> =>
  (JSON.parse(h.tenant.durableSnapshot()).users as Array<Record<string, any>>).find((u) => u.email === ALICE.email)!;

it('installs webauth-js from the packed package, not from the repository', () => {
  const installed = join(SPA_DIR, 'node_modules', 'webauth-js');
  expect(lstatSync(installed).isSymbolicLink()).toBe(false);
  const version = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  expect(version(installed)).toBe(version(ROOT));
  // Only what `files` ships: no sources.
  expect(() => lstatSync(join(installed, 'src'))).toThrow();
});

it('logs in with the library PKCE, stays signed in across a reload with third-party cookies blocked, edits user_metadata, logs out', async () => {
  const { page } = h;
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${spa.url}/profile`);
  await expect.poll(() => status(page), POLL).toBe('Not signed in.');
  expect(await page.isVisible('text=Log in to see your profile.')).toBe(true);
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-out.png') });

  // The login: a code with an S256 challenge for the app's API, with offline_access, back to /callback.
  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  const authorize = new URL(page.url()).searchParams;
  expect(Object.fromEntries(authorize)).toMatchObject({
    response_type: 'code',
    code_challenge_method: 'S256',
    redirect_uri: `${spa.url}/callback`,
    audience: 'https://api.example.test/',
  });
  expect(authorize.get('scope')?.split(' ')).toContain('offline_access');
  expect(authorize.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await Promise.all([page.waitForURL((url) => url.origin === spa.url), page.click('#submit')]);
  // Back where the login started, with the code gone from the address bar.
  await page.waitForURL((url) => url.pathname === '/profile' && url.search === '', POLL);
  await expect.poll(() => status(page), POLL).toBe(`Signed in as ${ALICE.email}.`);
  const [exchange] = tokenRequests('authorization_code') as Array<{ body: Record<string, string> }>;
  expect(exchange!.body).toMatchObject({ redirect_uri: `${spa.url}/callback` });
  expect(exchange!.body.code_verifier).toMatch(/^[\w.~-]{43,128}$/); // RFC 7636 §4.1
  expect(await heldRefreshToken(page)).not.toBeNull();

  // A reload: the refresh token signs alice in again, with no iframe (its cookie would be refused).
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto(`${spa.url}/profile`);
  await expect.poll(() => status(page), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(await page.textContent('#renewed')).toContain('Signed in by the refresh token');
  expect(urls.filter((u) => new URL(u).pathname === '/authorize')).toEqual([]);
  expect(tokenRequests('refresh_token')).toHaveLength(1);

  // The profile: a Management token on demand, then getUser and patchUserMetadata.
  await openManagement(page);
  await expect.poll(() => tableOf(page, 'profile'), POLL).toMatchObject({ user_id: 'auth0|alice', email: ALICE.email });
  expect(await page.textContent('#stored-metadata')).toBe('{}');
  await page.fill('#metadata', '{ "theme": "dark", "newsletter": true }');
  await page.click('#save');
  await expect.poll(() => page.textContent('#saved'), POLL).toMatch(/^Saved at /);
  expect(JSON.parse((await page.textContent('#stored-metadata')) ?? '')).toEqual({ theme: 'dark', newsletter: true });
  expect(aliceInTenant().userMetadata).toEqual({ theme: 'dark', newsletter: true });
  await page.screenshot({ path: join(IMAGES, 'example-spa-profile.png'), fullPage: true });

  // The router: Home shows the verified claims without a page load.
  await page.click('nav a[href="/"]');
  expect(new URL(page.url()).pathname).toBe('/');
  const claims = await tableOf(page, 'claims');
  expect(claims).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client', sub: 'auth0|alice' });
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-in.png'), fullPage: true });

  // Renewal rotates the refresh token: a new one replaces the one presented.
  const held = await heldRefreshToken(page);
  await page.click('#renew');
  await expect.poll(() => page.textContent('#renewed'), POLL).toContain('Renewed silently');
  await expect.poll(() => heldRefreshToken(page), POLL).not.toBe(held);
  const rotated = await heldRefreshToken(page);
  expect(tokenRequests('refresh_token')).toHaveLength(2);

  // Logout revokes the refresh token and forgets it; a reload stays signed out.
  await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout'), page.click('#logout')]);
  await page.waitForURL((url) => url.origin === spa.url && url.pathname === '/');
  await expect.poll(() => status(page), POLL).toBe('Not signed in.');
  expect(await heldRefreshToken(page)).toBeNull();
  const revokes = () => h.tenant.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/revoke');
  await expect.poll(() => revokes().length, POLL).toBe(1);
  expect((revokes()[0]!.body as Record<string, string>).token).toBe(JSON.parse(rotated!).token);
  expect(await page.isVisible('#claims')).toBe(false);
  expect(errors).toEqual([]);
});

it('refuses a callback that answers no login of this tab', async () => {
  const { page } = h;
  await page.goto(`${spa.url}/callback?code=forged&state=forged`);
  await expect.poll(() => status(page), POLL).toBe('Sign-in failed.');
  // The library's state check: no transaction of this tab carries that state.
  expect(await page.textContent('#error')).toBe('invalid_token: `state` does not match.');
  expect(new URL(page.url()).search).toBe('');
  expect(h.tenant.requests.filter((r) => r.path === '/oauth/token' && (r.body as any)?.code === 'forged')).toEqual([]);
});
