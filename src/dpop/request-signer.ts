/** DPoP for the library's own requests: the signer the HTTP layer asks for a proof before each attempt. */
import type { Dpop } from '../types/dpop.js';
import type { RequestSigner } from '../http/request.js';
import { isNonceChallenge } from './nonce-challenge.js';

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
