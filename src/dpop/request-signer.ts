/**
 * DPoP for the library's own requests: the signer the HTTP layer asks for a proof before each
 * attempt, and the access tokens this page obtained with DPoP (so `client.userInfo` and
 * `Management` present them as `DPoP` with no code change in the app).
 */
import type { Dpop } from './create-dpop.js';
import { isNonceChallenge } from './nonce-challenge.js';

/** What `sendRequest` asks of a sender constraint: headers per attempt, the answer's nonce. */
export interface RequestSigner {
  /** Headers to add to one attempt (lower-case names): a new proof, maybe `authorization`. */
  sign(method: string, url: string): Promise<Record<string, string>>;
  /** True when the answer asks for a new nonce and one was learned: send once more. */
  retries(url: string, status: number, headers: Record<string, string>, body: unknown): boolean;
}

/** Signs with `dpop`; with `accessToken`, also `Authorization: DPoP` and `ath` (resource calls). */
export function dpopSigner(dpop: Dpop, accessToken?: string): RequestSigner {
  return {
    async sign(method, url): Promise<Record<string, string>> {
      const { DPoP, Authorization } = await dpop.proofHeaders(method, url, accessToken);
      return Authorization ? { dpop: DPoP, authorization: Authorization } : { dpop: DPoP };
    },
    retries: (url, status, headers, body) =>
      // Any answer may rotate the nonce (RFC 9449 §8.2), so learn it before deciding.
      !!dpop.learnNonce(url, headers) && isNonceChallenge(status, headers, body),
  };
}

// Access tokens issued with DPoP on this page. Bounded: a long-lived page renews many times.
const bound = new Map<string, Dpop>();
const MAX_BOUND_TOKENS = 20;

/** Remembers that `accessToken` is bound to `dpop`'s key (called for `token_type: DPoP` answers). */
export function rememberBoundToken(accessToken: unknown, dpop: Dpop): void {
  if (typeof accessToken !== 'string' || !accessToken) return;
  bound.delete(accessToken);
  bound.set(accessToken, dpop);
  if (bound.size > MAX_BOUND_TOKENS) bound.delete(bound.keys().next().value!);
}

/** Forgets every token bound to `dpop` (its key is being cleared). */
export function forgetBoundTokens(dpop: Dpop): void {
  for (const [token, owner] of bound) if (owner === dpop) bound.delete(token);
}

/** The signer for presenting `accessToken` when this page obtained it with DPoP, else undefined (Bearer). */
export function boundTokenSigner(accessToken: unknown): RequestSigner | undefined {
  const dpop = bound.get(accessToken as string);
  return dpop && dpopSigner(dpop, accessToken as string);
}
