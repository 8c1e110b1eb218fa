/**
 * `useDpop` in the main file: the instance's DPoP helper and request signer, whose signing code
 * arrives with the code-flow chunk, loaded from construction on. The nonce memory lives here, so
 * `learnNonce` stays synchronous whether or not the chunk has arrived.
 */
import type { RedirectEnv } from '../../browser/env.js';
import { createNonceMemory } from '../../dpop/nonce-memory.js';
import type { DpopWiring } from '../../flow/context.js';
import type { RequestSigner } from '../../http/request.js';
import type { WebAuthBaseOptions } from '../../types.js';
import type { Dpop } from '../../types/dpop.js';
import type { CodeFlow } from './code-flow-start.js';
import { loadCapability } from '../load-capability.js';

/** The wiring for `useDpop`, or undefined without it (nothing is created or loaded). */
export function lazyDpopWiring(o: WebAuthBaseOptions, env: RedirectEnv): DpopWiring | undefined {
  if (!o.useDpop) return undefined;
  const nonces = createNonceMemory();
  let loaded: Promise<[Dpop, CodeFlow]> | undefined;
  // One helper (one key) per instance; a failed load is retried by the next call.
  const ready = () =>
    (loaded ??= loadCapability('codeFlow').then(
      (chunk) => [chunk.dpopHelper(o, env, nonces), chunk],
      (err: unknown) => {
        loaded = undefined;
        throw err;
      },
    ));
  ready().catch(() => undefined);
  const helper: Dpop = {
    proofHeaders: (...a) => ready().then(([real]) => real.proofHeaders(...a)),
    learnNonce: nonces.learnNonce,
    fetchWithRetry: (...a) => ready().then(([real]) => real.fetchWithRetry(...a)),
    thumbprint: () => ready().then(([real]) => real.thumbprint()),
    clear: () => ready().then(([real]) => real.clear()),
  };
  const signer = (accessToken?: string): RequestSigner => {
    let real: RequestSigner | undefined;
    return {
      sign: (method, url) =>
        ready().then(([, chunk]) => (real = chunk.dpopSigner(helper, accessToken)).sign(method, url)),
      // Asked after an answer to a signed request, so `real` is there.
      retries: (...a) => !!real?.retries(...a),
    };
  };
  return { helper, signer, newKey: () => ready().then(([, chunk]) => chunk.renewDpopKey(o, env)) };
}
