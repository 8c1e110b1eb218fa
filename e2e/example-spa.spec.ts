/**
 * examples/spa as a person uses it: built with Vite from the packed package, served by `vite
 * preview`, in Chromium against the local tenant. Login by the authorization-code flow with PKCE
 * through the app's /callback route, the verified claims, the profile and user_metadata through
 * Management (read back from the tenant), silent renewal and logout. Saves the README's screenshots.
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

// The tenant on the app's site (127.0.0.1): its session cookie reaches checkSession's iframe.
const h = useBrowserHarness({ http: true, host: '127.0.0.1' });
const spa = useSpaExample(h);
beforeAll(async () => {
  await mkdir(IMAGES, { recursive: true });
});

const tableOf = (page: Page, id: string) =>
  page.$$eval(`#${id} tbody tr`, (rows) =>
    Object.fromEntries(rows.map((r) => [r.querySelector('th')?.textContent, r.querySelector('td')?.textContent])),
  );
const status = (page: Page) => page.textContent('#status');
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

it('logs in with code + PKCE, edits user_metadata through Management, renews and logs out', async () => {
  const { page } = h;
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`${spa.url}/profile`);
  await expect.poll(() => status(page), POLL).toBe('Not signed in.');
  expect(await page.isVisible('text=Log in to see your profile.')).toBe(true);
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-out.png') });

  // The login: a code with an S256 challenge, coming back to the app's /callback route.
  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  const authorize = new URL(page.url()).searchParams;
  expect(Object.fromEntries(authorize)).toMatchObject({
    response_type: 'code',
    code_challenge_method: 'S256',
    redirect_uri: `${spa.url}/callback`,
  });
  expect(authorize.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await Promise.all([page.waitForURL((url) => url.origin === spa.url), page.click('#submit')]);
  // Back where the login started, with the code gone from the address bar.
  await page.waitForURL((url) => url.pathname === '/profile' && url.search === '', POLL);
  await expect.poll(() => status(page), POLL).toBe(`Signed in as ${ALICE.email}.`);
  const exchange = h.tenant.requests.find((r) => r.method === 'POST' && r.path === '/oauth/token') as {
    body: Record<string, string>;
  };
  expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', redirect_uri: `${spa.url}/callback` });
  expect(exchange.body.code_verifier).toMatch(/^[\w-]{43}$/);

  // The profile through Management getUser, then user_metadata through patchUserMetadata.
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

  // A fresh load: checkSession signs alice in from the tenant session; the metadata is still there.
  await page.goto(`${spa.url}/profile`);
  await expect.poll(() => status(page), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(await page.textContent('#renewed')).toContain('Signed in from the tenant session');
  await expect
    .poll(() => page.textContent('#stored-metadata'), POLL)
    .toBe(JSON.stringify({ theme: 'dark', newsletter: true }));
  await page.click('nav a[href="/"]');
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-in.png'), fullPage: true });

  // Silent renewal: a new ID token, with a fresh nonce.
  const before = (await tableOf(page, 'claims'))['nonce'];
  await page.click('#renew');
  await expect.poll(async () => (await tableOf(page, 'claims'))['nonce'], POLL).not.toBe(before);
  expect(await page.textContent('#renewed')).toContain('Renewed silently');

  await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout'), page.click('#logout')]);
  await page.waitForURL((url) => url.origin === spa.url && url.pathname === '/');
  await expect.poll(() => status(page), POLL).toBe('Not signed in.');
  expect(await page.isVisible('#claims')).toBe(false);
  expect(errors).toEqual([]);
});

it('refuses a callback that answers no login of this tab', async () => {
  const { page } = h;
  await page.goto(`${spa.url}/callback?code=forged&state=forged`);
  await expect.poll(() => status(page), POLL).toBe('Sign-in failed.');
  expect(await page.textContent('#error')).toBe(
    'invalid_state: This callback does not answer a login started in this tab.',
  );
  expect(new URL(page.url()).search).toBe('');
  expect(h.tenant.requests.filter((r) => r.path === '/oauth/token' && (r.body as any)?.code === 'forged')).toEqual([]);
});
