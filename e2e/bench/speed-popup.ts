/**
 * `popup.authorize` answered by `popup.callback` on a page whose storage lacks the key set (a
 * callback page on another origin than the opener, whose prefetch then never reaches it; emulated
 * by refusing the opener's own key-set request). Timed from the `popup.callback` call in the popup
 * to the opener's callback, on one clock (`performance.timeOrigin`). The CDN main file, which
 * fetches the popup chunk, against the all-in-one file, in the same run.
 */
import type { Browser, BrowserContext } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { appUrl, openApp } from '../support/flow.js';
import { againstAllInOne } from './speed-code-flow.js';
import { emptySamples, type Row } from './speed-stats.js';
import { benchConfig, type VisitEnv } from './speed-visits.js';

/** One browser context: the opener's popup login through the tenant session, timed on the callback page. */
async function popupRun(browser: Browser, env: VisitEnv, lib: 'umd' | 'all'): Promise<{ ms: number; keySets: number }> {
  let context: BrowserContext | undefined;
  try {
    context = await newTestContext(browser);
    await context.addCookies(env.cookies);
    const opener = await context.newPage();
    await opener.route('**/.well-known/jwks.json', (route) => route.abort());
    await openApp(opener, env.appOrigin, lib);
    const config = { ...benchConfig(env, lib), redirectUri: appUrl(env.appOrigin, lib) };
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      opener.evaluate(async (config) => {
        const lib = await (window as any).libReady;
        (window as any).answered = new Promise((resolve) =>
          new lib.WebAuth(config).popup.authorize({}, (err: unknown) =>
            resolve(err ? { err: JSON.stringify(err) } : { at: performance.timeOrigin + performance.now() }),
          ),
        );
      }, config),
    ]);
    let keySets = 0;
    popup.on('request', (r) => void (r.url().endsWith('/.well-known/jwks.json') && keySets++));
    await popup.waitForURL((url) => url.origin === env.appOrigin);
    await popup.evaluate(() => (window as any).libReady);
    const called = await popup.evaluate(async (config) => {
      const lib = await (window as any).libReady;
      const at = performance.timeOrigin + performance.now();
      new lib.WebAuth(config).popup.callback();
      return at;
    }, config);
    const answer = await opener.evaluate(() => (window as any).answered);
    if (answer.err) throw new Error(`${lib}: popup login failed: ${answer.err}`);
    return { ms: answer.at - called, keySets };
  } finally {
    await context?.close();
  }
}

/** `runs` runs per build, the order swapped every run; rows for `printTable(rows, CODE_FLOW_COLUMNS)`. */
export async function popupRows(browser: Browser, env: VisitEnv, runs: number): Promise<Row[]> {
  const [answer, keySets] = [emptySamples(), emptySamples()];
  await againstAllInOne(
    runs,
    (lib) => popupRun(browser, env, lib),
    (slot, f) => {
      answer[slot].push(f.ms);
      keySets[slot].push(f.keySets);
    },
  );
  return [
    {
      name: 'popup.callback call to the opener callback (key set not stored)',
      unit: 'ms',
      samples: answer,
      target: '<= 1.0',
    },
    { name: '  key-set requests of the popup page', unit: '', samples: keySets, sum: true },
  ];
}
