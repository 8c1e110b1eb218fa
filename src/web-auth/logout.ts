/** `logout`: v10 leaves at once; with refresh tokens or DPoP the token and key are let go first. */
import { usableLocalStorage } from '../browser/env.js';
import type { WebAuthContext } from '../flow/context.js';
import { refreshKeyOf } from '../flow/refresh-key.js';
import { letGo } from '../refresh/revoke.js';
import { loadCapability } from './load-capability.js';

/** The longest `logout` waits for the token to be forgotten (and, with `useDpop`, revoked). */
export const LOGOUT_WAIT_MS = 3000;

/**
 * Without DPoP's chunk a bound token cannot be revoked (its request needs a proof), but a shared
 * one is still forgotten: the next page would otherwise renew the session just logged out of.
 */
function forgetSharedToken(ctx: WebAuthContext): void {
  const o = ctx.baseOptions;
  if (o.useRefreshTokens && o.cacheLocation === 'localstorage')
    usableLocalStorage(ctx.env)?.removeItem(refreshKeyOf(o.clientID));
}

/**
 * Navigates to `url` (the tenant's logout), after letting go of the refresh token and DPoP key
 * (both need the page), bounded by {@link LOGOUT_WAIT_MS} so that logout always leaves. Without
 * `useDpop` the revocation is sent at once: no chunk stands before it.
 */
export function logoutThenLeave(ctx: WebAuthContext, url: string): void {
  const leave = () => ctx.env.navigate(url);
  if (!ctx.baseOptions.useRefreshTokens && !ctx.dpop) return leave();
  const done = ctx.dpop
    ? loadCapability('codeFlow').then(
        () => letGo(ctx),
        () => forgetSharedToken(ctx),
      )
    : letGo(ctx);
  void Promise.race([done.catch(() => undefined), ctx.env.delay(LOGOUT_WAIT_MS)]).then(leave);
}
