/** `logout` with `useRefreshTokens`: the held refresh token is forgotten and revoked (RFC 7009). */
import { forgetBoundTokens } from '../dpop/bound-tokens.js';
import { postToTenant } from '../pkce/token-request.js';
import type { RedirectContext } from '../web-auth/context.js';
import { readRefreshToken, writeRefreshToken } from './token-cache.js';

/** With `useDpop`: deletes the key pair and forgets the access tokens bound to it. Never rejects. */
export function clearDpopKey(ctx: RedirectContext): Promise<void> {
  if (!ctx.dpop) return Promise.resolve();
  forgetBoundTokens(ctx.dpop.signer);
  return ctx.dpop.helper.clear().catch(() => undefined);
}

/**
 * Clears the held refresh token and revokes it with a `keepalive` request, so the navigation that
 * follows neither waits for it nor cancels it. The tenant revokes the token's whole family. With
 * `useDpop` the revocation needs a proof (the token is bound), so the key is cleared after it and
 * the returned promise settles then; `logout` waits for it before navigating.
 */
export function revokeRefreshToken(ctx: RedirectContext): Promise<void> {
  const entry = readRefreshToken(ctx);
  writeRefreshToken(ctx, undefined);
  if (!entry) return clearDpopKey(ctx);
  return postToTenant(
    ctx,
    'oauth/revoke',
    { client_id: ctx.baseOptions.clientID, token: entry.token },
    { keepalive: true },
  )
    .catch(
      () => undefined, // best effort: the page is leaving, and the token is already forgotten here
    )
    .then(() => clearDpopKey(ctx));
}
