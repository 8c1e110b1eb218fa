/**
 * Maps a raw response or failure to the `(err, result)` pair auth0-js 10 delivered, with its
 * three flags: `forceLegacyError`, `ignoreCasing`, `keepOriginalCasing`.
 */
import { RequestError } from '../errors.js';
import { toCamelCase } from '../shared/casing.js';
import { TransportError, isHttpResponse } from './transport-error.js';
import type { AnyObject, NodeCallback } from '../shared/types.js';

export interface HandlerFlags {
  forceLegacyError?: boolean;
  ignoreCasing?: boolean;
  keepOriginalCasing?: boolean;
}

/**
 * The error fields whose run-time values (null, numbers, objects) are wider than their declared
 * types, which are those of @types/auth0-js.
 */
type LooseFields = { code: unknown; description: unknown };

const firstTruthy = (obj: AnyObject, keys: string[]): unknown => {
  for (const key of keys) if (obj[key]) return obj[key];
  return null;
};

/** Builds the v10 error object (keys in v10's order) from any error value. */
export function toRequestError(err: unknown, flags: HandlerFlags = {}): RequestError {
  const response = err instanceof TransportError ? err.response : undefined;
  let effective: AnyObject = (response?.body as AnyObject | null) || (err as AnyObject);
  if (effective && effective.err) effective = effective.err;
  effective = effective ?? {};

  const code = firstTruthy(effective, ['code', 'error', 'error_code', 'status']);
  const description = firstTruthy(effective, [
    'errorDescription',
    'error_description',
    'description',
    'error',
    'details',
    'err',
  ]);
  const message = typeof description === 'string' ? description : String(code ?? 'Request failed');
  const out = new RequestError(message, { cause: err });
  out.original = err;
  if (response) {
    out.statusCode = response.status;
    out.statusText = response.statusText;
  }
  (out as LooseFields).code = code ?? null;
  (out as LooseFields).description = description ?? null;
  if (flags.forceLegacyError) {
    out.error = out.code as string;
    out.error_description = out.description;
  }
  if (effective.error_codes && effective.error_details) {
    out.errorDetails = { codes: effective.error_codes, details: effective.error_details };
  }
  // v10 reported its transport error's name, 'Error', when the body had no JSON error.
  const name = effective === err && err instanceof TransportError ? 'Error' : effective.name;
  if (name) Object.defineProperty(out, 'name', { value: name, enumerable: true, writable: true, configurable: true });
  if (effective.policy) out.policy = effective.policy;
  if (response && response.status === 429) out.rateLimit = rateLimitOf(response.headers);
  return out;
}

/** The `X-RateLimit-*` headers of a 429, as numbers. */
function rateLimitOf(headers: Record<string, string>) {
  const read = (name: string) =>
    headers[`x-ratelimit-${name}`] === undefined ? undefined : Number(headers[`x-ratelimit-${name}`]);
  return { limit: read('limit'), remaining: read('remaining'), reset: read('reset') };
}

/** The success value for an HTTP response or a plain payload (web messages). */
function toResult(data: unknown, flags: HandlerFlags): unknown {
  let body = data;
  if (isHttpResponse(data)) {
    if (data.type === 'text/html' || data.type === 'text/plain') return data.text;
    body = data.body ?? {};
  }
  return flags.ignoreCasing ? body : toCamelCase(body, flags.keepOriginalCasing);
}

/** Wraps `cb` so that it receives v10-shaped errors and results. */
export function wrapCallback<T>(cb: NodeCallback<T>, flags: HandlerFlags = {}) {
  return (err: unknown, data?: any): void => {
    if (!err && !data) {
      return cb({ error: 'generic_error', errorDescription: 'Something went wrong' });
    }
    if (!err && !isHttpResponse(data)) {
      if (data.err) err = data.err;
      else if (data.error) err = data;
    }
    if (err) return cb(toRequestError(err, flags));
    cb(null, toResult(data, flags) as T);
  };
}
