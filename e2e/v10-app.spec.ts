/**
 * The drop-in promise for the interactive flows: an app written for auth0-js 10 (e2e/pages/v10-app.js)
 * checks the session on load and logs in with a popup, through the tenant's hosted login page with
 * a captcha; it works unchanged with our builds, as it does with auth0-js 10.2.1 itself.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from './support/harness.js';
import { ALICE, type LibBuild } from './support/flow.js';
import { defaultDefinition, solveImage } from './tenant/index.js';

const definition = defaultDefinition();
definition.captcha = { default: { provider: 'auth0' } };
// The tenant on the app's site (another port), so its session cookie reaches the silent iframe.
const h = useBrowserHarness({ testEndpoints: true, http: true, host: '127.0.0.1', config: definition });

const status = () => h.page.textContent('#status');

describe.each(['umd', 'esm', 'ref'] as LibBuild[])('an auth0-js 10 app with the %s build', (lib) => {
  it('is signed out on load, logs in with a popup and a captcha, and is signed in after a reload', async () => {
    await h.page.goto(`${h.app.url}/pages/v10-app.html?lib=${lib}&tenant=${encodeURIComponent(h.tenant.url)}`);
    await h.page.waitForFunction(() => document.getElementById('status')!.textContent !== 'loading');
    expect(await status()).toBe('signed out: login_required');

    const [popup] = await Promise.all([h.context.waitForEvent('page'), h.page.click('#login')]);
    const img = await popup.waitForSelector('#login-captcha .captcha-challenge img[src^="data:image/svg"]');
    await popup.fill('#username', ALICE.email);
    await popup.fill('#password', ALICE.password);
    await popup.fill('#login-captcha input[name="captcha"]', solveImage((await img.getAttribute('src'))!));
    await Promise.all([popup.waitForEvent('close'), popup.click('#submit')]);
    await h.page.waitForFunction(() => document.getElementById('status')!.textContent!.startsWith('signed in'));
    expect(await status()).toBe(`signed in as ${ALICE.email}`);

    await h.page.reload();
    await h.page.waitForFunction(() => document.getElementById('status')!.textContent !== 'loading');
    expect(await status()).toBe(`signed in as ${ALICE.email}`);
  });
});
