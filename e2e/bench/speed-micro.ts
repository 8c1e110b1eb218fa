/**
 * In-page timings of each library on an app page: bundle evaluation, constructing a client (with
 * and without building an authorize URL) and `validateToken`. One call, one sample; the caller
 * interleaves the libraries.
 */
import type { Page } from 'playwright';
import type { AppConfig } from '../support/flow.js';
import type { Lib } from './speed-stats.js';

/** Constructions per sample: one sample is the mean time of this many. */
export const LOOP = 2000;

/** One evaluation of the bundle, ms: `compile` is `new Function(source)`, `run` the call. */
export interface Evaluation {
  compile: number;
  run: number;
}

/**
 * Parse + compile + run of the bundle's source, split in two: the parse (and compile of what is
 * compiled at once) grows with the bytes; the run is the top-level work of the modules.
 */
export function timeEvaluation(page: Page, lib: Lib, run: number): Promise<Evaluation> {
  const src = lib === 'ref' ? '/vendor/auth0-js/auth0.min.js' : '/dist/webauth.min.js';
  return page.evaluate(
    async ([src, run]) => {
      const w = window as any;
      w.benchSource ??= await (await fetch(src)).text();
      // A distinct source each run, so the engine cannot reuse an earlier compilation.
      const unique = w.benchSource + `\n//# run ${run}`;
      const t0 = performance.now();
      const evaluate = new Function(unique);
      const t1 = performance.now();
      evaluate();
      return { compile: t1 - t0, run: performance.now() - t1 };
    },
    [src, run] as const,
  );
}

export type Loop = 'construct+url' | 'construct' | 'construct, no telemetry';

/** µs per iteration of `loop`, a fresh options object each time (as apps write them). */
export function timeConstruction(page: Page, config: AppConfig, loop: Loop): Promise<number> {
  return page.evaluate(
    async ([config, runs, loop]) => {
      const lib = await (window as any).libReady;
      const telemetry = loop !== 'construct, no telemetry';
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
      return ((performance.now() - t0) / runs) * 1000;
    },
    [config, LOOP, loop] as const,
  );
}

/** `validateToken(idToken, nonce)` on one client, `runs + 1` times in a row: ms of each call. */
export function timeValidation(
  page: Page,
  config: AppConfig,
  idToken: string,
  nonce: string,
  runs: number,
): Promise<number[]> {
  return page.evaluate(
    async ([config, idToken, nonce, runs]) => {
      const lib = await (window as any).libReady;
      const webAuth = new lib.WebAuth({ ...config, _disableDeprecationWarnings: true });
      const once = () =>
        new Promise<number>((resolve, reject) => {
          const t0 = performance.now();
          webAuth.validateToken(idToken, nonce, (err: unknown) =>
            err ? reject(new Error(JSON.stringify(err))) : resolve(performance.now() - t0),
          );
        });
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) times.push(await once());
      return times;
    },
    [config, idToken, nonce, runs] as const,
  );
}
