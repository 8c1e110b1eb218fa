/**
 * `useRefreshTokens` with the memory cache: the tenant's token and revocation requests go through
 * the refresh-token worker (refresh/worker/), which keeps the token out of the page's reach. The
 * worker's chunk loads and the worker starts on the first such request; where either fails, the
 * requests go out from the page and the token stays in its memory (the chunk's start traces why).
 */
import type { RedirectEnv } from '../browser/env.js';
import type { WebAuthContext } from '../flow/context.js';
import type { WebAuthBaseOptions } from '../types.js';
import { loadCapability } from './load-capability.js';

/** The wiring, or undefined where the token stays where it was (no refresh tokens, `localstorage`). */
export function lazyRefreshWorker(o: WebAuthBaseOptions, env: RedirectEnv): WebAuthContext['refreshWorker'] {
  if (!o.useRefreshTokens || o.cacheLocation === 'localstorage') return undefined;
  let running: ReturnType<typeof start> | undefined;
  const start = () =>
    loadCapability('refreshWorker').then(
      (chunk) => chunk.startRefreshWorker(o, env),
      () => undefined,
    );
  return {
    fetch: (url, init) => (running ??= start()).then((worker) => (worker || env).fetch(url, init)),
    forget: () => void running?.then((worker) => worker?.forget()),
  };
}
