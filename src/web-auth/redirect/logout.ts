/** `logout`: v10 leaves at once; with refresh tokens or DPoP the token and key are let go first. */
import type { WebAuthContext } from '../../flow/context.js';
import { deleteStoredKey } from '../../refresh/dpop-key.js';
import { revokeRefreshToken, takeRefreshToken } from '../../refresh/revoke.js';
import { loadCapability } from '../load-capability.js';

/** The longest `logout` waits for the token to be forgotten (and, with `useDpop`, revoked). */
export const LOGOUT_WAIT_MS = 3000;

/**
 * Navigates to `url` (the tenant's logout), after letting go of the refresh token and DPoP key
 * (both need the page), bounded by {@link LOGOUT_WAIT_MS} so that logout always leaves. Every copy
 * of the token is forgotten at once; its revocation is sent at once too, or with `useDpop` once
 * the chunk that signs it is here. A bound token cannot be revoked without that chunk, so then the
 * key is deleted from here: nothing that could use the token is left on disk.
 */
export function logoutThenLeave(ctx: WebAuthContext, url: string): void {
  const leave = () => ctx.env.navigate(url);
  if (!ctx.baseOptions.useRefreshTokens && !ctx.dpop) return leave();
  const held = takeRefreshToken(ctx);
  const done = Promise.all([held, ctx.dpop && loadCapability('codeFlow')]).then(([entry]) =>
    revokeRefreshToken(ctx, entry),
  );
  void Promise.race([done, ctx.env.delay(LOGOUT_WAIT_MS).then(() => Promise.reject())])
    // The chunk failed or is late: the copies of the token are gone (or going), so the key goes too.
    .catch(() => held.then(() => ctx.dpop && deleteStoredKey(ctx)))
    .then(leave);
}
