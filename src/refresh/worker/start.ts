/**
 * The refresh-token worker, loaded on demand (`useRefreshTokens` with the memory cache): starts a
 * dedicated Worker from a `blob:` URL made of vault.ts's functions, and answers with the `fetch`
 * the tenant's token requests then go through. Where the worker cannot run (no `Worker`, a CSP
 * without `worker-src blob:`, a worker that never answers), it answers undefined and the page
 * keeps the token in its memory as before.
 */
import type { RedirectEnv } from '../../browser/env.js';
import { trace } from '../../shared/debug.js';
import type { WebAuthBaseOptions } from '../../types.js';
import { HELD_TOKEN } from './protocol.js';
import { vaultFetch } from './page-fetch.js';
import { createVault, runVault } from './vault.js';

/** A running worker: the `fetch` through it, and how to make it forget a client's token. */
export interface RunningWorker {
  fetch: RedirectEnv['fetch'];
  forget(clientId: string): void;
}

/**
 * One worker per tenant for the whole page, as the memory cache is one per page: every instance
 * of the page (an app may make one per call) reaches the token the first one kept.
 */
const workers = new Map<string, Promise<RunningWorker | undefined>>();

const running = (o: WebAuthBaseOptions, env: RedirectEnv) => {
  let worker = workers.get(o.rootUrl);
  if (!worker) workers.set(o.rootUrl, (worker = startRefreshWorker(o, env)));
  return worker;
};

/**
 * `fetch` for the instance of `o`: through the tenant's worker (started on the first call), or
 * from the page where the worker cannot run.
 *
 * @example
 * ```ts
 * const response = await workerFetch(webAuth.baseOptions, env, tokenUrl, init);
 * ```
 */
export const workerFetch = (o: WebAuthBaseOptions, env: RedirectEnv, url: string, init?: RequestInit) =>
  running(o, env).then((worker) => (worker || env).fetch(url, init));

/** Makes the tenant's worker, if one runs, forget the refresh token of the instance's client. */
export const forgetToken = (o: WebAuthBaseOptions): void =>
  void workers.get(o.rootUrl)?.then((worker) => worker?.forget(o.clientID));

/** How long a started worker may take to answer its first message. */
export const WORKER_START_MS = 2000;

/** The worker's script: the two functions' source text, called with the placeholder. */
export const workerSource = () => `(${runVault})(${createVault},${JSON.stringify(HELD_TOKEN)})`;

/**
 * Starts the worker for the tenant of `o`; resolves with the `fetch` that routes through it (and a
 * way to forget), or undefined where it cannot run (the `debug` hook hears why: `refresh`,
 * `token-in-page`, `detail.reason` `no-worker`, `refused` or `no-answer`).
 *
 * @example
 * ```ts
 * const running = await startRefreshWorker(webAuth.baseOptions, env);
 * ```
 */
export function startRefreshWorker(o: WebAuthBaseOptions, env: RedirectEnv): Promise<RunningWorker | undefined> {
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    let url: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const done = (why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
      url = undefined;
      const running = worker!;
      if (why === undefined) {
        return resolve({
          fetch: vaultFetch(running, new URL(o.rootUrl).origin, env.fetch),
          forget: (clientId) => running.postMessage({ t: 'forget', clientId }),
        });
      }
      worker?.terminate();
      trace(o.debug, 'refresh', 'token-in-page', { reason: why });
      resolve(undefined);
    };
    if (typeof Worker !== 'function') return done('no-worker');
    try {
      url = URL.createObjectURL(new Blob([workerSource()], { type: 'text/javascript' }));
      worker = new Worker(url);
    } catch {
      // A CSP that forbids the blob: worker may throw here (or fire `error` below).
      return done('refused');
    }
    const answered = (event: MessageEvent) => {
      worker!.removeEventListener('message', answered);
      if (event.data?.id === 0) done();
    };
    worker.addEventListener('message', answered);
    worker.addEventListener('error', () => done('refused'), { once: true });
    timer = setTimeout(() => done('no-answer'), WORKER_START_MS);
    worker.postMessage({ t: 'ping' });
  });
}
