/**
 * Low-level request/response helpers. Parsing is strict on purpose: a test tenant that silently
 * "repairs" malformed input would hide client bugs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodyType } from '../http/types.js';
import { decodeUtf8, parseStrictJson } from '../core/strict-json.js';

export const MAX_BODY_BYTES = 100 * 1024;
/** Past this much discarded input the connection is dropped instead of drained. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    /** Extra response headers (e.g. WWW-Authenticate). */
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export interface UrlEncoded {
  values: Record<string, string>;
  repeated: string[];
}

/** `+` is a space, then percent-decoding (throws URIError on a malformed escape); most parts have neither. */
function decodeFormComponent(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  return decodeURIComponent(raw.replace(/\+/g, ' '));
}

/** Strict `application/x-www-form-urlencoded` parsing: bad percent-escapes throw HttpError 400. */
export function parseUrlEncoded(text: string, what: string): UrlEncoded {
  const entries = new Map<string, string>();
  const repeated = new Set<string>();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    let name: string;
    let value: string;
    try {
      name = decodeFormComponent(rawName);
      value = decodeFormComponent(rawValue);
    } catch {
      throw new HttpError(400, 'invalid_request', `Malformed percent-encoding in the ${what}.`);
    }
    if (entries.has(name)) repeated.add(name);
    else entries.set(name, value);
  }
  // fromEntries defines own properties, so a `__proto__` parameter stays a harmless string.
  return { values: Object.fromEntries(entries), repeated: [...repeated] };
}

/** Reads the whole body, up to MAX_BODY_BYTES; larger bodies are drained and rejected with 413. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) req.destroy();
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      if (tooLarge) reject(new HttpError(413, 'request_too_large', `Request body exceeds ${MAX_BODY_BYTES} bytes.`));
      else resolve(Buffer.concat(chunks));
    });
    // Client aborts are the client's problem: report them as a 4xx, never as a tenant fault.
    req.on('error', () => reject(new HttpError(400, 'invalid_request', 'Request body aborted.')));
    // A destroyed (over-long or aborted) upload never emits 'end'; settle anyway.
    req.on('close', () => {
      if (!ended)
        reject(
          tooLarge
            ? new HttpError(413, 'request_too_large', 'Request body too large.')
            : new HttpError(400, 'invalid_request', 'Request body aborted.'),
        );
    });
  });
}

export interface ParsedBody {
  readonly type: BodyType;
  readonly value: unknown;
}

/**
 * Strict body parsing by Content-Type: invalid UTF-8, malformed or duplicated JSON keys and
 * repeated form parameters are 400s; other types are kept as text for the handler to refuse.
 */
export function parseBody(contentType: string | undefined, raw: Buffer): ParsedBody {
  if (raw.length === 0) return { type: 'none', value: null };
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    const parsed = parseStrictJson(raw);
    if (!parsed.ok) throw new HttpError(400, 'invalid_request', `Malformed request body: ${parsed.reason}.`);
    return { type: 'json', value: parsed.value };
  }
  const text = decodeUtf8(raw);
  if (text === undefined) throw new HttpError(400, 'invalid_request', 'The request body is not valid UTF-8.');
  if (type === 'application/x-www-form-urlencoded') {
    const form = parseUrlEncoded(text, 'form body');
    if (form.repeated.length > 0)
      throw new HttpError(400, 'invalid_request', `Parameter must not be repeated: ${form.repeated.join(', ')}`);
    return { type: 'form', value: form.values };
  }
  return { type: 'text', value: text };
}

export function headerRecord(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers)
      .filter((e): e is [string, string | string[]] => e[1] !== undefined)
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
  );
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return Object.fromEntries(out);
}

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A body already serialized as JSON, which sendJson sends as it is (for bodies built from cached parts). */
export class JsonText {
  constructor(readonly text: string) {}
}

export function sendJson(
  res: ServerResponse,
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
): void {
  const body = data instanceof JsonText ? data.text : JSON.stringify(data);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

export function sendError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error, error_description: description }, headers);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store', ...headers });
  res.end();
}

export function sendRedirect(
  res: ServerResponse,
  location: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(302, {
    ...SECURITY_HEADERS,
    'Cache-Control': 'no-store',
    Location: location,
    'Content-Length': 0,
    ...headers,
  });
  res.end();
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string | string[]>,
): void {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(html), ...headers });
  res.end(html);
}
