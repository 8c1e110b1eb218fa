/**
 * Speed of our UMD bundle against auth0-js 10.2.1, in the same Chromium run against the local
 * tenant: bundle evaluation, constructing a client and building an authorize URL, and ID-token
 * validation (the first call and the following ones, with the JWKS requests each library makes).
 * Prints figures and ours/auth0-js ratios; asserts nothing. `npm run bench`.
 */
import type { Page } from 'playwright';
import { startTenant } from '../tenant/index.js';
import { startAppServer } from '../support/app-server.js';
import { launchChromium, newTestContext } from '../support/browser.js';
import { openApp, signIn, startLogin, type AppConfig, type LibBuild } from '../support/flow.js';

const EVALS = 30;
const URLS = 500;
const ROUNDS = 9;
const WARM_VALIDATIONS = 20;
const NONCE = 'bench-nonce-0123456789';

interface Figures {
  evalMs: number;
  urlUs: number;
  constructUs: number;
  constructNoTelemetryUs: number;
  firstValidateMs: number;
  warmValidateMs: number;
  jwksRequests: number;
  /** A new page of the same site, as after the login redirect: memory is empty, IndexedDB is not. */
  newPageValidateMs: number;
  newPageJwksRequests: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Parse + compile + run of the bundle's source, median of `EVALS` runs. */
async function timeEvaluation(page: Page, lib: LibBuild): Promise<number> {
  const src = lib === 'ref' ? '/vendor/auth0-js/auth0.min.js' : '/dist/webauth.min.js';
  const times = await page.evaluate(
    async ([src, runs]) => {
      const code = await (await fetch(src)).text();
      const out: number[] = [];
      for (let i = 0; i < runs; i++) {
        // A distinct source each run, so the engine cannot reuse the previous compilation.
        const unique = code + `\n//# run ${i}`;
        const t0 = performance.now();
        new Function(unique)();
        out.push(performance.now() - t0);
      }
      return out;
    },
    [src, EVALS] as const,
  );
  return median(times);
}

type Loop = 'construct+url' | 'construct' | 'construct, no telemetry';

/**
 * Microseconds per iteration of `loop` (a fresh options object each time, as apps write them), the
 * median of `ROUNDS` rounds after a warm-up round (one long loop measured mostly the JIT and one GC).
 */
function timeConstruction(page: Page, config: AppConfig, loop: Loop): Promise<number> {
  return page.evaluate(
    async ([config, runs, rounds, loop]) => {
      const lib = await (window as any).libReady;
      const perCall: number[] = [];
      const telemetry = loop !== 'construct, no telemetry';
      for (let round = 0; round <= rounds; round++) {
        const t0 = performance.now();
        for (let i = 0; i < runs; i++) {
          const webAuth = new lib.WebAuth(telemetry ? { ...config } : { ...config, _sendTelemetry: false });
          if (loop === 'construct+url')
            webAuth.client.buildAuthorizeUrl({
              state: 's' + i,
              nonce: 'n',
              responseType: 'token id_token',
              redirectUri: config.redirectUri,
            });
        }
        if (round > 0) perCall.push(((performance.now() - t0) / runs) * 1000);
      }
      perCall.sort((a, b) => a - b);
      return perCall[Math.floor(rounds / 2)]!;
    },
    [config, URLS, ROUNDS, loop] as const,
  );
}

/** Times `validateToken(idToken, nonce)`: the first call, then the median of the next ones. */
function timeValidation(page: Page, config: AppConfig, idToken: string, runs: number): Promise<number[]> {
  return page.evaluate(
    async ([config, idToken, nonce, runs]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth({ ...config, _disableDeprecationWarnings: true });
      const once = () =>
        new Promise<number>((resolve, reject) => {
          const t0 = performance.now();
          webAuth.validateToken(idToken, nonce, (err: unknown) =>
            err ? reject(err) : resolve(performance.now() - t0),
          );
        });
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) times.push(await once());
      return times;
    },
    [config, idToken, NONCE, runs] as const,
  );
}

async function measure(
  lib: LibBuild,
  page: Page,
  tenant: Awaited<ReturnType<typeof startTenant>>,
  appUrl: string,
): Promise<Figures> {
  const config: AppConfig = {
    domain: tenant.domain,
    clientID: 'spa-client',
    redirectUri: `${appUrl}/pages/app.html?lib=${lib}`,
    responseType: 'id_token',
  };
  await openApp(page, appUrl, lib);
  const evalMs = await timeEvaluation(page, lib);
  await openApp(page, appUrl, lib);
  const urlUs = await timeConstruction(page, config, 'construct+url');
  const constructUs = await timeConstruction(page, config, 'construct');
  const constructNoTelemetryUs = await timeConstruction(page, config, 'construct, no telemetry');
  await startLogin(page, config, { nonce: NONCE });
  await signIn(page, appUrl);
  const idToken = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('id_token');
  if (!idToken) throw new Error(`${lib}: no id_token in the callback URL`);
  const jwksSince = (start: number) =>
    tenant.requests.slice(start).filter((r) => r.path === '/.well-known/jwks.json').length;
  let before = tenant.requests.length;
  const [first, ...warm] = await timeValidation(page, config, idToken, WARM_VALIDATIONS);
  const jwksRequests = jwksSince(before);
  await openApp(page, appUrl, lib);
  before = tenant.requests.length;
  const [newPage] = await timeValidation(page, config, idToken, 0);
  const newPageJwksRequests = jwksSince(before);
  return {
    evalMs,
    urlUs,
    constructUs,
    constructNoTelemetryUs,
    firstValidateMs: first!,
    warmValidateMs: median(warm),
    jwksRequests,
    newPageValidateMs: newPage!,
    newPageJwksRequests,
  };
}

async function main() {
  const [tenant, app, browser] = await Promise.all([
    startTenant({ testEndpoints: true }),
    startAppServer(),
    launchChromium(),
  ]);
  const results: Partial<Record<LibBuild, Figures>> = {};
  try {
    for (const lib of ['ref', 'umd'] as const) {
      // A fresh context each: no cookies, no IndexedDB key cache, no HTTP cache from the other run.
      const context = await newTestContext(browser);
      results[lib] = await measure(lib, await context.newPage(), tenant, app.url);
      await context.close();
    }
  } finally {
    await Promise.all([browser.close(), tenant.close(), app.close()]);
  }
  const ours = results.umd!;
  const theirs = results.ref!;
  const rows: [string, (f: Figures) => number, string][] = [
    ['bundle evaluation (median of ' + EVALS + ')', (f) => f.evalMs, 'ms'],
    ['new WebAuth + buildAuthorizeUrl (median of ' + ROUNDS + ' × ' + URLS + ')', (f) => f.urlUs, 'µs'],
    ['new WebAuth alone', (f) => f.constructUs, 'µs'],
    ['new WebAuth, _sendTelemetry: false', (f) => f.constructNoTelemetryUs, 'µs'],
    ['validateToken, first call', (f) => f.firstValidateMs, 'ms'],
    ['validateToken, next calls (median of ' + WARM_VALIDATIONS + ')', (f) => f.warmValidateMs, 'ms'],
    ['JWKS requests for ' + (WARM_VALIDATIONS + 1) + ' validations', (f) => f.jwksRequests, ''],
    ['validateToken on a new page of the app', (f) => f.newPageValidateMs, 'ms'],
    ['JWKS requests for it', (f) => f.newPageJwksRequests, ''],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'measure'.padEnd(width)}  ${'webauth-js'.padStart(12)}  ${'auth0-js'.padStart(12)}  ratio`);
  for (const [name, get, unit] of rows) {
    const a = get(ours);
    const b = get(theirs);
    const fmt = (v: number) => (unit ? `${v.toFixed(3)} ${unit}` : String(v)).padStart(12);
    console.log(`${name.padEnd(width)}  ${fmt(a)}  ${fmt(b)}  ${b === 0 ? 'n/a' : (a / b).toFixed(3)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
