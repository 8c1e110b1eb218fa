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
      if (err) {
        ctx.refreshWorker?.forget();
        void writeRefreshToken(ctx, undefined).then(() => settle({ err }));
      } else settle({ err, result });
    }),
  );

/** One rotation under the lock; settles with the outcome (never rejects). `signal`: the deadline. */
async function rotate(ctx: WebAuthContext, options: AnyObject, signal: AbortSignal): Promise<Outcome> {
  const o = ctx.baseOptions;
  const entry = await readRefreshToken(ctx);
  // Past the deadline (the caller has its answer) nothing is sent.
  if (signal.aborted) return { err: null };
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
  // Aborted at the deadline, the token is kept: if the tenant did rotate it, the next renewal's
  // invalid_grant forgets it, as for any refused token.
  return postToTenant(ctx, 'oauth/token', body, { signal }).then(
    ({ body: answer }) => readAnswer(ctx, answer, entry),
    async (err: AuthResponseError): Promise<Outcome> => {
      if (err.error !== 'invalid_grant') return { err };
      await writeRefreshToken(ctx, undefined);
      void clearDpopKey(ctx); // the token bound to it is gone: the next login gets a new pair
      return { err: null, fallback: true };
    },
  );
}

/** The default `timeout` of a renewal, as of `checkSession`'s iframe (60 s). */
export const REFRESH_TIMEOUT_MS = 60_000;

/**
 * Renews with the held refresh token; `iframe` runs the v10 silent authentication when the
 * fallback applies. `cb` gets v10's raw error fields (`error`, `error_description`), then the
 * caller's wrapping. With `useDpop` the caller waits for the chunk that signs the request first.
 * After `options.timeout` ms (default {@link REFRESH_TIMEOUT_MS}) `cb` gets `timeout`, the request
 * is aborted and the lock let go.
 */
export function refreshSession(
  ctx: WebAuthContext,
  options: AnyObject,
  cb: NodeCallback<any>,
  iframe: () => void,
): void {
  // Counted from the call, waiting for another tab's lock included: a hung request in one tab
  // would otherwise hold back the renewals of every tab.
  const deadline = new AbortController();
  let done = false;
  const settle = ({ err, result, fallback }: Outcome) => {
    if (done) return;
    done = true;
    stop();
    if (!fallback) return err ? cb({ error: err.error, error_description: err.errorDescription }) : cb(null, result);
    if (ctx.baseOptions.useRefreshTokensFallback) return iframe();
    cb({ error: 'login_required', error_description: 'No valid refresh token is held' });
  };
  const stop = ctx.env.timer(
    () => {
      deadline.abort();
      settle({ err: { error: 'timeout', errorDescription: 'Timeout during the refresh token grant' } });
    },
    Number(options.timeout) || REFRESH_TIMEOUT_MS,
  );
  const lock = 'webauth-refresh:' + ctx.baseOptions.clientID;
  // A lock given up at the deadline rejects: `settle` has run.
  void withLock(ctx.env, lock, () => rotate(ctx, options, deadline.signal), deadline.signal).then(settle, () => {});
}
