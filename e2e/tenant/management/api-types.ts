/** Types shared by the /api/v2 dispatcher (api.ts) and its route handlers. */
import type { RequestContext } from '../http/types.js';
import type { ApiToken } from './auth.js';

export interface ApiRequest {
  readonly ctx: RequestContext;
  /** A verified token; handlers decide what it may do. */
  readonly token: ApiToken;
  /** Path parameters, percent-decoded. */
  readonly params: readonly string[];
}

export interface ApiResult {
  readonly status: number;
  readonly body: unknown;
}

/** Returns the success response; failures are thrown as ManagementError. */
export type ApiHandler = (req: ApiRequest) => Promise<ApiResult> | ApiResult;
