/** The DPoP key pair is let go with the refresh token bound to it (rejected, or revoked at logout). */
import type { RedirectContext } from '../flow/context.js';
import { deleteStoredDpopKey, dpopKeyId } from '../flow/dpop-key-record.js';
import { REFRESH_IDB_TIMEOUT_MS } from '../flow/refresh-token-cache.js';
import { forgetBoundTokens } from '../http/bound-tokens.js';

/** With `useDpop`: deletes the key pair and forgets the access tokens bound to it. Never rejects. */
export function clearDpopKey(ctx: RedirectContext): Promise<void> {
  if (!ctx.dpop) return Promise.resolve();
  forgetBoundTokens(ctx.dpop.signer);
  return ctx.dpop.helper.clear().catch(() => undefined);
}

/** Deletes the stored key pair from the main file, for when DPoP's chunk cannot (it failed to load). */
export const deleteStoredKey = (ctx: RedirectContext): Promise<unknown> =>
  deleteStoredDpopKey(ctx.env, REFRESH_IDB_TIMEOUT_MS, dpopKeyId(ctx.baseOptions.domain, ctx.baseOptions.clientID));
