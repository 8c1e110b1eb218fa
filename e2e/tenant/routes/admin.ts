/**
 * Test-only endpoints (enabled by `testEndpoints`): inspect and reset the tenant, rotate keys, flip
 * switches. The router lets through only requests with the admin token; the answers carry no CORS
 * header, so no web page reads them (a test drives them from Node or Playwright's request API).
 */
import type { Handler } from '../http/types.js';
import { HttpError, sendEmpty, sendJson } from '../http/http-io.js';
import { bodyObject, queryParams } from '../http/params.js';
import { SWITCH_NAMES } from '../state/switches.js';
import type { Switches } from '../state/switches.js';
import type { FaultRule } from '../state/faults.js';
import { createDirectSession } from '../protocol/session-cookie.js';
import type { SessionLogin } from '../protocol/session-cookie.js';

export const adminRequests: Handler = (ctx) => sendJson(ctx.res, 200, ctx.tenant.state.requests);

/** Clears requests, sessions, transactions, codes, tokens, tickets, outbox, counters; users back to the definition. */
export const adminReset: Handler = (ctx) => {
  ctx.tenant.state.reset();
  ctx.tenant.users.reset();
  sendEmpty(ctx.res, 204);
};

/** The outbox, optionally only the messages to `?to=` (an email or phone number). */
export const adminOutbox: Handler = (ctx) => {
  const { to } = queryParams(ctx, { optional: ['to'] });
  const messages = ctx.tenant.outbox.messages.filter(
    (m) => to === undefined || m.to.toLowerCase() === to.trim().toLowerCase(),
  );
  sendJson(ctx.res, 200, messages);
};

/** Adds a signing key; answers the new `kid` and the JWKS. */
export const adminRotateKeys: Handler = async (ctx) => {
  const key = await ctx.tenant.keys.rotate();
  sendJson(ctx.res, 200, { kid: key.kid, jwks: ctx.tenant.keys.jwks() });
};

/** The run-time switches (state/switches.ts). */
export const adminSwitches: Handler = (ctx) => sendJson(ctx.res, 200, ctx.tenant.switches.get());

/** Changes switches: a JSON object of switch names to booleans; answers all switches. */
export const adminSetSwitches: Handler = (ctx) => {
  const body = bodyObject(ctx, ['json']);
  const changes: Partial<Switches> = {};
  for (const [name, value] of Object.entries(body)) {
    const known = SWITCH_NAMES.find((n) => n === name);
    if (known === undefined) throw new HttpError(400, 'invalid_request', `Unknown switch: ${name}`);
    if (typeof value !== 'boolean') throw new HttpError(400, 'invalid_request', `Switch ${name} must be a boolean.`);
    changes[known] = value;
  }
  sendJson(ctx.res, 200, ctx.tenant.switches.set(changes));
};

/** The installed faults (state/faults.ts). */
export const adminFaults: Handler = (ctx) => sendJson(ctx.res, 200, ctx.tenant.faults.list());

/** Installs one fault: a JSON `FaultRule`; answers every installed fault. */
export const adminAddFault: Handler = (ctx) => {
  const rule = bodyObject(ctx, ['json']) as unknown as FaultRule;
  asInvalidRequest(() => ctx.tenant.faults.add(rule));
  sendJson(ctx.res, 200, ctx.tenant.faults.list());
};

export const adminClearFaults: Handler = (ctx) => {
  ctx.tenant.faults.clear();
  sendEmpty(ctx.res, 204);
};

/** A signed-in session without a login page, for a test in another process: `{ email | userId, connection? }`. */
export const adminCreateSession: Handler = (ctx) => {
  const login = bodyObject(ctx, ['json']) as SessionLogin;
  for (const value of Object.values(login))
    if (typeof value !== 'string') throw new HttpError(400, 'invalid_request', 'Session fields must be strings.');
  sendJson(
    ctx.res,
    200,
    asInvalidRequest(() => createDirectSession(ctx.tenant, login)),
  );
};

function asInvalidRequest<T>(action: () => T): T {
  try {
    return action();
  } catch (err) {
    throw new HttpError(400, 'invalid_request', (err as Error).message);
  }
}
