/**
 * A plain GET of a JSON document with no headers (JWKS), with a deadline. It calls `fetch` itself
 * rather than through `sendRequest`: none of the JSON API client's headers, retries or body
 * handling apply, and a redirect-login app then bundles no HTTP client.
 */
import type { RedirectEnv } from '../browser/env.js';
import { AuthResponseError, WebAuthError } from '../errors.js';
import { readJsonBody } from './json-body.js';

/** How long a key-set request may take before it is aborted (what jose allows a remote key set). */
export const FETCH_JSON_TIMEOUT_MS = 5_000;

/**
 * Resolves with the parsed JSON body; rejects with an error whose message is the status text, or,
 * after {@link FETCH_JSON_TIMEOUT_MS}, aborts and rejects with `{ error: 'timeout' }` so a stalled
 * endpoint cannot leave `parseHash` or `validateToken` waiting forever.
 */
export function fetchJson(env: RedirectEnv, url: string): Promise<unknown> {
  return fetchJsonResponse(env, url).then((response) => response.body);
}

/** {@link fetchJson}, with the response's `Cache-Control` header (a key set's lifetime). */
export function fetchJsonResponse(
  env: RedirectEnv,
  url: string,
): Promise<{ body: unknown; cacheControl?: string | undefined }> {
  const controller = new AbortController();
  return new Promise((resolve, reject) => {
    const cancel = env.timer(() => {
      controller.abort();
      reject(
        new AuthResponseError({ error: 'timeout', errorDescription: `Timeout while fetching the key set from ${url}` }),
      );
    }, FETCH_JSON_TIMEOUT_MS);
    get(env, url, controller.signal).then(resolve, reject).finally(cancel);
  });
}

async function get(env: RedirectEnv, url: string, signal: AbortSignal) {
  let response: Response;
  let body: unknown;
  try {
    response = await env.fetch(url, { signal });
    ({ body } = await readJsonBody(response));
  } catch (cause) {
    throw new WebAuthError('Request has been terminated', { cause });
  }
  if (!response.ok) throw new WebAuthError(response.statusText || String(response.status));
  return { body, cacheControl: response.headers.get('cache-control') ?? undefined };
}
