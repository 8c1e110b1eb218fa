/** JSON request bodies for PATCH/POST: the media type must be JSON and the body a JSON object. */
import type { RequestContext } from '../http/types.js';
import { ManagementError, badBody } from './errors.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The router already parsed the body by its Content-Type (invalid JSON is its 400); a form body
 * would arrive here as an object too, so the media type is checked explicitly.
 */
export function jsonObjectBody(ctx: RequestContext): Record<string, unknown> {
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ManagementError(415, 'unsupported_media_type', 'The request body must be application/json.');
  }
  if (!isPlainObject(ctx.body)) throw badBody('Payload validation error: the body must be a JSON object.');
  return ctx.body;
}

/** Depth of nested objects/arrays, stopping early once past `limit` (no deep recursion on hostile input). */
export function depthExceeds(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  return Object.values(value).some((v) => depthExceeds(v, limit - 1));
}
