/** `logout` with `useRefreshTokens`: the held refresh token is forgotten and revoked (RFC 7009). */
import { postToTenant } from '../pkce/token-request.js';
import type { RedirectContext } from '../web-auth/context.js';
import { readRefreshToken, writeRefreshToken } from './token-cache.js';

/**
 * Clears the held refresh token and revokes it with a `keepalive` request, so the navigation that
 * follows neither waits for it nor cancels it. The tenant revokes the token's whole family.
 */
export function revokeRefreshToken(ctx: RedirectContext): void {
  const entry = readRefreshToken(ctx);
  writeRefreshToken(ctx, undefined);
  if (!entry) return;
  postToTenant(
    ctx,
    'oauth/revoke',
    { client_id: ctx.baseOptions.clientID, token: entry.token },
    { keepalive: true },
  ).catch(
    () => undefined, // best effort: the page is leaving, and the token is already forgotten here
  );
}
