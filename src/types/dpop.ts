/** The DPoP helper's types (RFC 9449), here so a context can hold a helper without its code. */

/** Response headers as fetch gives them (`Headers`) or as a plain record (the API client's, lower-cased). */
export type ResponseHeaders = Pick<Headers, 'get'> | Record<string, string | undefined>;

/** The two DPoP request headers (`Authorization` only when an access token is presented). */
export interface DpopHeaders {
  /** The proof (a compact JWS). */
  DPoP: string;
  /** `DPoP <access token>`, present when an access token was given. */
  Authorization?: string;
}

/** Proofs and headers for one application; see `createDpop`. */
export interface Dpop {
  /**
   * The headers for one request: `DPoP` (a new proof with `htm`, `htu`, `iat`, `jti`, the origin's
   * last nonce and, with `accessToken`, `ath`) and, with `accessToken`, `Authorization: DPoP …`.
   * Rejects with an `ArgumentError` for a bad method, URL or token.
   */
  proofHeaders(method: string, url: string, accessToken?: string): Promise<DpopHeaders>;
  /** Remembers the `DPoP-Nonce` header of a response from `url` (any status); returns it when valid. */
  learnNonce(url: string, headers: ResponseHeaders): string | undefined;
  /**
   * `fetch(url, init)` with the DPoP headers, learning the answer's nonce and, when the answer asks
   * for a new one (`use_dpop_nonce`), sending the request once more. `init.body` must be re-sendable.
   */
  fetchWithRetry(url: string, init?: RequestInit | null, accessToken?: string): Promise<Response>;
  /** The key's JWK SHA-256 thumbprint (RFC 7638), base64url: `cnf.jkt` of bound tokens, `dpop_jkt`. */
  thumbprint(): Promise<string>;
  /** Deletes the key pair (memory and IndexedDB); the next proof is signed with a new one. */
  clear(): Promise<void>;
}
