/**
 * `checkSession` and `renewAuth` with `useRefreshTokens`: the `refresh_token` grant instead of
 * the hidden iframe, so no third-party cookie is needed. Each answer's refresh token replaces the
 * one presented (rotation), inside a lock, re-reading the token there (another tab may have rotated
 * it). A rejected token (`invalid_grant`) is forgotten; then the iframe runs when
 * `useRefreshTokensFallback` is set, else the call answers `login_required`, as the iframe would.
 *
 * In the main file, with the answer's reading: no chunk to wait for (no round trip in series);
 * with `useDpop` the caller first waits for the code-flow chunk, which makes the proofs.
 */
import { finishTokenAnswer } from '../flow/token-answer.js';
import { postToTenant } from '../flow/token-request.js';
import { DEFAULT_SCOPE, withOfflineAccess } from '../flow/authorize.js';
import type { WebAuthContext } from '../flow/context.js';
import { prefetchKeySet } from '../flow/key-set-prefetch.js';
import type { AuthResponseError } from '../errors.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';
import type { AuthResult } from '../types.js';
import { withLock } from './lock.js';
import { clearDpopKey } from './dpop-key.js';
import { readRefreshToken, writeRefreshToken, type RefreshEntry } from '../flow/refresh-token-cache.js';

type Outcome = {
  err: AnyObject | null;
  result?: AuthResult | null | undefined;
  fallback?: boolean;
};

/** Checks `answer` (its ID token must name the token's `sub`) and keeps its refresh token. */
const readAnswer = (ctx: WebAuthContext, answer: AnyObject, entry: RefreshEntry) =>
  new Promise<Outcome>((settle) =>
    finishTokenAnswer(ctx, answer, { nonce: null, appState: null, sub: entry.sub }, (err, result) => {
      // A refreshed ID token that fails its checks discredits the token that fetched it.
      if (err) void writeRefreshToken(ctx, undefined).then(() => settle({ err }));
      else settle({ err, result });
    }),
  );

/** One rotation under the lock; settles with the outcome (never rejects). */
async function rotate(ctx: WebAuthContext, options: AnyObject): Promise<Outcome> {
  const o = ctx.baseOptions;
  const entry = await readRefreshToken(ctx);
  if (!entry) return { err: null, fallback: true };
  const body: AnyObject = {
    grant_type: 'refresh_token',
    client_id: o.clientID,
    refresh_token: entry.token,
    scope: withOfflineAccess(String(options.scope || o.scope || DEFAULT_SCOPE)),
  };
  const audience = options.audience || o.audience;
  if (audience) body.audience = audience;
  prefetchKeySet(ctx); // for the refreshed ID token, loaded during the request
  return postToTenant(ctx, 'oauth/token', body).then(
    ({ body: answer }) => readAnswer(ctx, answer, entry),
    async (err: AuthResponseError): Promise<Outcome> => {
      if (err.error !== 'invalid_grant') return { err };
      await writeRefreshToken(ctx, undefined);
      void clearDpopKey(ctx); // the token bound to it is gone: the next login gets a new pair
      return { err: null, fallback: true };
    },
  );
}

/**
 * Renews with the held refresh token; `iframe` runs the v10 silent authentication when the
 * fallback applies. `cb` gets v10's raw error fields (`error`, `error_description`), then the
 * caller's wrapping. With `useDpop` the caller waits for the chunk that signs the request first.
 */
export function refreshSession(
  ctx: WebAuthContext,
  options: AnyObject,
  cb: NodeCallback<any>,
  iframe: () => void,
): void {
  void withLock(ctx.env, 'webauth-refresh:' + ctx.baseOptions.clientID, () => rotate(ctx, options)).then(
    ({ err, result, fallback }) => {
      if (!fallback) return err ? cb({ error: err.error, error_description: err.errorDescription }) : cb(null, result);
      if (ctx.baseOptions.useRefreshTokensFallback) return iframe();
      cb({ error: 'login_required', error_description: 'No valid refresh token is held' });
    },
  );
}
