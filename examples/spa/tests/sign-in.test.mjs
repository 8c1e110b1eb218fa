// A Playwright test of this app against the local tenant, written as in your own app: only
// `playwright` and `webauth-local-tenant` (no test framework but Node's own `node:test`).
//
//   npm install --save-dev playwright webauth-local-tenant
//   VITE_TENANT=http://localhost:4400 npm run build && npm run preview   # the app, http://127.0.0.1:4173
//   npm test                                                              # node --test: starts the tenant on :4400
//
// APP_URL (default http://127.0.0.1:4173) is where the app is served; TENANT_PORT (default 4400)
// the port its build points at (http://localhost:<port>, another site than the app);
// CHROMIUM_PATH a Chromium to run (default /usr/bin/chromium if present, else Playwright's own).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright';
import { startTenant } from 'webauth-local-tenant';
import { signIn } from 'webauth-local-tenant/playwright';

const APP_URL = new URL(process.env.APP_URL ?? 'http://127.0.0.1:4173').origin;
const TENANT_PORT = Number(process.env.TENANT_PORT ?? 4400);
const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const ALICE = 'alice@example.com';
const WAIT = { timeout: 15_000 };

let tenant, browser, page;
/** The tenant's token answers to the app, read as they arrive. */
const tokenAnswers = [];
/** The newest refresh token the tenant handed the app (rotation makes a new one each time). */
async function newestRefreshToken() {
  const bodies = await Promise.all(tokenAnswers);
  return bodies.map((body) => body.refresh_token).findLast(Boolean);
}

/** Resolves once `check()` is true (the tenant records a request the page does not wait for). */
async function until(check, what) {
  const end = Date.now() + WAIT.timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

before(async () => {
  tenant = await startTenant({ http: true, host: 'localhost', port: TENANT_PORT });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // Headless, off the network; `localhost` (the tenant) resolves to the IPv4 loopback it binds.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP localhost 127.0.0.1',
    ],
  });
  const context = await browser.newContext();
  page = await context.newPage();
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/oauth/token' && response.ok()) {
      tokenAnswers.push(response.json().catch(() => ({})));
    }
  });
  // Signed in at the tenant without its login page: the session cookie goes into the context.
  await signIn(context, tenant, { email: ALICE });
});

after(async () => {
  await browser?.close();
  await tenant?.close();
});

const status = () => page.locator('#status').textContent();
async function waitForStatus(text) {
  await page.locator('#status', { hasText: text }).waitFor(WAIT);
  assert.equal(await status(), text);
}

test('signs in without the login page', async () => {
  await page.goto(APP_URL);
  await waitForStatus('Not signed in.');
  // The tenant session answers /authorize at once: straight back to /callback, no form.
  await page.getByRole('button', { name: 'Log in' }).click();
  await waitForStatus(`Signed in as ${ALICE}.`);
  assert.equal(page.url(), `${APP_URL}/`, 'back where the login started, the code gone from the address');
  assert.equal(tenant.requests.filter((r) => r.path === '/usernamepassword/login').length, 0);
  assert.ok(await newestRefreshToken(), 'the login brought a refresh token');
});

test('stays signed in across a reload with third-party cookies blocked', async () => {
  // The tenant (localhost) is another site than the app (127.0.0.1): from now on its cookie is
  // refused in cross-site iframes and fetches, as in Safari, Firefox or Chrome's incognito mode.
  tenant.setSwitches({ blockThirdPartyCookies: true });
  const held = await newestRefreshToken();
  const authorizeCalls = [];
  page.on('request', (r) => new URL(r.url()).pathname === '/authorize' && authorizeCalls.push(r.url()));
  await page.reload();
  await waitForStatus(`Signed in as ${ALICE}.`);
  assert.match(await page.locator('#renewed').textContent(), /Signed in by the refresh token/);
  assert.deepEqual(authorizeCalls, [], 'no hidden iframe: the refresh token did it');
  assert.notEqual(await newestRefreshToken(), held, 'the tenant rotated the refresh token');
});

test('signs out, and the tenant revokes the refresh token', async () => {
  await page.getByRole('button', { name: 'Log out' }).click();
  await waitForStatus('Not signed in.');
  assert.equal(page.url(), `${APP_URL}/`);
  // The app revokes its refresh token on the way out (a keepalive request the page does not await).
  const revokes = () => tenant.requests.filter((r) => r.method === 'POST' && r.path === '/oauth/revoke');
  await until(() => revokes().length > 0, 'POST /oauth/revoke');
  const refreshToken = await newestRefreshToken();
  assert.equal(revokes().length, 1);
  assert.equal(revokes()[0].body.token, refreshToken);
  // The tenant now refuses it.
  const answer = await fetch(`${tenant.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'spa-client', refresh_token: refreshToken }),
  });
  assert.equal(answer.ok, false);
  assert.equal((await answer.json()).error, 'invalid_grant');
});
