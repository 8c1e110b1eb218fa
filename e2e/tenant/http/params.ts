/**
 * Strict reading of request parameters: a body of the wrong type, a missing, unknown or
 * non-string parameter is a 4xx `invalid_request` (HttpError), decided before any state changes.
 */
import type { BodyType, RequestContext } from '../http/types.js';
import { HttpError } from './http-io.js';

const MAX_VALUE_LENGTH = 8192;

export interface ParamSpec {
  readonly required?: readonly string[];
  readonly optional?: readonly string[];
  /** Names allowed besides the listed ones (any JSON value), e.g. `ext-*`. */
  readonly extra?: (name: string) => boolean;
  /** Parameters whose value may be a JSON object (read with objectParam). */
  readonly objects?: readonly string[];
}

const TYPE_NAMES: Record<BodyType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  text: 'text',
  none: 'an empty body',
};

/** The body as an object, when its type is one of `allowed`; 415/400 otherwise. */
export function bodyObject(ctx: RequestContext, allowed: readonly BodyType[]): Record<string, unknown> {
  if (ctx.bodyType === 'none')
    throw new HttpError(
      400,
      'invalid_request',
      `A request body (${allowed.map((t) => TYPE_NAMES[t]).join(' or ')}) is required.`,
    );
  if (!allowed.includes(ctx.bodyType)) {
    throw new HttpError(
      415,
      'invalid_request',
      `Content-Type must be ${allowed.map((t) => TYPE_NAMES[t]).join(' or ')}.`,
    );
  }
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** The string parameters of `source` per `spec`; throws on anything unexpected. */
export function stringParams(source: Record<string, unknown>, spec: ParamSpec): Record<string, string> {
  const required = spec.required ?? [];
  const known = new Set([...required, ...(spec.optional ?? []), ...(spec.objects ?? [])]);
  const unknown = Object.keys(source).filter((k) => !known.has(k) && !(spec.extra?.(k) ?? false));
  if (unknown.length > 0) throw new HttpError(400, 'invalid_request', `Unknown parameter: ${unknown.join(', ')}`);
  const out: Record<string, string> = {};
  for (const name of known) {
    if (spec.objects?.includes(name)) continue;
    const value = source[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new HttpError(400, 'invalid_request', `Parameter ${name} must be a string.`);
    if (value.length > MAX_VALUE_LENGTH) throw new HttpError(400, 'invalid_request', `Parameter ${name} is too long.`);
    out[name] = value;
  }
  const missing = required.filter((name) => !out[name]);
  if (missing.length > 0)
    throw new HttpError(400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
  return out;
}

/** An optional parameter that must be a plain JSON object when present. */
export function objectParam(source: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = source[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'invalid_request', `Parameter ${name} must be an object.`);
  return value as Record<string, unknown>;
}

/** The query parameters, refusing repeated and unknown ones. */
export function queryParams(ctx: RequestContext, spec: ParamSpec): Record<string, string> {
  if (ctx.repeatedParams.length > 0)
    throw new HttpError(400, 'invalid_request', `Parameter must not be repeated: ${ctx.repeatedParams.join(', ')}`);
  return stringParams(ctx.query, spec);
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value) && value.length <= 254;
}

export function isPhoneNumber(value: string): boolean {
  return E164.test(value);
}
