/**
 * `useRefreshTokens` with the memory cache: the tenant's token and revocation requests go through
 * the refresh-token worker (refresh/worker/), which keeps the token out of the page's reach. The
 * worker's chunk loads and the worker starts on the first such request; where either fails, the
 * requests go out from the page and the token stays in its memory (the chunk's start traces why).
 */
import type { RedirectEnv } from '../../browser/env.js';
import type { WebAuthContext } from '../../flow/context.js';
import type { WebAuthBaseOptions } from '../../types.js';
import { loadCapability, type Capability } from '../load-capability.js';

/** The worker's chunk (one per page: it keeps one worker per tenant), or undefined where it cannot load. */
let chunk: Promise<Capability<'refreshWorker'> | undefined> | undefined;

/** The wiring, or undefined where the token stays where it was (no refresh tokens, `localstorage`). */
export function lazyRefreshWorker(o: WebAuthBaseOptions, env: RedirectEnv): WebAuthContext['refreshWorker'] {
  if (!o.useRefreshTokens || o.cacheLocation === 'localstorage') return undefined;
  return {
    fetch: (url, init) =>
      (chunk ||= loadCapability('refreshWorker').catch(() => undefined)).then((c) =>
        c ? c.workerFetch(o, env, url, init) : env.fetch(url, init),
      ),
    // No chunk yet: no worker was started, so none holds a token.
    forget: () => void chunk?.then((c) => c?.forgetToken(o)),
  };
}
