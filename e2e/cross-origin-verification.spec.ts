/**
 * The cross-origin verification page in Chromium, framed the way the tenant frames it: the parent
 * asks for a stored verifier and gets it once. The parent runs on another origin of the same site
 * (another port of 127.0.0.1), so the frame can read the app's cookies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { startAppServer, type AppServer } from './support/app-server.js';
import { launchChromium, newTestContext } from './support/browser.js';
import type { LibBuild } from './support/flow.js';

let app: AppServer;
let parentServer: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, parentServer, browser] = await Promise.all([startAppServer(), startAppServer(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), app?.close(), parentServer?.close()]);
});

/** Stores `verifier` for `coId` the way both libraries store it (cookie name and value encoding). */
async function storeVerifier(page: Page, tenantOrigin: string, coId: string, verifier: string): Promise<void> {
  await page.goto(`${app.url}/pages/app.html`);
  const name = encodeURIComponent(`co/verifier/${encodeURIComponent(tenantOrigin)}/${coId}`);
  await page.evaluate(([name, value]) => (document.cookie = `${name}=${value}; path=/`), [
    name,
    `%22${verifier}%22`,
  ] as const);
}

/** Frames the verification page from `parentOrigin`'s page and runs `script` there with it. */
async function frameVerification(
  page: Page,
  lib: LibBuild,
  script: (frame: Window, ask: (id: string, from?: Window) => Promise<unknown>) => Promise<unknown>,
) {
  await page.goto(`${parentServer.url}/pages/app.html`);
  return page.evaluate(
    async ([src, appOrigin, script]) => {
      const frame = document.createElement('iframe');
      const ready = new Promise<void>((resolve) =>
        window.addEventListener('message', function onReady(e) {
          if (e.origin === appOrigin && e.data?.type === 'ready') {
            window.removeEventListener('message', onReady);
            resolve();
          }
        }),
      );
      frame.src = src;
      document.body.append(frame);
      await ready;
      const target = frame.contentWindow!;
      const ask = (id: string, from: Window = window) =>
        new Promise((resolve) => {
          // Answers go to the asking window (event.source), so listen there.
          const onAnswer = (e: MessageEvent) => {
            if (e.origin !== appOrigin || e.data?.type !== 'co_verifier_response') return;
            from.removeEventListener('message', onAnswer);
            resolve(e.data.response);
          };
          from.addEventListener('message', onAnswer);
          setTimeout(() => resolve('no answer'), 1500);
          // A sibling frame posts through `from` (eval'd there so the message's source is that window).
          if (from === window) target.postMessage({ type: 'co_verifier_request', request: { id } }, appOrigin);
          else
            (from as any).eval(
              `parent.frames[0].postMessage(${JSON.stringify({ type: 'co_verifier_request', request: { id } })}, ${JSON.stringify(appOrigin)})`,
            );
        });
      return new Function('frame', 'ask', `return (${script})(frame, ask);`)(target, ask);
    },
    [
      `${app.url}/pages/cross-origin-verification.html?lib=${lib}#origin=${encodeURIComponent(parentServer.url)}`,
      app.url,
      script.toString(),
    ] as const,
  );
}

describe.each(['umd', 'ref'] as const)('verification page with %s', (lib) => {
  it('hands the stored verifier to the framing page once', async () => {
    const page = await (await newTestContext(browser)).newPage();
    await storeVerifier(page, parentServer.url, 'co1', 'VERIFIER-1');
    const answers = await frameVerification(page, lib, async (_frame, ask) => [
      await ask('co1'),
      await ask('co1'),
      await ask('unknown'),
    ]);
    expect(answers).toEqual([{ verifier: 'VERIFIER-1' }, { verifier: '' }, { verifier: '' }]);
  });
});

// COMPATIBILITY.md S6: auth0-js answers any window of the right origin; ours only the parent.
it.each([
  ['umd', 'no answer'],
  ['ref', { verifier: 'VERIFIER-2' }],
] as const)('with %s, a sibling frame of the tenant origin asking first gets %j', async (lib, siblingAnswer) => {
  const page = await (await newTestContext(browser)).newPage();
  await storeVerifier(page, parentServer.url, 'co2', 'VERIFIER-2');
  const answers = await frameVerification(page, lib, async (_frame, ask) => {
    const sibling = document.createElement('iframe');
    sibling.src = '/pages/app.html';
    await new Promise((resolve) => ((sibling.onload = resolve), document.body.append(sibling)));
    return [await ask('co2', sibling.contentWindow!), await ask('co2')];
  });
  expect(answers).toEqual([siblingAnswer, lib === 'umd' ? { verifier: 'VERIFIER-2' } : { verifier: '' }]);
});
