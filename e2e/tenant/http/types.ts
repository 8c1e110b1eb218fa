/**
 * The HTTP contract between the router and the route handlers: what a handler receives and how a
 * route is declared. A leaf of the HTTP layer, so routes, Management and the router share it
 * without importing each other.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TenantContext } from '../state/context.js';

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
  /** `json`, `form`, `text` or `none`, from the Content-Type of a non-empty body. */
  readonly bodyType: BodyType;
  readonly cookies: Record<string, string>;
  readonly tenant: TenantContext;
  /** The client's IP address (always loopback here, but brute-force and rate limits key on it). */
  readonly ip: string;
}

export type BodyType = 'json' | 'form' | 'text' | 'none';

export type Handler = (ctx: RequestContext) => Promise<void> | void;

export interface Route {
  readonly path: string | RegExp;
  readonly methods: Readonly<Record<string, Handler>>;
  /** Only served when the tenant runs with `testEndpoints`; never recorded or rate-limited. */
  readonly admin?: boolean;
}
