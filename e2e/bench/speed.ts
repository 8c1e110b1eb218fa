/**
 * Speed of our UMD bundle against auth0-js 10.2.1 in one Chromium run against the local tenant,
 * which answers every request 50 ms late: bundle evaluation, constructing a client and building an
 * authorize URL, `validateToken`, `parseHash` on a first and a repeat visit, `checkSession`, and the
 * memory left by many `checkSession` calls. The libraries alternate run by run. Prints medians, p90
 * and ours/auth0-js ratios; asserts nothing. First, the sizes a page downloads (part `size`): the
 * CDN main file and all its files (e2e/bench/size.mjs), and the bundled apps with the common
 * page's initial chunk (e2e/bench/tree-shaken-size.mjs), each against auth0-js. Part `codeflow`:
 * the code flow with refresh tokens, the CDN main file against the all-in-one file (speed-code-flow.ts).
 * Part `popup`: `popup.callback` on a page without the key set, the same two files (speed-popup.ts).
 * Parts `firstlogin` (a first login whose app page never called `checkSession`) and `failfast`
 * (`checkSession` answered with the tenant's error page): speed-first-login.ts.
 * `npm run bench [-- --runs 15 --calls 1000 --only visits,codeflow --hint preload]`.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright';
import { defaultDefinition } from '../tenant/index.js';
import { newTestContext } from '../support/browser.js';
import { appUrl, openApp } from '../support/flow.js';
import { latency, loadAverage, startBenchServers } from './speed-latency.js';
import { LOOP, timeConstruction, timeEvaluation, timeValidation, type Loop } from './speed-micro.js';
import { memoryRun } from './speed-memory.js';
import { emptySamples, interleaved, printTable, type Lib, type Row, type Samples } from './speed-stats.js';
import { benchConfig, tenantSession, visitRun, type VisitEnv, type VisitFigures } from './speed-visits.js';
import { anonymousLoadsRun, coldCheckSessionRun } from './speed-sessions.js';
import { CODE_FLOW_COLUMNS, codeFlowRows } from './speed-code-flow.js';
import { popupRows } from './speed-popup.js';
import { failFastRows, firstLoginRows, withNoWebOriginsClient } from './speed-first-login.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    calls: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '10' },
    latency: { type: 'string', default: '50' },
    only: { type: 'string' },
    hint: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const ANONYMOUS_LOADS = 100;
const WARM_VALIDATIONS = 20;
const NONCE = 'bench-nonce-0123456789';
/** The `timeout` of the fail-fast part's checkSession: auth0-js waits all of it. */
const FAIL_FAST_TIMEOUT_MS = 10_000;
const part = (name: string) => args.only === undefined || args.only.split(',').includes(name);

const LOOPS: readonly Loop[] = ['construct+url', 'construct', 'construct, no telemetry'];

/** Options as most apps write them: a tenant domain without scheme, no overrides. */
const plainConfig = (env: VisitEnv, lib: Lib) => ({
  domain: env.tenant.domain,
  clientID: 'spa-client',
  redirectUri: appUrl(env.appOrigin, lib),
  responseType: 'token id_token',
});

/** Evaluation and construction, one sample of each per library and run, on one page per library. */
async function micro(browser: Browser, env: VisitEnv, rows: Row[]): Promise<void> {
  const [evals, compiles, runs] = [emptySamples(), emptySamples(), emptySamples()];
  const loops = Object.fromEntries(LOOPS.map((l) => [l, emptySamples()])) as Record<Loop, Samples>;
  const pages = {} as Record<Lib, Page>;
  for (const lib of ['ref', 'umd'] as const) {
    pages[lib] = await (await newTestContext(browser)).newPage();
    await openApp(pages[lib], env.appOrigin, lib);
    for (const loop of LOOPS) await timeConstruction(pages[lib], plainConfig(env, lib), loop); // JIT warm-up
  }
  for (let run = 0; run < RUNS; run++)
    for (const lib of interleaved(run)) {
      const { compile, run: ran } = await timeEvaluation(pages[lib], lib, run);
      evals[lib].push(compile + ran);
      compiles[lib].push(compile);
      runs[lib].push(ran);
      for (const loop of LOOPS) loops[loop][lib].push(await timeConstruction(pages[lib], plainConfig(env, lib), loop));
    }
  await Promise.all(Object.values(pages).map((p) => p.context().close()));
  rows.push(
    { name: 'bundle evaluation', unit: 'ms', samples: evals, target: '<= 0.2' },
    { name: '  of which new Function (parse, compile)', unit: 'ms', samples: compiles },
    { name: '  of which the call (top-level run)', unit: 'ms', samples: runs },
    {
      name: `new WebAuth + buildAuthorizeUrl (mean of ${LOOP})`,
      unit: 'µs',
      samples: loops['construct+url'],
      target: '<= 0.667',
    },
    { name: 'new WebAuth alone', unit: 'µs', samples: loops.construct, target: '<= 1.0' },
    { name: 'new WebAuth, _sendTelemetry: false', unit: 'µs', samples: loops['construct, no telemetry'] },
  );
}

/** validateToken on a page that already holds the library: first call, next calls, a new page. */
async function validation(browser: Browser, env: VisitEnv, rows: Row[]): Promise<void> {
  const [first, next, jwks, newPage, newPageJwks] = [
    emptySamples(),
    emptySamples(),
    emptySamples(),
    emptySamples(),
    emptySamples(),
  ];
  const jwksSince = (n: number) =>
    env.tenant.requests.slice(n).filter((r) => r.path === '/.well-known/jwks.json').length;
  for (const lib of interleaved(0)) {
    const context = await newTestContext(browser);
    await context.addCookies(env.cookies);
    const page = await context.newPage();
    const config = { ...benchConfig(env, lib), redirectUri: appUrl(env.appOrigin, lib) };
    await openApp(page, env.appOrigin, lib);
    await Promise.all([
      page.waitForURL((url) => url.hash.includes('id_token=')),
      page.evaluate(
        async ([config, nonce]) => new (await (window as any).libReady).WebAuth(config).authorize({ nonce }),
        [config, NONCE] as const,
      ),
    ]);
    const idToken = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('id_token')!;
    let before = env.tenant.requests.length;
    const [once, ...warm] = await timeValidation(page, config, idToken, NONCE, WARM_VALIDATIONS);
    first[lib].push(once!);
    next[lib].push(...warm);
    jwks[lib].push(jwksSince(before));
    await page.waitForTimeout(500); // our key set reaches IndexedDB after the validation
    await openApp(page, env.appOrigin, lib);
    before = env.tenant.requests.length;
    newPage[lib].push(...(await timeValidation(page, config, idToken, NONCE, 0)));
    newPageJwks[lib].push(jwksSince(before));
    await context.close();
  }
  rows.push(
    { name: 'validateToken, first call of a page', unit: 'ms', samples: first },
    { name: `validateToken, next ${WARM_VALIDATIONS} calls`, unit: 'ms', samples: next },
    { name: `  key-set requests for ${WARM_VALIDATIONS + 1} validations`, unit: '', samples: jwks, sum: true },
    { name: 'validateToken on a new page of the app', unit: 'ms', samples: newPage },
    { name: '  key-set requests for it', unit: '', samples: newPageJwks, sum: true },
  );
}

async function visits(browser: Browser, env: VisitEnv, rows: Row[]): Promise<void> {
  const keys: (keyof VisitFigures)[] = [
    'firstMs',
    'firstParseMs',
    'firstLoadMs',
    'firstJwks',
    'repeatMs',
    'repeatParseMs',
    'repeatJwks',
    'checkSessionMs',
    'checkSessionJwks',
  ];
  const s = Object.fromEntries(keys.map((k) => [k, emptySamples()])) as Record<keyof VisitFigures, Samples>;
  const [coldMs, coldJwks, anonymousJwks] = [emptySamples(), emptySamples(), emptySamples()];
  await visitRun(browser, env, 'umd'); // warm-up of the tenant and the browser, not counted
  await visitRun(browser, env, 'ref');
  for (let run = 0; run < RUNS; run++)
    for (const lib of interleaved(run)) {
      const figures = await visitRun(browser, env, lib);
      for (const k of keys) s[k][lib].push(figures[k]);
      const cold = await coldCheckSessionRun(browser, env, lib);
      coldMs[lib].push(cold.ms);
      coldJwks[lib].push(cold.jwks);
    }
  for (const lib of interleaved(0))
    anonymousJwks[lib].push(await anonymousLoadsRun(browser, env, lib, ANONYMOUS_LOADS));
  rows.push(
    { name: 'parseHash, first visit (callback fetch to result)', unit: 'ms', samples: s.firstMs, target: '<= 0.8' },
    { name: '  of which page and library load', unit: 'ms', samples: s.firstLoadMs },
    { name: '  of which parseHash call to result', unit: 'ms', samples: s.firstParseMs },
    { name: '  key-set requests', unit: '', samples: s.firstJwks, sum: true },
    { name: 'parseHash, repeat visit (keys cached)', unit: 'ms', samples: s.repeatMs, target: '<= 0.1' },
    { name: '  of which parseHash call to result', unit: 'ms', samples: s.repeatParseMs, target: '<= 0.1' },
    { name: '  key-set requests', unit: '', samples: s.repeatJwks, sum: true, target: '0 for ours' },
    { name: 'checkSession round trip (keys cached)', unit: 'ms', samples: s.checkSessionMs, target: '<= 0.6' },
    { name: '  key-set requests', unit: '', samples: s.checkSessionJwks, sum: true, target: '0 for ours' },
    { name: 'first checkSession, key set not cached', unit: 'ms', samples: coldMs, target: '<= 0.6' },
    { name: '  key-set requests', unit: '', samples: coldJwks, sum: true },
    {
      name: `${ANONYMOUS_LOADS} anonymous checkSession page loads: key-set requests`,
      unit: '',
      samples: anonymousJwks,
      sum: true,
      target: '<= 1 for ours',
    },
  );
}

async function memory(browser: Browser, env: VisitEnv): Promise<void> {
  const calls = Number(args.calls);
  // The tenant's delay only stretches this part: memory does not depend on it.
  const delay = latency.ms;
  latency.ms = 0;
  console.log(`\nmemory: ${calls} checkSession calls on one client, ${args.concurrency} at a time, no tenant delay,`);
  console.log('after forced GC, at the start / halfway / end');
  const head = ['library', 'DOM nodes', 'documents', 'JS listeners', 'JS heap KB', 'failures', 'seconds'];
  console.log(head.map((h, i) => (i ? h.padStart(i < 5 ? 20 : 9) : h.padEnd(10))).join('  '));
  for (const lib of interleaved(0)) {
    const { start, middle, end, failures, seconds } = await memoryRun(
      browser,
      env,
      lib,
      calls,
      Number(args.concurrency),
    );
    const three = (k: keyof typeof start) => `${start[k]} / ${middle[k]} / ${end[k]}`.padStart(20);
    console.log(
      [
        (lib === 'umd' ? 'webauth-js' : 'auth0-js').padEnd(10),
        three('nodes'),
        three('documents'),
        three('listeners'),
        three('heapKB'),
        String(failures).padStart(9),
        seconds.toFixed(1).padStart(9),
      ].join('  '),
    );
  }
  latency.ms = delay;
}

/** The built-in tenant with its rate limit out of the way: the memory part alone sends 2,000 requests. */
function benchDefinition() {
  const definition = defaultDefinition();
  definition.rate_limits = { ...definition.rate_limits, '*': { limit: 1_000_000, window_seconds: 60 } };
  return withNoWebOriginsClient(definition);
}

/** The size reports, printed as they are (their ceilings are checked by npm test, not here). */
function sizes(): void {
  for (const script of ['e2e/bench/size.mjs', 'e2e/bench/tree-shaken-size.mjs']) {
    console.log(`\n${script}`);
    spawnSync(process.execPath, [script], { stdio: 'inherit' });
  }
  console.log();
}

async function main() {
  if (part('size')) sizes();
  latency.ms = Number(args.latency);
  const { tenant, app, cdnApp, browser, close } = await startBenchServers(benchDefinition());
  console.log(`tenant latency ${latency.ms} ms; ${RUNS} runs per library, interleaved; load average ${loadAverage()}`);
  if (args.hint) console.log(`callback page hint: ${args.hint}`);
  const t0 = Date.now();
  const rows: Row[] = [];
  try {
    const env: VisitEnv = {
      tenant,
      appOrigin: app.url,
      cookies: [],
      hint: args.hint === 'preload' ? 'preload' : undefined,
    };
    env.cookies = await tenantSession(browser, env);
    if (part('micro')) await micro(browser, env, rows);
    if (part('validate')) await validation(browser, env, rows);
    if (part('visits')) await visits(browser, env, rows);
    if (rows.length) printTable(rows);
    if (part('codeflow'))
      for (const [cache, origin] of [
        ['no-store: every page fetches the library files again', app.url],
        ['immutable, as a CDN serves a versioned URL: later pages take them from the HTTP cache', cdnApp.url],
      ]) {
        console.log(`\nusePKCE + useRefreshTokens + localstorage; library files served ${cache}`);
        printTable(await codeFlowRows(browser, { ...env, appOrigin: origin! }, RUNS), CODE_FLOW_COLUMNS);
      }
    if (part('popup')) {
      console.log('\npopup.authorize, the callback page without the key set; library files served no-store');
      printTable(await popupRows(browser, env, RUNS), CODE_FLOW_COLUMNS);
    }
    if (part('firstlogin')) {
      console.log('\nfirst login by redirect, the app page never calling checkSession (new context each run)');
      printTable(await firstLoginRows(browser, env, RUNS));
    }
    if (part('failfast')) {
      console.log('\ncheckSession when the tenant answers the iframe with its error page (origin not allowed)');
      printTable(await failFastRows(browser, env, RUNS, FAIL_FAST_TIMEOUT_MS));
    }
    if (part('memory')) await memory(browser, env);
  } finally {
    await close();
  }
  console.log(`\nload average after ${((Date.now() - t0) / 1000).toFixed(0)} s: ${loadAverage()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
