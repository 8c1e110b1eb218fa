/** DPoP for the library's own requests: the signer the HTTP layer asks for a proof before each attempt. */
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
