/** Test-only endpoints (enabled by `testEndpoints`): inspect and reset the tenant. */
import type { Handler } from '../context.js';
import { answerPublicPreflight, PUBLIC_CORS } from '../cors.js';
import { sendEmpty, sendJson } from '../http-io.js';

export const adminRequests: Handler = (ctx) => sendJson(ctx.res, 200, ctx.tenant.state.requests, PUBLIC_CORS);

export const adminReset: Handler = (ctx) => {
  ctx.tenant.state.reset();
  sendEmpty(ctx.res, 204, PUBLIC_CORS);
};

export const adminPreflight: Handler = (ctx) => answerPublicPreflight(ctx, 'GET, POST');
