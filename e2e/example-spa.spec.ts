/**
 * examples/spa as a person uses it, in Chromium against the local tenant: checkSession on load,
 * redirect login, the verified ID-token claims, silent renewal and logout. The page loads the package's ES module build through an import map.
 * Saves the README's screenshots.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { ALICE } from './support/flow.js';

const EXAMPLE_TENANT = 'http://localhost:4400';
// A shared 2-core machine can take seconds over a login round trip.
const POLL = { timeout: 10_000 };
const IMAGES = join(import.meta.dirname, '..', 'docs', 'images');

// The tenant on the app's site (127.0.0.1): its session cookie reaches checkSession's iframe.
const h = useBrowserHarness({ http: true, host: '127.0.0.1' });
beforeAll(() => mkdir(IMAGES, { recursive: true }));

/** Points the example's config at the test tenant (ephemeral port) instead of `npm start`'s. */
async function useTestTenant(page: Page): Promise<void> {
  await page.route('**/examples/spa/config.js', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replaceAll(EXAMPLE_TENANT, h.tenant.url);
    expect(body).toContain(h.tenant.url);
    await route.fulfill({ response: original, body });
  });
}

const claimsOf = (page: Page) =>
  page.$$eval('#claims tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent))),
  );

it('checks the session, logs in by redirect, shows verified claims, renews and logs out', async () => {
  const { page } = h;
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const libraryFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/dist/')) libraryFiles.push(new URL(r.url()).pathname);
  });
  await useTestTenant(page);
  const home = `${h.app.url}/examples/spa/`;
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Not signed in.');
  // The ES module build, not the UMD bundle.
  expect(libraryFiles).toContain('/dist/esm/index.js');
  expect(libraryFiles.some((f) => f.endsWith('.min.js'))).toBe(false);
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-out.png') });

  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  await page.fill('#username', ALICE.email);
  await page.fill('#password', ALICE.password);
  await Promise.all([page.waitForURL((url) => url.origin === h.app.url), page.click('#submit')]);
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(await claimsOf(page)).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client' });
  expect(new URL(page.url()).hash).toBe(''); // tokens removed from the address bar

  // A fresh load has no tokens in the URL: checkSession signs alice in from the tenant session.
  await page.goto(home);
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(await page.textContent('#renewed')).toContain('Signed in from the tenant session');
  expect(await claimsOf(page)).toMatchObject({ email: ALICE.email, iss: h.tenant.issuer, aud: 'spa-client' });
  await page.screenshot({ path: join(IMAGES, 'example-spa-signed-in.png'), fullPage: true });

  // A new ID token: each silent authentication carries a fresh nonce.
  const before = (await claimsOf(page))['nonce'];
  await page.click('#renew');
  await expect.poll(() => page.textContent('#renewed'), POLL).toContain('Renewed silently');
  expect((await claimsOf(page))['nonce']).not.toBe(before);

  // Through the tenant's /v2/logout and back (the app's URL is the same before and after).
  await Promise.all([page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout'), page.click('#logout')]);
  await page.waitForURL((url) => url.origin === h.app.url && url.pathname === '/examples/spa/');
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Not signed in.');
  expect(await page.isHidden('#signed-in')).toBe(true);
  expect(errors).toEqual([]);
});
