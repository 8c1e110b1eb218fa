/** Types shared by the router and the route handlers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SigningKey } from './keys.js';
import type { TenantState } from './state.js';
import type { UserStore } from './users.js';

export interface TenantContext {
  /** Public base URL, no trailing slash. */
  readonly url: string;
  /** `${url}/`, the `iss` of every token. */
  readonly issuer: string;
  readonly domain: string;
  /** True when served over HTTPS (decides cookie attributes). */
  readonly secure: boolean;
  readonly key: SigningKey;
  readonly state: TenantState;
  readonly users: UserStore;
  readonly testEndpoints: boolean;
}

export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  /** First value of each query parameter. */
  readonly query: Record<string, string>;
  /** Names of query parameters that appeared more than once. */
  readonly repeatedParams: readonly string[];
  /** Parsed body: an object for form or JSON bodies, a string for other text, null when empty. */
  readonly body: unknown;
  readonly cookies: Record<string, string>;
  readonly tenant: TenantContext;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;
