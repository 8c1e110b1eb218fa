/**
 * What a flow sent the tenant, reduced to what must match between two libraries: method, path,
 * parameter names, and the values that do not change between runs. Random values (state, nonce,
 * tickets, codes, passwords, per-run emails) and the library's telemetry are left out; the app's
 * origin (another port per library) reads `APP`. Key-set requests are left out too: webauth-js
 * keeps the key set between page loads (COMPATIBILITY S1/A4), auth0-js 10.2.1 fetches it each time.
 */
import type { RecordedRequest } from '../tenant/index.js';

export interface RequestShape {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
}

const FIXED = new Set([
  'client_id',
  'response_type',
  'response_mode',
  'redirect_uri',
  'scope',
  'connection',
  'realm',
  'prompt',
  'send',
  'credential_type',
  'grant_type',
  'returnTo',
]);

function reduce(params: unknown, appOrigin: string): Record<string, string> {
  if (!params || typeof params !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params as Record<string, unknown>).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    // Lock's cache buster `?t<time>` is a parameter name without a value.
    const key = /^t\d+$/.test(name) ? 't<time>' : name;
    out[key] = FIXED.has(key)
      ? String(value).replaceAll(appOrigin, 'APP')
      : typeof value === 'string'
        ? '(varies)'
        : typeof value;
  }
  return out;
}

/**
 * Lock's SSO check (a silent `/authorize`) runs on page load alongside its parseHash of a returning
 * login; whether it already names the last connection depends on which of the two finishes first,
 * so `connection` is left out of silent requests.
 */
function withoutRace(query: Record<string, string>): Record<string, string> {
  if (query['prompt'] !== 'none') return query;
  const { connection: _, ...rest } = query;
  return rest;
}

/**
 * The shapes of `requests`, in a canonical order: Lock sends some of them at once (its client
 * settings, the country lookup, the SSO check), so the order they reach the tenant varies by run.
 */
export function requestShapes(requests: readonly RecordedRequest[], appOrigin: string): RequestShape[] {
  const key = (shape: RequestShape) => JSON.stringify(shape);
  return requests
    .filter((r) => r.method !== 'OPTIONS' && r.path !== '/.well-known/jwks.json')
    .map((r) => ({
      method: r.method,
      path: r.path,
      query: withoutRace(reduce(r.query, appOrigin)),
      body: reduce(r.body, appOrigin),
    }))
    .sort((a, b) => key(a).localeCompare(key(b)));
}
