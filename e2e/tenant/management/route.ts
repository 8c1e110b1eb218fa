/**
 * The Management API's one entry in the router. Its modules (ajv and the profile schema among
 * them) load at the first /api/v2 request, so starting the tenant does not pay for them.
 */
import type { Handler, Route } from '../http/types.js';

export const API_PATH = /^\/api\/v2(?:\/|$)/;

let loaded: Promise<Handler> | undefined;

const managementApi: Handler = async (ctx) => {
  loaded ??= import('./api.js').then((m) => m.managementApi);
  await (
    await loaded
  )(ctx);
};

/** api.ts routes, authenticates and rate-limits; other methods are the router's own 405. */
export const MANAGEMENT_ROUTE: Route = {
  path: API_PATH,
  methods: Object.fromEntries(['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'].map((m) => [m, managementApi])),
};
