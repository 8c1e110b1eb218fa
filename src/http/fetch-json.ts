/** A plain GET of a JSON document with no headers (JWKS), on the one HTTP path, with a deadline. */
import type { RedirectEnv } from '../browser/env.js';
import { AuthResponseError } from '../errors.js';
import { sendRequest } from './request.js';

/** How long a key-set request may take before it is aborted. */
export const FETCH_JSON_TIMEOUT_MS = 10_000;

/**
 * Resolves with the parsed JSON body; rejects with an error whose message is the status text, or,
 * after {@link FETCH_JSON_TIMEOUT_MS}, aborts and rejects with `{ error: 'timeout' }` so a stalled
 * endpoint cannot leave `parseHash` or `validateToken` waiting forever.
 */
export function fetchJson(env: RedirectEnv, url: string): Promise<unknown> {
  return fetchJsonResponse(env, url).then((response) => response.body);
}

/** {@link fetchJson}, with the response's `Cache-Control` header (a key set's lifetime). */
export function fetchJsonResponse(env: RedirectEnv, url: string): Promise<{ body: unknown; cacheControl?: string }> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let cancel = () => {};
    const handle = sendRequest({ env }, { method: 'GET', url, noHeaders: true }, (err, response) => {
      settled = true; // may happen synchronously (no fetch at all), before the timer exists
      cancel();
      if (err) reject(err);
      else resolve({ body: response?.body ?? null, cacheControl: response?.headers['cache-control'] });
    });
    if (settled) return;
    cancel = env.timer(() => {
      handle.abort();
      reject(
        new AuthResponseError({ error: 'timeout', errorDescription: `Timeout while fetching the key set from ${url}` }),
      );
    }, FETCH_JSON_TIMEOUT_MS);
  });
}
