/** The DPoP key pair is let go with the refresh token bound to it (rejected, or revoked at logout). */
import type { RedirectContext } from '../flow/context.js';
import { forgetBoundTokens } from '../http/bound-tokens.js';

/** With `useDpop`: deletes the key pair and forgets the access tokens bound to it. Never rejects. */
export function clearDpopKey(ctx: RedirectContext): Promise<void> {
  if (!ctx.dpop) return Promise.resolve();
  forgetBoundTokens(ctx.dpop.signer);
  return ctx.dpop.helper.clear().catch(() => undefined);
}
