/**
 * `checkSession` and `renewAuth` with `useRefreshTokens`: the `refresh_token` grant instead of
 * the hidden iframe, so no third-party cookie is needed. Each answer's refresh token replaces the
 * one presented (rotation), inside a lock, re-reading the token there (another tab may have rotated
 * it). A rejected token (`invalid_grant`) is forgotten; then the iframe runs when
 * `useRefreshTokensFallback` is set, else the call answers `login_required`, as the iframe would.
 *
 * This part is in the main file: the grant is sent while the code-flow chunk, which reads the
 * answer, loads (no round trip in series). If the chunk then fails, the answer's new refresh
 * token is still kept: the presented one is spent.
 */
import type { finishTokenAnswer } from '../flow/token-answer.js';
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

/** The chunk's reader of token answers, or its load's rejection (a `ChunkLoadError`). */
export type AnswerReader = Promise<typeof finishTokenAnswer>;

type Outcome = {
  err: AnyObject | null;
  result?: AuthResult | null | undefined;
  fallback?: boolean;
  /** The chunk's load error, passed on as it is. */
  unloaded?: unknown;
};

/** Reads `answer` with the chunk; without it keeps the answer's refresh token and reports the load error. */
const readAnswer = (ctx: WebAuthContext, answer: AnyObject, entry: RefreshEntry, reader: AnswerReader) =>
  reader.then(
    (finish) =>
      new Promise<Outcome>((settle) =>
        finish(ctx, answer, { nonce: null, appState: null, sub: entry.sub }, (err, result) => {
          // A refreshed ID token that fails its checks discredits the token that fetched it.
          if (err) void writeRefreshToken(ctx, undefined).then(() => settle({ err }));
          else settle({ err, result });
        }),
      ),
    async (unloaded: unknown): Promise<Outcome> => {
      const token = answer.refresh_token;
      if (typeof token === 'string' && token) await writeRefreshToken(ctx, { token, sub: entry.sub });
      return { err: null, unloaded };
    },
  );

/** One rotation under the lock; settles with the outcome (never rejects). */
async function rotate(ctx: WebAuthContext, options: AnyObject, reader: AnswerReader): Promise<Outcome> {
  // With DPoP the request's proof is made by the chunk: if it failed, nothing is sent.
  const unloaded =
    ctx.dpop &&
    (await reader.then(
      () => undefined,
      (e: unknown) => e,
    ));
  if (unloaded) return { err: null, unloaded };
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
    ({ body: answer }) => readAnswer(ctx, answer, entry, reader),
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
 * fallback applies. `reader` is the code-flow chunk's answer reader, loading since the call.
 * `cb` gets v10's raw error fields (`error`, `error_description`), then the caller's wrapping, or
 * the chunk's load error as it is.
 */
export function refreshSession(
  ctx: WebAuthContext,
  options: AnyObject,
  cb: NodeCallback<any>,
  iframe: () => void,
  reader: AnswerReader,
): void {
  reader.catch(() => undefined); // reported once the answer needs it
  void withLock(ctx.env, 'webauth-refresh:' + ctx.baseOptions.clientID, () => rotate(ctx, options, reader)).then(
    ({ err, result, fallback, unloaded }) => {
      if (unloaded) return cb(unloaded);
      if (!fallback) return err ? cb({ error: err.error, error_description: err.errorDescription }) : cb(null, result);
      if (ctx.baseOptions.useRefreshTokensFallback) return iframe();
      cb({ error: 'login_required', error_description: 'No valid refresh token is held' });
    },
  );
}
