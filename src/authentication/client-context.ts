/** What the Authentication API modules share: options, the HTTP client, and a request shorthand. */
import { sendRequest, type HttpClientOptions, type RequestSpec } from '../http/request.js';
import { wrapCallback, type HandlerFlags } from '../http/response-handler.js';
import { callbackOrPromise } from '../shared/callback.js';
import { trace, withHint } from '../shared/debug.js';
import { joinUrl } from '../shared/query.js';
import type { NodeCallback } from '../shared/types.js';
import type { AuthenticationOptions, RequestHandle } from '../types.js';

/** The options as the clients keep them: with the API root and, on the hosted page, its `state`. */
export type ClientOptions = AuthenticationOptions & { rootUrl: string; state?: string | undefined };

export interface ClientContext {
  baseOptions: ClientOptions;
  http: HttpClientOptions;
  /** Deprecation-style warnings (silenced by `_disableDeprecationWarnings`). */
  warn(message: string): void;
}

/** Extra request settings beyond method, path and body. */
export type RequestExtras = Pick<RequestSpec, 'headers' | 'withCredentials' | 'noHeaders' | 'signer'> & {
  flags?: HandlerFlags;
};

/**
 * Sends a request to `<rootUrl><path>` and reports through v10's response handler, with a `hint`
 * on errors from a likely misconfiguration and a `request` trace for the `debug` option; returns
 * the request handle, or a Promise when `cb` is undefined.
 */
export function call<T = any>(
  ctx: ClientContext,
  method: RequestSpec['method'],
  path: string,
  body: Record<string, unknown> | undefined,
  cb: NodeCallback<T> | undefined,
  extras: RequestExtras = {},
): RequestHandle | Promise<T> {
  const { flags, ...spec } = extras;
  const debug = ctx.baseOptions.debug;
  return callbackOrPromise(cb, (done) =>
    sendRequest(
      ctx.http,
      { method, url: joinUrl(ctx.baseOptions.rootUrl, path), body, ...spec },
      wrapCallback((...args: [any, unknown?]) => {
        const err = args[0];
        if (err) withHint(err);
        // The error's code and hint, never its text (server-written, may quote what was sent).
        const detail = { path, status: err?.statusCode, error: err?.code, hint: err?.hint };
        trace(debug, 'request', err ? 'failed' : 'answered', detail);
        // As they came: an error is `done(err)`, as in v10.
        (done as (...a: unknown[]) => void)(...args);
      }, flags),
    ),
  );
}

/** v10's challenge calls: no `state` in the base options → `cb()` with no arguments, no request. */
export function challenge<T = any>(ctx: ClientContext, path: string, cb: NodeCallback<T> | undefined) {
  const state = ctx.baseOptions.state;
  if (!state) return callbackOrPromise(cb, (done) => (done as () => void)());
  return call(ctx, 'POST', path, { state }, cb, { flags: { ignoreCasing: true } });
}
