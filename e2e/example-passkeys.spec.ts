/**
 * examples/passkeys as a person uses it, with a virtual platform authenticator in Chromium:
 * "Sign up with a passkey", a reload that stays signed in (refresh token), "Log out", then "Sign in
 * with a passkey" as the same user. The page is opened on http://localhost (WebAuthn takes no IP
 * address as RP ID); its tenant address is pointed at the test tenant.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { addVirtualAuthenticator } from './tenant/playwright/index.js';

const h = useBrowserHarness();
/** The tenant address the example is written for (`npm start`). */
const EXAMPLE_TENANT = 'http://localhost:4400';
const SETTLE = { timeout: 15_000 };

/** Points the example's script at the test tenant (ephemeral port) instead of `npm start`'s. */
async function useTestTenant(page: Page): Promise<void> {
  await page.route('**/examples/passkeys/app.js', async (route) => {
    const original = await route.fetch();
    const body = (await original.text()).replaceAll(EXAMPLE_TENANT, h.tenant.url);
    expect(body).toContain(h.tenant.url);
    await route.fulfill({ response: original, body });
  });
}

it('signs up with a passkey, stays signed in across a reload, logs out, signs in with the passkey', async () => {
  const page = h.page;
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await useTestTenant(page);
  const home = `${h.app.url.replace('127.0.0.1', 'localhost')}/examples/passkeys/`;
  await page.goto(home);
  const authenticator = await addVirtualAuthenticator(h.context, page);
  const status = () => page.textContent('#status');
  await expect.poll(status, SETTLE).toBe('Not signed in.');

  const email = `example-passkey-${Date.now()}@example.com`;
  await page.fill('#email', email);
  await page.getByRole('button', { name: 'Sign up with a passkey' }).click();
  await expect.poll(status, SETTLE).toBe(`Signed in as ${email}.`);
  expect(await authenticator.credentials()).toHaveLength(1);
  const { sub } = JSON.parse((await page.textContent('#profile')) ?? '{}');
  expect(sub).toMatch(/^auth0\|/);

  await page.reload();
  await expect.poll(status, SETTLE).toBe(`Signed in as ${email}.`);

  await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/oauth/revoke'),
    page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/logout'),
    page.click('#logout'),
  ]);
  await page.waitForLoadState();
  await expect.poll(status, SETTLE).toBe('Not signed in.');

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect.poll(status, SETTLE).toBe(`Signed in as ${email}.`);
  expect(JSON.parse((await page.textContent('#profile')) ?? '{}').sub).toBe(sub);
  expect(errors).toEqual([]);
});
