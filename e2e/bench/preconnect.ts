/**
 * What `<link rel="preconnect">` to the tenant saves on a page that then fetches from it (the key
 * set on a callback page): a new browser context per sample opens the app page, with or without
 * the hint (added 200 ms before the request, as a page's head would be), then fetches the tenant's
 * key set; Chromium's own timing of that request (DNS, connect, total) is read through Playwright.
 * `node scripts/run-e2e-ts.mjs e2e/bench/preconnect.ts [--runs 15]`. Prints medians; asserts nothing.
 */
import { parseArgs } from 'node:util';
import type { Browser, Request } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { openApp } from '../support/flow.js';
import { loadAverage, startBenchServers } from './speed-latency.js';
import { median } from './speed-stats.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });

interface Sample {
  connectMs: number;
  totalMs: number;
}

async function sample(browser: Browser, appOrigin: string, jwksUrl: string, hint: boolean): Promise<Sample> {
  const context = await newTestContext(browser);
  try {
    const page = await context.newPage();
    await openApp(page, appOrigin, 'umd');
    const finished = new Promise<Request>((resolve) =>
      page.on('requestfinished', (r) => r.url() === jwksUrl && resolve(r)),
    );
    const totalMs = await page.evaluate(
      async ([url, hint]) => {
        if (hint) {
          const link = Object.assign(document.createElement('link'), { rel: 'preconnect', href: new URL(url).origin });
          link.crossOrigin = 'anonymous'; // the key-set fetch sends no credentials
          document.head.append(link);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        const t0 = performance.now();
        await (await fetch(url)).json();
        return performance.now() - t0;
      },
      [jwksUrl, hint] as const,
    );
    const t = (await finished).timing();
    // -1 when the request reused a connection (the preconnected one).
    return { connectMs: t.connectEnd >= 0 ? t.connectEnd - t.connectStart : 0, totalMs };
  } finally {
    await context.close();
  }
}

async function main() {
  const { tenant, app, browser, close } = await startBenchServers();
  const jwksUrl = `${tenant.url}/.well-known/jwks.json`;
  console.log(`load average ${loadAverage()}`);
  const runs: Record<'without' | 'with', Sample[]> = { without: [], with: [] };
  try {
    for (let i = 0; i < Number(args.runs); i++)
      for (const hint of i % 2 ? [true, false] : [false, true])
        runs[hint ? 'with' : 'without'].push(await sample(browser, app.url, jwksUrl, hint));
  } finally {
    await close();
  }
  for (const [name, s] of Object.entries(runs)) {
    const med = (k: keyof Sample) => median(s.map((x) => x[k])).toFixed(2);
    console.log(
      `${name} preconnect: connect ${med('connectMs')} ms, key-set fetch ${med('totalMs')} ms (medians of ${s.length})`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
