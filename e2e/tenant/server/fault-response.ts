/** Applies a router-level fault (state/faults.ts) to a request before it reaches its route. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { readBody, sendError } from '../http/http-io.js';
import { isAllowedWebOrigin } from '../protocol/cors.js';
import type { TenantContext } from '../state/context.js';
import { defaultErrorFor } from '../state/faults.js';
import type { Fault } from '../state/faults.js';

export const ROUTER_FAULTS: ReadonlyArray<Fault['kind']> = ['status', 'hang', 'delay'];

/** CORS for a fault's answer, so a browser app reads the status instead of a network error. */
function faultCors(tenant: TenantContext, origin: string | undefined): Record<string, string> {
  if (origin === undefined) return { Vary: 'Origin' };
  const base = {
    Vary: 'Origin',
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'Retry-After',
  };
  return isAllowedWebOrigin(origin, tenant) ? { ...base, 'Access-Control-Allow-Credentials': 'true' } : base;
}

/** Resolves true when the fault answered (or will never answer) the request, false to go on. */
export async function applyFault(
  tenant: TenantContext,
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (fault.kind === 'delay') {
    await sleep(fault.ms);
    return false;
  }
  if (fault.kind === 'hang') return true;
  if (fault.kind !== 'status') return false;
  await readBody(req).catch(() => undefined);
  const headers = faultCors(tenant, req.headers.origin);
  const retry = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  sendError(
    res,
    fault.status,
    fault.error ?? defaultErrorFor(fault.status),
    fault.description ?? `Fault injected by the test (${fault.status}).`,
    retry === undefined ? headers : { ...headers, 'Retry-After': String(retry) },
  );
  return true;
}
