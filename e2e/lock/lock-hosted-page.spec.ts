/**
 * examples/lock-hosted-page: Lock 14.3.0 on the packed webauth-js, bundled once by the example's own
 * build.mjs, served by the local tenant as its login page (`loginPage`, the CLI's --login-page).
 * The SPA and CDN examples log in through it in Chromium (and a signup and a password reset), under the tenant's nonce-only CSP (any
 * violation fails the test). Saves the README's screenshot.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useBrowserHarness } from '../support/harness.js';
import { useSpaExample } from '../support/spa-example.js';
import { ALICE } from '../support/flow.js';
import { REPO_ROOT } from '../support/packed-package.js';
import { layOutLockProject } from './lock-app.js';
import { signUpScreenShown } from './lock-screens.js';
import { buildLockPage } from '../../examples/lock-hosted-page/build.mjs';

const IMAGES = join(REPO_ROOT, 'docs', 'images');
const POLL = { timeout: 15_000 };
const CDN_TENANT = 'http://localhost:4400';

// Laid out as `npm install` would in the example (webauth-js as auth0-js) and built before the
// tenant starts, which checks that the template exists.
const dir = await layOutLockProject(join(REPO_ROOT, 'examples', 'lock-hosted-page'), 'lock-hosted-page', true);
await rm(join(dir, 'lock-page.js'), { force: true });
const built = await buildLockPage(dir);

// On the apps' site (127.0.0.1) over plain HTTP, as `npm start` serves them.
const h = useBrowserHarness({ http: true, host: '127.0.0.1', loginPage: join(dir, 'login.html') });
const spa = useSpaExample(h);
beforeAll(async () => {
  await mkdir(IMAGES, { recursive: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Records page errors and CSP violations: the page must run under the tenant's CSP untouched. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => void (m.text().includes('Content Security Policy') && errors.push(m.text())));
  return errors;
}

/** Waits for Lock's form on the tenant's /authorize page. */
async function lockShown(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/authorize', POLL);
  await page.waitForSelector('.auth0-lock-opened form input[name="password"]', POLL);
}

async function submit(page: Page, email: string, password: string): Promise<void> {
  await page.fill('.auth0-lock input[name="email"]', email);
  await page.fill('.auth0-lock input[name="password"]', password);
  await page.click('.auth0-lock button[name="submit"]');
}

/**
 * Waits to be back on the SPA example after Lock's submit. If the page stays, fails with what Lock
 * showed and the tenant's last requests.
 */
async function backOnSpa(page: Page): Promise<void> {
  try {
    await page.waitForURL((url) => url.origin === spa.url, POLL);
  } catch (err) {
    const shown = await page.textContent('.auth0-global-message', { timeout: 1000 }).catch(() => null);
    const last = h.tenant.requests.slice(-6).map((r) => `${r.method} ${r.path}`);
    throw new Error(
      `not back on the SPA example (at ${new URL(page.url()).pathname}); Lock shows ${JSON.stringify(shown)}; the tenant's last requests: ${last.join(', ')}`,
      { cause: err },
    );
  }
}

/** Opens the SPA example and follows its Log in to Lock on the tenant; returns the page's errors. */
async function openLockFromSpa(page: Page): Promise<string[]> {
  // A step that cannot happen fails with its own name, not with the test's 60 s timeout.
  page.setDefaultTimeout(POLL.timeout);
  const errors = watchErrors(page);
  await page.goto(`${spa.url}/`);
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Not signed in.');
  await page.click('#login');
  await lockShown(page);
  return errors;
}

it('builds the example with Lock on webauth-js', () => {
  expect(built.errors).toEqual([]);
});

it('signs in to the SPA example through Lock, after showing a wrong password', async () => {
  const { page } = h;
  const errors = await openLockFromSpa(page);
  // Lock's styles applied (they sit in the pre-placed, nonce'd <style>): its box is laid out.
  expect(await page.evaluate(() => document.getElementById('auth0-lock-style')?.textContent?.length)).toBeGreaterThan(
    1000,
  );
  expect(await page.textContent('.auth0-lock-name')).toBe('Local SPA');
  await page.screenshot({ path: join(IMAGES, 'example-lock-hosted-page.png') });

  await submit(page, ALICE.email, 'not-her-password');
  await expect.poll(() => page.textContent('.auth0-global-message-error'), POLL).toMatch(/wrong email or password/i);
  await submit(page, ALICE.email, ALICE.password);
  await backOnSpa(page);
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(await page.textContent('#claims tr:has(th:text-is("aud")) td')).toBe('spa-client');
  expect(h.tenant.requests.some((r) => JSON.stringify(r.query).includes(ALICE.password))).toBe(false);
  expect(errors).toEqual([]);
});

it("signs a new user up through Lock's Sign Up tab and into the SPA example", async () => {
  const { page } = h;
  const errors = await openLockFromSpa(page);
  await page.click('.auth0-lock-tabs a:text("Sign Up")');
  await signUpScreenShown(page, POLL.timeout);
  await submit(page, 'erin@example.com', 'Str0ng!passw0rd-erin');
  await backOnSpa(page);
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Signed in as erin@example.com.');
  expect(h.tenant.requests.some((r) => r.path === '/dbconnections/signup' && r.method === 'POST')).toBe(true);
  expect(errors).toEqual([]);
});

it("sends a password reset email from Lock's forgot-password screen", async () => {
  const { page } = h;
  const errors = await openLockFromSpa(page);
  await page.click('.auth0-lock a.auth0-lock-alternative-link');
  await page.fill('.auth0-lock input[name="email"]', ALICE.email);
  const before = h.tenant.outbox.length;
  await page.click('.auth0-lock button[name="submit"]');
  await expect
    .poll(() => page.textContent('.auth0-global-message-success'), POLL)
    .toMatch(/sent you an email to reset your password/i);
  expect(h.tenant.outbox.slice(before).map((m) => [m.kind, m.to])).toEqual([['change_password', ALICE.email]]);
  expect(errors).toEqual([]);
});

it('signs in to the CDN example through Lock', async () => {
  const context = await h.browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.route('**/examples/cdn/config.js', async (route) => {
    const original = await route.fetch();
    await route.fulfill({ response: original, body: (await original.text()).replaceAll(CDN_TENANT, h.tenant.url) });
  });
  await page.goto(`${h.app.url}/examples/cdn/`);
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Not signed in.');
  await page.click('#login');
  await lockShown(page);
  await submit(page, ALICE.email, ALICE.password);
  await page.waitForURL((url) => url.origin === h.app.url, POLL);
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${ALICE.email}.`);
  expect(errors).toEqual([]);
  await context.close();
});
