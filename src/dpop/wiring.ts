/** What `useDpop` adds to a `WebAuth`: its DPoP helper and the signer of its requests. */
import type { RedirectEnv } from '../browser/env.js';
import { customEnvironment } from '../types/custom-environment.js';
import type { WebAuthBaseOptions } from '../types.js';
import type { DpopWiring } from '../flow/context.js';
import { createDpop } from './create-dpop.js';
import { dpopSigner } from './request-signer.js';

/** The wiring for `useDpop`, or undefined without it (nothing is created). */
export function dpopWiring(o: WebAuthBaseOptions, env: RedirectEnv): DpopWiring | undefined {
  if (!o.useDpop) return undefined;
  const helper = createDpop({ domain: o.domain, clientID: o.clientID, debug: o.debug, [customEnvironment]: env });
  return { helper, signer: (accessToken?: string) => dpopSigner(helper, accessToken) };
}
