/**
 * The key set a flow will verify its ID token with, loaded while the flow waits for its answer
 * (iframe, popup, callback page) instead of after it. The address comes from the configuration
 * (`__jwks_uri`, else the expected issuer), never from a token, so an answer cannot choose what
 * is fetched. A token already in hand must name RS256 and the expected issuer first, so a crafted
 * fragment with another issuer still costs no request (COMPATIBILITY S2).
 */
import { decodeJwt } from '../id-token/decode.js';
import { preloadKeySet, type JwksSource } from '../id-token/jwks.js';
import { joinUrl } from '../shared/query.js';
import { fetchJsonResponse } from '../http/fetch-json.js';
import { trace } from '../shared/debug.js';
import { usableLocalStorage } from '../browser/env.js';
import type { RedirectContext } from './context.js';

/** The key-set URL of the instance: from the expected issuer, never from the unverified token (v10 used its `iss`). */
export const keySetUrl = (ctx: RedirectContext): string =>
  ctx.baseOptions.jwksURI || joinUrl(ctx.baseOptions.token_issuer, '.well-known/jwks.json');

/** How the key-set cache reaches the network, the clock, timers and localStorage of this instance. */
export function keySetSource(ctx: RedirectContext): JwksSource {
  const debug = ctx.baseOptions.debug;
  return {
    fetchJson: (url) => fetchJsonResponse(ctx.env, url),
    now: () => ctx.env.now(),
    timer: (fn, ms) => ctx.env.timer(fn, ms),
    hints: usableLocalStorage(ctx.env),
    trace: debug && ((kid, from) => trace(debug, 'idToken', 'key', { kid, from })),
  };
}

/** True when a `responseType` asks for an ID token, so the answer will need the key set. */
export const expectsIdToken = (responseType: unknown): boolean => String(responseType).split(' ').includes('id_token');

/**
 * Starts loading the key set (memory, IndexedDB, network) now; the verification awaits it. Cached
 * sets make it free, so anonymous visitors cost at most one request per key-set lifetime.
 */
export function prefetchKeySet(ctx: RedirectContext): void {
  void preloadKeySet(keySetUrl(ctx), keySetSource(ctx));
}

/** {@link prefetchKeySet} for a token already in hand (a callback's fragment), if it could verify at all. */
export function prefetchKeySetFor(ctx: RedirectContext, idToken: unknown): void {
  const decoded = decodeJwt(String(idToken));
  if (decoded?.header.alg === 'RS256' && decoded.payload.iss === ctx.baseOptions.token_issuer) prefetchKeySet(ctx);
}
