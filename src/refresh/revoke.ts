/** `logout` with `useRefreshTokens` or `useDpop`: the held refresh token and DPoP key are let go first. */
import { postToTenant } from '../flow/token-request.js';
import type { RedirectContext } from '../flow/context.js';
import { readRefreshToken, writeRefreshToken, type RefreshEntry } from '../flow/refresh-token-cache.js';
import { clearDpopKey } from './dpop-key.js';

/**
 * The held refresh token, once every copy of it (this page's, `localStorage`'s, IndexedDB's) is
 * forgotten; undefined without `useRefreshTokens`. Needs no chunk: it runs before DPoP's loads.
 */
export async function takeRefreshToken(ctx: RedirectContext): Promise<RefreshEntry | undefined> {
  if (!ctx.baseOptions.useRefreshTokens) return undefined;
  const entry = await readRefreshToken(ctx);
  await writeRefreshToken(ctx, undefined);
  return entry;
}

/**
 * Revokes `entry` (RFC 7009; the tenant revokes its whole family) with a `keepalive` request,
 * which the navigation that follows does not cancel. Settles once the request is sent; with
 * `useDpop` once it is answered (it needs a proof, so the key must outlive it) and the key is
 * deleted (also without a token to revoke).
 */
export async function revokeRefreshToken(ctx: RedirectContext, entry: RefreshEntry | undefined): Promise<void> {
  // Outside the rotation lock, so that `logout` never waits for another tab's renewal. A renewal
  // running meanwhile may rotate this token and keep its successor: harmless only because the
  // tenant revokes the whole family, the successor included, so that one is refused and forgotten.
  const answered =
    entry &&
    postToTenant(
      ctx,
      'oauth/revoke',
      { client_id: ctx.baseOptions.clientID, token: entry.token, token_type_hint: 'refresh_token' },
      { keepalive: true },
    )
      // Best effort: the page is leaving, and the token is already forgotten here.
      .catch(() => undefined);
  // The worker sends it: waited for, as the page's navigation ends the worker.
  if (ctx.refreshWorker) await answered;
  if (ctx.dpop) return answered ? answered.then(() => clearDpopKey(ctx)) : clearDpopKey(ctx);
}
