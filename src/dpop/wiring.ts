/** What `useDpop` adds to a `WebAuth`: its DPoP helper (the main file wraps it, web-auth/code-flow/lazy-dpop.ts). */
import type { RedirectEnv } from '../browser/env.js';
import { customEnvironment } from '../types/custom-environment.js';
import type { WebAuthBaseOptions } from '../types.js';
import type { Dpop } from '../types/dpop.js';
import { dpopFor } from './create-dpop.js';
import { dpopKeyId, renewDpopKeyPair } from './key-store.js';
import type { NonceMemory } from './nonce-memory.js';

/** The helper of a `WebAuth` with `useDpop`, learning nonces into `nonces` (the main file's). */
export const dpopHelper = (o: WebAuthBaseOptions, env: RedirectEnv, nonces: NonceMemory): Dpop =>
  dpopFor({ domain: o.domain, clientID: o.clientID, debug: o.debug, [customEnvironment]: env }, nonces);

/** A new key pair for the instance's next proofs (each login), never the stored one. */
export const renewDpopKey = (o: WebAuthBaseOptions, env: RedirectEnv): Promise<unknown> =>
  renewDpopKeyPair(dpopKeyId(o.domain, o.clientID), env, o.debug);
