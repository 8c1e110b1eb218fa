/**
 * The hosted-page login answer (an auto-post form) in Chromium: parsed inertly and submitted as a
 * plain form with its fields only; nothing else of the answer reaches the page. Runs the built
 * environment module (`dist/esm/browser/env.js`) on a page of the app server.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';

let app: AppServer;
let browser: Browser;
let page: Page;
let posted: { url: string; body: string | null }[];

beforeAll(async () => {
  [app, browser] = await Promise.all([startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), app?.close()]);
});
beforeEach(async () => {
  page = await (await newTestContext(browser)).newPage();
  posted = [];
  // The form's target answers 204: the page stays where it is, so what it holds can be checked.
  await page.route('**/login/callback', (route) => {
    posted.push({ url: route.request().url(), body: route.request().postData() });
    return route.fulfill({ status: 204 });
  });
  await page.goto(`${app.url}/pages/app.html`);
});

/** Calls the built default environment's `submitForm(html)` in the page; returns what it threw. */
// A string, not a function: vitest would rewrite a dynamic import inside a function for Node.
const submit = (html: string): Promise<string | null> =>
  page.evaluate(`(async () => {
    const { defaultEnv } = await import('/dist/esm/browser/env.js');
    try {
      defaultEnv().submitForm(${JSON.stringify(html)});
      return null;
    } catch (err) {
      return String(err);
    }
  })()`);

const FIELDS = '<input type="hidden" name="wa" value="wsignin1.0"><input type="hidden" name="wresult" value="a&amp;b">';

describe('hosted-page login answer', () => {
  it('submits the form even when other markup comes first', async () => {
    expect(await submit(`<p>Redirecting…</p><form method="post" action="/login/callback">${FIELDS}</form>`)).toBeNull();
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]).toEqual({ url: `${app.url}/login/callback`, body: 'wa=wsignin1.0&wresult=a%26b' });
  });

  it('inserts nothing but the rebuilt form: no handlers, images or scripts of the answer run', async () => {
    const html =
      `<form method="post" action="/login/callback" onsubmit="window.pwned = 'onsubmit'">${FIELDS}` +
      `<img src="/nope.png" onerror="window.pwned = 'img in form'"><noscript><input type="submit" value="Continue"></noscript></form>` +
      `<img src="/nope.png" onerror="window.pwned = 'img'"><script>window.pwned = 'script'</script>`;
    const images: string[] = [];
    page.on('request', (request) => images.push(new URL(request.url()).pathname + new URL(request.url()).search));
    expect(await submit(html)).toBeNull();
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]!.body).toBe('wa=wsignin1.0&wresult=a%26b');
    // A broken image of our own, loaded after: by its error event, an image the answer had put in
    // the page would have been requested and failed too.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const probe = new Image();
          probe.onerror = resolve;
          probe.src = '/nope.png?probe';
        }),
    );
    expect(images.filter((path) => path.startsWith('/nope.png'))).toEqual(['/nope.png?probe']);
    expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined();
    expect(await page.evaluate(() => document.querySelectorAll('body img, body script, body noscript').length)).toBe(0);
  });

  it('refuses an answer without a form, or with a script action, instead of submitting', async () => {
    expect(await submit('<p>nothing to post</p>')).toMatch(/no form to submit/);
    expect(await submit(`<form method="post" action="javascript:window.pwned='action'">${FIELDS}</form>`)).toMatch(
      /no form to submit/,
    );
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined();
    expect(posted).toEqual([]);
  });
});
