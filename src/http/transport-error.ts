/** The raw failure of an HTTP request, kept as `original` in v10-shaped errors. */
import { WebAuthError } from '../errors.js';
import { maskSecrets } from '../shared/mask-secrets.js';

/** A received HTTP response, read once. */
export interface HttpResponse {
  /** The HTTP status code. */
  status: number;
  /** The HTTP status text (may be empty). */
  statusText: string;
  /** Media type without parameters, lower-cased. */
  type: string;
  /** The body as text (untrusted). */
  text: string;
  /** Parsed JSON body, or null. */
  body: unknown;
  /** Response headers, names lower-cased. */
  headers: Record<string, string>;
}

const responses = new WeakSet<object>();

/** Marks `response` as read from the network (as opposed to a message payload). */
export function markHttpResponse(response: HttpResponse): HttpResponse {
  responses.add(response);
  return response;
}

export const isHttpResponse = (value: unknown): value is HttpResponse =>
  typeof value === 'object' && value !== null && responses.has(value);

/**
 * An HTTP or network failure. Its request body (with every secret field masked) and response are
 * non-enumerable, so they never end up in logs through `JSON.stringify`.
 */
export class TransportError extends WebAuthError {
  /** The response, when one arrived (non-enumerable; its body is server text: untrusted). */
  declare readonly response?: HttpResponse;
  /** The request body with every secret field masked (non-enumerable). */
  declare readonly requestBody?: Record<string, unknown>;
  /** The HTTP status, when a response arrived. */
  status?: number;

  constructor(message: string, requestBody?: Record<string, unknown>, response?: HttpResponse, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    Object.defineProperty(this, 'requestBody', { value: maskSecrets(requestBody) });
    Object.defineProperty(this, 'response', { value: response });
    if (response) this.status = response.status;
  }
}
TransportError.prototype.name = 'TransportError';
