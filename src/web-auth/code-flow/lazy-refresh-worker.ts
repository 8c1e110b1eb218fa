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

/** The worker's chunk (one per page: it keeps one worker per tenant); rejected where it cannot load. */
let chunk: Promise<Capability<'refreshWorker'>> | undefined;

/** The wiring, or undefined where the token stays where it was (no refresh tokens, `localstorage`). */
export function lazyRefreshWorker(o: WebAuthBaseOptions, env: RedirectEnv): WebAuthContext['refreshWorker'] {
  if (!o.useRefreshTokens || o.cacheLocation === 'localstorage') return undefined;
  // Without the chunk, from the page (the token stays in its memory).
  const fetch: RedirectEnv['fetch'] = (url, init) =>
    (chunk ||= loadCapability('refreshWorker')).then(
      (c) => c.fetch(o, env, url, init),
      () => env.fetch(url, init),
    );
  return {
    env: { ...env, fetch },
    // No chunk yet: no worker was started, so none holds a token.
    forget: () =>
      void chunk?.then(
        (c) => c.forget(o),
        () => {},
      ),
  };
}
