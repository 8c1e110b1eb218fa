/**
 * The only caller of `fetch`. Sends JSON requests with v10's headers (form bodies where the OAuth
 * RFCs require them), trims the fields v10 trims, retries where v10 retried, and hands a raw
 * response or a `TransportError` to a callback.
 */
import type { RedirectEnv } from '../browser/env.js';
import { maskSecrets } from '../shared/mask-secrets.js';
import { stringifyQuery } from '../shared/query.js';
import { readJsonBody } from './json-body.js';
import { TransportError, markHttpResponse, type HttpResponse } from './transport-error.js';
import type { BrowserEnv, RequestHandle } from '../types.js';
import type { RequestSigner } from '../dpop/request-signer.js';

/** Statuses retried when `_timesToRetryFailedRequests` is set (as v10's HTTP client did). */
const RETRY_STATUSES = new Set([408, 413, 429, 500, 502, 503, 504, 521, 522, 524]);
/** The longest a retry waits for a rate limit to reset. */
export const MAX_RATE_LIMIT_WAIT_MS = 10_000;
const TRIMMED_KEYS = ['username', 'email', 'phoneNumber'];

/** `Env`: what the caller has; sending a request needs a {@link RedirectEnv} only. */
export interface HttpClientOptions<Env extends RedirectEnv = BrowserEnv> {
  env: Env;
  /** `Auth0-Client` value, or undefined when telemetry is off. */
  telemetry?: string;
  /** Headers sent on every request (Management's `Authorization`). */
  headers?: Record<string, string>;
  /** Extra attempts after a retryable failure. */
  retries?: number;
  /** Signs every attempt (DPoP for Management with a bound token). */
  signer?: RequestSigner | undefined;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Send cookies cross-origin (only `/co/authenticate` and hosted-page SSO data). */
  withCredentials?: boolean;
  /** No headers at all (hosted-page SSO data). */
  noHeaders?: boolean;
  /** Let the request outlive the page (a revocation sent as `logout` navigates away). */
  keepalive?: boolean;
  /** Signs every attempt (DPoP); overrides the client's. */
  signer?: RequestSigner | undefined;
  /**
   * Sends `body` as `application/x-www-form-urlencoded` (RFC 6749 §4.1.3 and §6, RFC 7009 §2.1),
   * not JSON: the code flow's grants and the revocation. v10's own calls keep JSON.
   */
  form?: boolean;
}

export type RawCallback = (err: TransportError | null, response?: HttpResponse) => void;

function trimBody(body: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!body) return body;
  const copy = { ...body };
  for (const key of TRIMMED_KEYS) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = value.trim();
  }
  return copy;
}

function buildHeaders(options: HttpClientOptions<RedirectEnv>, spec: RequestSpec): Record<string, string> {
  if (spec.noHeaders) return {};
  const headers: Record<string, string> = {
    'content-type': spec.form ? 'application/x-www-form-urlencoded' : 'application/json',
  };
  for (const [k, v] of Object.entries({ ...options.headers, ...spec.headers })) headers[k.toLowerCase()] = v;
  if (options.telemetry) headers['auth0-client'] = options.telemetry;
  return headers;
}

async function readResponse(response: Response): Promise<HttpResponse> {
  const { type, text, body } = await readJsonBody(response);
  const headers: Record<string, string> = {};
  // Fetch's Headers iterate lower-cased names.
  response.headers.forEach((value, name) => (headers[name] = value));
  return markHttpResponse({ status: response.status, statusText: response.statusText, type, text, body, headers });
}

/** Sends `spec`; calls `callback` exactly once unless aborted. */
export function sendRequest(
  options: HttpClientOptions<RedirectEnv>,
  spec: RequestSpec,
  callback: RawCallback,
): RequestHandle {
  const controller = new AbortController();
  const body = trimBody(spec.body);
  const headers = buildHeaders(options, spec);
  const init: RequestInit = {
    method: spec.method,
    headers,
    body: body && spec.method !== 'GET' ? (spec.form ? stringifyQuery(body) : JSON.stringify(body)) : undefined,
    credentials: spec.withCredentials ? 'include' : 'same-origin',
    signal: controller.signal,
  };
  if (spec.keepalive) init.keepalive = true;

  const signer = spec.signer ?? options.signer;
  let nonceRetry = true;
  const attempt = async (left: number): Promise<void> => {
    let response: HttpResponse;
    try {
      // A new proof per attempt (a fresh jti); the handle's headers never show it.
      const signed = signer && { ...init, headers: { ...headers, ...(await signer.sign(spec.method, spec.url)) } };
      response = await readResponse(await options.env.fetch(spec.url, signed || init));
    } catch (cause) {
      if (controller.signal.aborted) return;
      if (left > 0) return attempt(left - 1);
      return callback(new TransportError('Request has been terminated', body, undefined, cause));
    }
    // Learns the answer's nonce (any status); retries once: a server that keeps asking gets its answer.
    if (signer?.retries(spec.url, response.status, response.headers, response.body) && nonceRetry) {
      nonceRetry = false;
      return attempt(left);
    }
    if (response.status >= 200 && response.status < 300) return callback(null, response);
    if (left > 0 && RETRY_STATUSES.has(response.status)) {
      // A rate-limited request is retried once the limit resets (bounded), not straight away.
      const reset = Number(response.headers['x-ratelimit-reset']) * 1000;
      if (response.status === 429 && reset > 0) {
        await options.env.delay(Math.min(Math.max(0, reset - options.env.now()), MAX_RATE_LIMIT_WAIT_MS));
        if (controller.signal.aborted) return;
      }
      return attempt(left - 1);
    }
    callback(new TransportError(response.statusText || String(response.status), body, response));
  };
  void attempt(Math.max(0, Math.floor(options.retries ?? 0)));

  const shown = maskSecrets(body);
  return {
    method: spec.method,
    url: spec.url,
    body: shown,
    headers,
    abort: () => controller.abort(),
    getMethod: () => spec.method,
    getUrl: () => spec.url,
    getBody: () => shown,
    getHeaders: () => headers,
  };
}
