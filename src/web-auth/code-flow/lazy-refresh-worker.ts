/**
 * `useRefreshTokens` with the memory cache: the tenant's token and revocation requests go through
 * the refresh-token worker (refresh/worker/), which keeps the token out of the page's reach. The
 * worker's chunk loads and the worker starts on the first such request; where either fails, the
 * requests go out from the page and the token stays in its memory (the chunk's start traces why).
 */
import type { RedirectEnv } from '../../browser/env.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { WebAuthBaseOptions } from '../../types.js';
import type { RunningWorker } from '../../refresh/worker/start.js';
import { loadCapability } from '../load-capability.js';

type Running = Promise<RunningWorker | undefined>;

/**
 * One worker per tenant for the whole page, as the memory cache is one per page: every instance
 * of the page (an app may make one per call) reaches the token the first one kept.
 */
const workers = new Map<string, Running>();

/** The wiring, or undefined where the token stays where it was (no refresh tokens, `localstorage`). */
export function lazyRefreshWorker(o: WebAuthBaseOptions, env: RedirectEnv): WebAuthContext['refreshWorker'] {
  if (!o.useRefreshTokens || o.cacheLocation === 'localstorage') return undefined;
  const running = () => {
    let worker = workers.get(o.rootUrl);
    if (!worker) {
      worker = loadCapability('refreshWorker').then(
        (chunk) => chunk.startRefreshWorker(o, env),
        () => undefined,
      );
      workers.set(o.rootUrl, worker);
    }
    return worker;
  };
  return {
    fetch: (url, init) => running().then((worker) => (worker || env).fetch(url, init)),
    forget: () => void workers.get(o.rootUrl)?.then((worker) => worker?.forget(o.clientID)),
  };
}
