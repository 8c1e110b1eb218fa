/**
 * examples/hosted-login-template served by the local tenant as its login page (`loginPage`, the
 * CLI's --login-page), driven in Chromium from the SPA example: a wrong password shows the typed
 * error in the page; the right one, a new signup and an emailed code each land back in the app
 * signed in. Then a tenant that requires captchas: the template shows them, refuses a login without
 * the answer and signs in and up with it. Saves the README's screenshots.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { useBrowserHarness } from './support/harness.js';
import { useSpaExample } from './support/spa-example.js';
import { ALICE, appUrl, openApp, startLogin } from './support/flow.js';
import { defaultDefinition, solveImage, startTenant, type RunningTenant } from './tenant/index.js';

const ROOT = join(import.meta.dirname, '..');
const IMAGES = join(ROOT, 'docs', 'images');
const TEMPLATE = join(ROOT, 'examples', 'hosted-login-template', 'login.html');
const POLL = { timeout: 15_000 };

// On the app's site (127.0.0.1), as `npm start` serves both on localhost.
const h = useBrowserHarness({ http: true, host: '127.0.0.1', loginPage: TEMPLATE });
const spa = useSpaExample(h);
beforeAll(async () => {
  await mkdir(IMAGES, { recursive: true });
});

/** Opens the SPA example (pointed at the test tenant) and follows its Log in to the template. */
async function openLoginPage(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The tenant's CSP admits the template's own inline script and style (by nonce) and nothing else.
  page.on('console', (m) => void (m.text().includes('Content Security Policy') && errors.push(m.text())));
  await page.goto(`${spa.url}/`);
  await expect.poll(() => page.textContent('#status'), POLL).toBe('Not signed in.');
  await Promise.all([page.waitForURL((url) => url.pathname === '/authorize'), page.click('#login')]);
  // The template, not the built-in page: its heading and the application's name from @@config@@.
  expect(await page.textContent('h1')).toBe('Welcome back');
  expect(await page.textContent('#client')).toBe('to continue to Local SPA');
  // This tenant requires no captcha: the template asked, and shows none.
  await expect
    .poll(() => page.evaluate(() => document.getElementById('login-captcha')?.style.display), POLL)
    .toBe('none');
  return errors;
}

async function backInTheApp(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.origin === spa.url, POLL);
  await expect.poll(() => page.textContent('#status'), POLL).toBe(`Signed in as ${email}.`);
  const aud = await page.textContent('#claims tr:has(th:text-is("aud")) td');
  expect(aud).toBe('spa-client');
}

it('shows a wrong password as typed error text, then signs in and lands back in the app', async () => {
  const { page } = h;
  const errors = await openLoginPage(page);
  await page.screenshot({ path: join(IMAGES, 'example-hosted-login.png') });
  await page.fill('#username', ALICE.email);
  await page.fill('#password', 'not-her-password');
  await page.click('#submit');
  await expect.poll(() => page.textContent('#error'), POLL).toBe('access_denied: Wrong email or password.');
  expect(await page.isEnabled('#submit')).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/authorize');
  await page.screenshot({ path: join(IMAGES, 'example-hosted-login-error.png') });

  await page.fill('#password', ALICE.password);
  await page.click('#submit');
  await backInTheApp(page, ALICE.email);
  // Cross-origin login: the credentials went to /co/authenticate, never into a URL.
  const paths = h.tenant.requests.map((r) => r.path);
  expect(paths).toContain('/co/authenticate');
  expect(h.tenant.requests.some((r) => JSON.stringify(r.query).includes(ALICE.password))).toBe(false);
  expect(errors).toEqual([]);
});

it('signs a new user up and in', async () => {
  const { page } = h;
  const errors = await openLoginPage(page);
  await page.click('nav button[data-panel=signup]');
  await page.fill('#signup-email', 'carol@example.com');
  await page.fill('#signup-password', 'short');
  await page.click('#signup-submit');
  await expect.poll(() => page.textContent('#error'), POLL).toMatch(/^invalid_password: /);
  await page.fill('#signup-password', 'Carol-s3cret-passphrase');
  await page.click('#signup-submit');
  await backInTheApp(page, 'carol@example.com');
  expect(errors).toEqual([]);
});

it('sends a password reset email', async () => {
  const { page } = h;
  await openLoginPage(page);
  await page.click('nav button[data-panel=reset]');
  await page.fill('#reset-email', ALICE.email);
  await page.click('#reset-submit');
  await expect
    .poll(() => page.textContent('#notice'), POLL)
    .toBe("We've just sent you an email to reset your password.");
  expect(h.tenant.outbox.filter((m) => m.kind === 'change_password' && m.to === ALICE.email)).toHaveLength(1);
});

it('logs in with a code sent by email', async () => {
  const { page } = h;
  await openLoginPage(page);
  await page.click('nav button[data-panel=passwordless]');
  await page.fill('#code-email', 'dave@example.com');
  await page.click('#code-send');
  await expect.poll(() => page.textContent('#notice'), POLL).toBe('We sent a code to dave@example.com.');
  const message = h.tenant.outbox.find((m) => m.kind === 'passwordless_code' && m.to === 'dave@example.com');
  await page.fill('#code', message?.code ?? '');
  await page.click('#code-submit');
  await backInTheApp(page, 'dave@example.com');
});

describe('a tenant that requires captchas', () => {
  let tenant: RunningTenant;
  beforeAll(async () => {
    const config = defaultDefinition();
    // The tenant's own image captcha on every flow. HTTPS: the template then posts the login to
    // /usernamepassword/login, which checks the captcha (/co/authenticate takes none).
    config.captcha = { default: { provider: 'auth0' }, signup: { provider: 'auth0' } };
    tenant = await startTenant({ config, loginPage: TEMPLATE });
  });
  afterAll(() => tenant?.close());

  /** Opens the test app and follows its login to the template; returns the page's problems. */
  async function openTemplate(page: Page): Promise<string[]> {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    // Console errors, not the browser's notes on 4xx answers (the refused login is one).
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
    });
    await openApp(page, h.app.url, 'umd');
    const config = { domain: tenant.domain, clientID: 'spa-client', redirectUri: appUrl(h.app.url, 'umd') };
    await startLogin(page, { ...config, responseType: 'token id_token' });
    await page.waitForURL((url) => url.pathname === '/authorize');
    return problems;
  }

  /** Reads the challenge image in `box` and types its answer. */
  async function answer(page: Page, box: string): Promise<string> {
    const image = await page.waitForSelector(`${box} img[src^="data:image/svg"]`, POLL);
    const code = solveImage(String(await image.getAttribute('src')));
    await page.fill(`${box} input[name="captcha"]`, code);
    return code;
  }

  const lastRequest = (path: string) => tenant.requests.filter((r) => r.path === path).at(-1)?.body;

  it('shows the login captcha, refuses a login without the answer, then signs in with it', async () => {
    const { page } = h;
    const problems = await openTemplate(page);
    const first = await page.waitForSelector('#login-captcha img[src^="data:image/svg"]', POLL);
    const firstImage = await first.getAttribute('src');
    await page.fill('#username', ALICE.email);
    await page.fill('#password', ALICE.password);
    await page.screenshot({ path: join(IMAGES, 'example-hosted-login-captcha.png') });

    await page.click('#submit');
    await expect.poll(() => page.textContent('#error'), POLL).toBe('invalid_captcha: Invalid captcha value');
    // A refused answer is spent: the template fetched a new challenge.
    await expect.poll(() => page.getAttribute('#login-captcha img', 'src'), POLL).not.toBe(firstImage);

    const code = await answer(page, '#login-captcha');
    await Promise.all([page.waitForURL((url) => url.origin === h.app.url, POLL), page.click('#submit')]);
    expect(lastRequest('/usernamepassword/login')).toMatchObject({ captcha: code, username: ALICE.email });
    expect(problems).toEqual([]);
  });

  it('signs up with the signup captcha, then logs in with the login captcha', async () => {
    const { page } = h;
    const problems = await openTemplate(page);
    await page.click('nav button[data-panel=signup]');
    await page.fill('#signup-email', 'erin@example.com');
    await page.fill('#signup-password', 'Erin-s3cret-passphrase');
    const code = await answer(page, '#signup-captcha');
    await page.click('#signup-submit');
    await expect.poll(() => page.textContent('#notice'), POLL).toBe('Account created. Answer the captcha to log in.');
    expect(lastRequest('/dbconnections/signup')).toMatchObject({ captcha: code, email: 'erin@example.com' });
    expect(await page.inputValue('#username')).toBe('erin@example.com');

    await answer(page, '#login-captcha');
    await Promise.all([page.waitForURL((url) => url.origin === h.app.url, POLL), page.click('#submit')]);
    expect(problems).toEqual([]);
  });
});
