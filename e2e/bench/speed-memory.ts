/**
 * Memory of many `checkSession` calls, read through the DevTools protocol after forced garbage
 * collections: DOM nodes, documents, JS event listeners (Memory.getDOMCounters) and the used JS
 * heap (Performance.getMetrics), before and after.
 */
import type { Browser, CDPSession } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { openApp } from '../support/flow.js';
import type { Lib } from './speed-stats.js';
import { benchConfig, type VisitEnv } from './speed-visits.js';

export interface MemoryFigures {
  nodes: number;
  documents: number;
  listeners: number;
  heapKB: number;
}

async function snapshot(cdp: CDPSession): Promise<MemoryFigures> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const dom = await cdp.send('Memory.getDOMCounters');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  return {
    nodes: dom.nodes,
    documents: dom.documents,
    listeners: dom.jsEventListeners,
    heapKB: Math.round(heap / 1024),
  };
}

/** `calls` checkSession calls on one client, `concurrency` at a time; resolves with the failures. */
async function checkSessions(page: import('playwright').Page, calls: number, concurrency: number): Promise<number> {
  return page.evaluate(
    async ([calls, concurrency]) => {
      const webAuth = (window as any).benchClient;
      let failures = 0;
      const once = () =>
        new Promise<void>((resolve) =>
          webAuth.checkSession({}, (err: unknown) => {
            if (err) failures++;
            if (err && failures === 1) (window as any).benchFirstError = JSON.stringify(err);
            resolve();
          }),
        );
      for (let done = 0; done < calls; done += concurrency)
        await Promise.all(Array.from({ length: Math.min(concurrency, calls - done) }, once));
      return failures;
    },
    [calls, concurrency] as const,
  );
}

export async function memoryRun(
  browser: Browser,
  env: VisitEnv,
  lib: Lib,
  calls: number,
  concurrency: number,
): Promise<{ start: MemoryFigures; middle: MemoryFigures; end: MemoryFigures; failures: number; seconds: number }> {
  const context = await newTestContext(browser);
  try {
    await context.addCookies(env.cookies);
    const page = await context.newPage();
    await openApp(page, env.appOrigin, lib);
    await page.evaluate(
      async (config) => {
        const lib = await (window as any).libReady;
        (window as any).benchClient = new lib.WebAuth(config);
      },
      benchConfig(env, lib),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // Warm-up: lazily created state (key cache, compiled code) belongs to the starting level.
    let failures = await checkSessions(page, 2 * concurrency, concurrency);
    const start = await snapshot(cdp);
    const t0 = Date.now();
    // Halfway figures tell steady growth (a leak) from a one-off step (a cache filling up).
    failures += await checkSessions(page, calls / 2, concurrency);
    const middle = await snapshot(cdp);
    failures += await checkSessions(page, calls - calls / 2, concurrency);
    const seconds = (Date.now() - t0) / 1000;
    const end = await snapshot(cdp);
    if (failures) console.log(`${lib}: first failure`, await page.evaluate(() => (window as any).benchFirstError));
    return { start, middle, end, failures, seconds };
  } finally {
    await context.close();
  }
}
