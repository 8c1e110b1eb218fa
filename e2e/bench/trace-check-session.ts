/**
 * Where the time of a signed-in `checkSession` goes, on a new browser context (key set not cached,
 * nothing warmed up) and on the same page's next call: the page's own clock marks when the hidden
 * iframe's `/authorize` request starts and ends (Resource Timing), when the answer's message
 * arrives, when the key-set request starts and ends, and when the callback runs. Both libraries,
 * interleaved, against the tenant that answers 50 ms late.
 * `node scripts/run-e2e-ts.mjs e2e/bench/trace-check-session.ts [--runs 15]`. Prints medians;
 * asserts nothing.
 */
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright';
import type { AppConfig } from '../support/flow.js';
import { loadAverage, startBenchServers } from './speed-latency.js';
import { onNewSignedInPage } from './speed-sessions.js';
import { interleaved, median, type Lib } from './speed-stats.js';
import { benchConfig, tenantSession, type VisitEnv } from './speed-visits.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });

/** Milliseconds from the `checkSession` call; `null` where the step did not happen. */
interface Trace {
  authorizeStart: number | null;
  authorizeEnd: number | null;
  message: number | null;
  jwksStart: number | null;
  jwksEnd: number | null;
  /** webauth-js only, from its `debug` hook: the answer accepted, the key found for the token. */
  accepted: number | null;
  keyFound: number | null;
  result: number;
}
const STEPS: readonly (keyof Trace)[] = [
  'authorizeStart',
  'authorizeEnd',
  'message',
  'accepted',
  'jwksStart',
  'jwksEnd',
  'keyFound',
  'result',
];

function traced(page: Page, config: AppConfig, lib: Lib): Promise<Trace> {
  return page.evaluate(
    async ([config, ours]) => {
      const lib = await (window as any).libReady;
      const seen: Record<string, number> = {};
      const debug = (e: { flow: string; step: string }) => (seen[`${e.flow}:${e.step}`] ??= performance.now());
      const webAuth = new lib.WebAuth(ours ? { ...config, debug } : config);
      performance.clearResourceTimings();
      let message: number | null = null;
      const onMessage = (e: MessageEvent) => {
        if (message === null && e.data?.type === 'authorization_response') message = performance.now();
      };
      addEventListener('message', onMessage, true);
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) =>
        webAuth.checkSession({}, (err: unknown) => (err ? reject(new Error(JSON.stringify(err))) : resolve())),
      );
      const result = performance.now() - t0;
      removeEventListener('message', onMessage, true);
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (path: string) => entries.find((e) => new URL(e.name).pathname === path);
      const [authorize, jwks] = [find('/authorize'), find('/.well-known/jwks.json')];
      const at = (t: number | undefined) => (t === undefined ? null : t - t0);
      return {
        authorizeStart: at(authorize?.startTime),
        authorizeEnd: at(authorize?.responseEnd),
        message: message === null ? null : message - t0,
        jwksStart: at(jwks?.startTime),
        jwksEnd: at(jwks?.responseEnd),
        accepted: at(seen['webMessage:message-accepted']),
        keyFound: at(seen['idToken:key']),
        result,
      };
    },
    [config, lib === 'umd'] as const,
  );
}

/** A new context (empty caches and storage) with the tenant session: its first call, then its second. */
const sample = (browser: Browser, env: VisitEnv, lib: Lib): Promise<[Trace, Trace]> =>
  onNewSignedInPage(browser, env, lib, async (page) => [
    await traced(page, benchConfig(env, lib), lib),
    await traced(page, benchConfig(env, lib), lib),
  ]);

function print(title: string, traces: Record<Lib, Trace[]>): void {
  console.log(`\n${title} (median ms from the call; - where the step did not happen)`);
  console.log(`${'step'.padEnd(16)}${'webauth-js'.padStart(12)}${'auth0-js'.padStart(12)}`);
  for (const step of STEPS) {
    const cell = (lib: Lib) => {
      const values = traces[lib].map((t) => t[step]).filter((v): v is number => v !== null);
      return (values.length ? median(values).toFixed(1) : '-').padStart(12);
    };
    console.log(`${step.padEnd(16)}${cell('umd')}${cell('ref')}`);
  }
}

async function main() {
  const { tenant, app, browser, close } = await startBenchServers();
  console.log(`load average ${loadAverage()}; ${args.runs} runs per library`);
  try {
    const env: VisitEnv = { tenant, appOrigin: app.url, cookies: [] };
    env.cookies = await tenantSession(browser, env);
    const cold: Record<Lib, Trace[]> = { umd: [], ref: [] };
    const warm: Record<Lib, Trace[]> = { umd: [], ref: [] };
    for (let run = 0; run < Number(args.runs); run++) {
      for (const lib of interleaved(run)) {
        const [first, second] = await sample(browser, env, lib);
        cold[lib].push(first);
        warm[lib].push(second);
      }
    }
    print('first checkSession of a new context', cold);
    print('second checkSession on the same page', warm);
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
