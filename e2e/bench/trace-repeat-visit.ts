/**
 * Where the time of a repeat visit goes (issue 32): the callback page of a second redirect login in
 * the same browser context (the key set cached by the first), from the start of the page's fetch to
 * parseHash's verified result. The page's clock marks when the HTML and the library file arrived,
 * when the library was ready and how long parseHash itself took; a Chromium trace of the same visit
 * adds the main thread's time compiling and running the library file and running the app's code.
 * Both libraries, interleaved, against the tenant that answers 50 ms late.
 * `node scripts/run-e2e-ts.mjs e2e/bench/trace-repeat-visit.ts [--runs 15]`. Prints medians;
 * asserts nothing.
 */
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright';
import { newTestContext } from '../support/browser.js';
import { waitForStoredKeySet } from '../support/flow.js';
import { loadAverage, startBenchServers } from './speed-latency.js';
import { interleaved, median, type Lib } from './speed-stats.js';
import { tenantSession, timedCallback, type VisitEnv } from './speed-visits.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });

/** Milliseconds, from the callback page's fetch start unless named a duration. */
interface Trace {
  htmlArrived: number;
  libraryFileArrived: number;
  libraryReady: number;
  result: number;
  /** Durations: parseHash's call to its callback; the main thread compiling and running the library file. */
  parseHash: number;
  libraryCompile: number;
  libraryRun: number;
  keySetRequests: number;
  /** webauth-js's debug events during parseHash, ms from its call. */
  steps: [string, number][];
}
const STEPS: readonly Exclude<keyof Trace, 'steps'>[] = [
  'htmlArrived',
  'libraryFileArrived',
  'libraryReady',
  'result',
  'parseHash',
  'libraryCompile',
  'libraryRun',
  'keySetRequests',
];

const LIBRARY_FILE = /\/(webauth\.min|auth0\.min)\.js$/;

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  args?: { data?: { url?: string }; fileName?: string; url?: string };
}

/** Main-thread milliseconds spent compiling and evaluating the library file, from the trace. */
function libraryTime(events: TraceEvent[]): { compile: number; run: number } {
  const urlOf = (e: TraceEvent) => e.args?.data?.url ?? e.args?.fileName ?? e.args?.url ?? '';
  const total = (names: string[]) =>
    events
      .filter((e) => e.ph === 'X' && names.includes(e.name) && LIBRARY_FILE.test(urlOf(e)))
      .reduce((ms, e) => ms + (e.dur ?? 0) / 1000, 0);
  const compile = total(['v8.compile', 'V8.CompileCode', 'v8.produceCache', 'v8.compileModule']);
  return { compile, run: Math.max(0, total(['EvaluateScript']) - compile) };
}

async function repeatVisit(browser: Browser, env: VisitEnv, lib: Lib): Promise<Trace> {
  const context = await newTestContext(browser);
  try {
    await context.addCookies(env.cookies);
    const page: Page = await context.newPage();
    await timedCallback(page, env, lib);
    // Our key cache is written after the first callback; the repeat visit comes after that write.
    if (lib === 'umd') await waitForStoredKeySet(page);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    });
    const visit = await timedCallback(page, env, lib);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
    const marks = await page.evaluate((pattern) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const file = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        new RegExp(pattern).test(new URL(e.name).pathname),
      );
      return { html: nav.responseEnd - nav.fetchStart, file: (file?.responseEnd ?? NaN) - nav.fetchStart };
    }, LIBRARY_FILE.source);
    const { compile, run } = libraryTime(events);
    return {
      htmlArrived: marks.html,
      libraryFileArrived: marks.file,
      libraryReady: visit.loadMs,
      result: visit.ms,
      parseHash: visit.parseMs,
      libraryCompile: compile,
      libraryRun: run,
      keySetRequests: visit.jwks,
      steps: visit.steps,
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { tenant, app, browser, close } = await startBenchServers();
  console.log(`load average ${loadAverage()}; ${args.runs} runs per library`);
  try {
    const env: VisitEnv = { tenant, appOrigin: app.url, cookies: [], trace: true };
    env.cookies = await tenantSession(browser, env);
    const traces: Record<Lib, Trace[]> = { umd: [], ref: [] };
    for (let run = 0; run < Number(args.runs); run++)
      for (const lib of interleaved(run)) traces[lib].push(await repeatVisit(browser, env, lib));
    console.log('\nrepeat visit, callback page (median ms; key-set requests: median count)');
    console.log(`${'step'.padEnd(20)}${'webauth-js'.padStart(12)}${'auth0-js'.padStart(12)}${'ratio'.padStart(8)}`);
    for (const step of STEPS) {
      const [ours, theirs] = (['umd', 'ref'] as const).map((lib) => median(traces[lib].map((t) => t[step])));
      const ratio = theirs ? (ours! / theirs).toFixed(3) : '-';
      console.log(
        `${step.padEnd(20)}${ours!.toFixed(1).padStart(12)}${theirs!.toFixed(1).padStart(12)}${ratio.padStart(8)}`,
      );
    }
    console.log('\nwebauth-js parseHash, its debug events (median ms from the call)');
    const names = [...new Set(traces.umd.flatMap((t) => t.steps.map(([name]) => name)))];
    for (const name of names) {
      const at = traces.umd.flatMap((t) => t.steps.filter(([n]) => n === name).map(([, ms]) => ms));
      console.log(`${name.padEnd(40)}${median(at).toFixed(1).padStart(8)}`);
    }
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
