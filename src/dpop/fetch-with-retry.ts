/**
 * A fetch with DPoP headers that answers a nonce challenge (RFC 9449 §8, §9) by sending the
 * request once more with a new proof carrying the server's new nonce. Once: a server that keeps
 * asking gets its second answer back to the caller, never a loop.
 */
import type { RedirectEnv } from '../browser/env.js';
import { isNonceChallenge } from './nonce-challenge.js';
import type { DpopHeaders, ResponseHeaders } from '../types/dpop.js';

/** What the retrying fetch needs: proofs, nonce learning and the page's fetch. */
export interface RetryParts {
  fetch: RedirectEnv['fetch'];
  proofHeaders(method: string, url: string, accessToken?: string): Promise<DpopHeaders>;
  learnNonce(url: string, headers: ResponseHeaders): string | undefined;
}

/** A JSON body's parsed value, without consuming the response the caller gets (undefined otherwise). */
const jsonOf = (response: Response): Promise<unknown> =>
  response
    .clone()
    .json()
    .catch(() => undefined);

async function send(parts: RetryParts, url: string, init: RequestInit, accessToken: string | undefined) {
  const method = init.method ?? 'GET';
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(await parts.proofHeaders(method, url, accessToken)))
    headers.set(name, value);
  const response = await parts.fetch(url, { ...init, headers });
  return { response, nonce: parts.learnNonce(url, response.headers) };
}

/**
 * Sends `init` to `url` with a proof (and `Authorization: DPoP` when `accessToken` is given);
 * when the answer is a nonce challenge that names a nonce, sends it once more with a new proof.
 * The body must be one fetch can send twice (a string, `URLSearchParams`, `FormData`, `Blob`).
 */
export async function fetchWithNonceRetry(
  parts: RetryParts,
  url: string,
  init?: RequestInit | null,
  accessToken?: string,
): Promise<Response> {
  init ??= {}; // as fetch takes a missing or null init
  const first = await send(parts, url, init, accessToken);
  const { status, headers } = first.response;
  // Without a nonce in the answer a second proof would be refused the same way.
  if (!first.nonce || !isNonceChallenge(status, headers, status === 400 && (await jsonOf(first.response))))
    return first.response;
  return (await send(parts, url, init, accessToken)).response;
}
