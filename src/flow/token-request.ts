/**
 * The one way the code and refresh flows talk to the tenant's back channel: `/oauth/token` (code
 * exchange, refresh) and `/oauth/revoke`. Callers may add request headers and get the response's
 * headers back, so a sender-constraining proof (DPoP: a proof header out, a nonce header in) can
 * be plugged in here without touching the flows.
 */
import { AuthResponseError } from '../errors.js';
import { sendRequest, type HttpClientOptions } from '../http/request.js';
import { joinUrl } from '../shared/query.js';
import type { RedirectContext } from './context.js';
import type { AnyObject } from '../shared/types.js';

/** What the tenant answered: the JSON body and the response headers (names lower-cased). */
export interface TenantAnswer {
  body: AnyObject;
  headers: Record<string, string>;
}

/** Extra request settings of {@link postToTenant}. */
export interface TenantPostOptions {
  /** Added to the request (a DPoP proof, say). */
  headers?: Record<string, string>;
  /** The request outlives the page (revocation during `logout`). */
  keepalive?: boolean;
  /** Aborts the request (a deadline): the promise then rejects with a `timeout` error. */
  signal?: AbortSignal | undefined;
}

/** The instance's HTTP settings (telemetry, retries), or the bare environment for a URL-builder client. */
const httpOf = (ctx: RedirectContext): HttpClientOptions<RedirectContext['env']> =>
  (ctx.client as { http?: HttpClientOptions<RedirectContext['env']> }).http ?? { env: ctx.env };

/**
 * The HTTP settings of a request that may carry or answer a refresh token: with the refresh-token
 * worker, its `fetch` (web-auth/code-flow/lazy-refresh-worker.ts).
 */
export const tokenHttp = (ctx: RedirectContext): HttpClientOptions<RedirectContext['env']> => {
  const http = httpOf(ctx);
  return ctx.refreshWorker ? { ...http, env: ctx.refreshWorker.env } : http;
};

/**
 * POSTs `body` as a form (RFC 6749 §4.1.3 and §6, RFC 7009 §2.1) to `<rootUrl><path>`, once. Rejects with an {@link AuthResponseError} carrying the
 * tenant's `error` and `error_description` (or `request_error` for a network failure); the error
 * never holds the request body, which carries the code verifier or the refresh token.
 */
export function postToTenant(
  ctx: RedirectContext,
  path: 'oauth/token' | 'oauth/revoke',
  body: AnyObject,
  { signal, ...options }: TenantPostOptions = {},
): Promise<TenantAnswer> {
  return new Promise((resolve, reject) => {
    const request = sendRequest(
      // Never `_timesToRetryFailedRequests` (v10's own calls keep it): a failed answer may come
      // after the tenant spent the code or refresh token, and sending it again looks like theft.
      { ...tokenHttp(ctx), retries: 0 },
      {
        method: 'POST',
        url: joinUrl(ctx.baseOptions.rootUrl, path),
        body,
        form: true,
        ...options,
        signer: ctx.dpop?.signer(),
      },
      (err, response) => {
        if (!err) return resolve({ body: (response!.body ?? {}) as AnyObject, headers: response!.headers });
        const answer = (err.response?.body ?? {}) as AnyObject;
        reject(
          new AuthResponseError({
            error: answer.error || 'request_error',
            errorDescription: String(answer.error_description ?? err.message),
            statusCode: err.status,
          } as never),
        );
      },
    );
    signal?.addEventListener('abort', () => {
      request.abort();
      reject(new AuthResponseError({ error: 'timeout' }));
    });
  });
}
