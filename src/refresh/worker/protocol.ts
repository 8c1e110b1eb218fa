/**
 * The messages between the page and the refresh-token worker. The page sends the tenant requests
 * it would have sent itself, with {@link HELD_TOKEN} where the refresh token goes; the worker puts
 * the real token in, and answers with every refresh token replaced by {@link HELD_TOKEN}. So the
 * page's code (locks, rotation, `sub` checks, DPoP proofs and nonce retries) runs unchanged, and
 * no message to the page ever holds a refresh token.
 */

/** Stands for the refresh token the worker holds, in both directions. */
export const HELD_TOKEN = 'webauth-js:held-by-worker';

/** Page to worker: a POST to the tenant's `/oauth/token` or `/oauth/revoke`, by the page's id. */
export interface VaultRequest {
  t: 'fetch';
  id: number;
  url: string;
  headers: Record<string, string>;
  /** The form body, `application/x-www-form-urlencoded`. */
  body: string;
  keepalive?: boolean | undefined;
}

/** Page to worker: the page gave up on request `id` (a deadline). */
export interface VaultAbort {
  t: 'abort';
  id: number;
}

/** Page to worker: forget the token of `clientId` without revoking it (a remote sign-out). */
export interface VaultForget {
  t: 'forget';
  clientId: string;
}

/** Page to worker: the tenant's origin, sent once first; requests elsewhere are refused. */
export interface VaultInit {
  t: 'init';
  origin: string;
}

/** Page to worker: are you running? The worker answers `{ id: 0 }` (a worker that cannot start never does). */
export interface VaultPing {
  t: 'ping';
}

export type PageMessage = VaultInit | VaultRequest | VaultAbort | VaultForget | VaultPing;

/** Worker to page: the tenant's answer (headers lower-cased), or `error` when none came. */
export interface VaultAnswer {
  id: number;
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** A network failure, an abort, or a refused request: a short reason, never a request's content. */
  error?: string;
}
