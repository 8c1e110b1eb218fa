/**
 * Redeeming a cross-origin login ticket at /authorize. The ticket counts only in the browser that
 * got it: either the `webauth_tenant_co` cookie set by /co/authenticate comes along, or (third-party
 * cookies blocked) the application's cross-origin verification page hands back the `co_verifier`
 * through GET/POST /co/verify.
 */
import { timingSafeEqual } from 'node:crypto';
import { deliverError } from '../protocol/auth-response.js';
import type { AuthorizeRequest } from '../protocol/authorize-request.js';
import type { Client } from '../config/model.js';
import type { Handler, RequestContext } from '../http/types.js';
import type { TenantContext } from '../state/context.js';
import { HttpError, sendHtml, sendRedirect } from '../http/http-io.js';
import { coVerifyPage } from '../html/co-verify-page.js';
import { htmlHeaders, renderMessagePage } from '../html/layout.js';
import { completeLogin } from '../protocol/login-completion.js';
import type { LoginTicket } from '../state/login-tickets.js';
import { bodyObject, queryParams, stringParams } from '../http/params.js';
import { clearedCookie, cookieAttributes } from '../protocol/session-cookie.js';
import { matchesAny, parseCandidate } from '../core/url-rules.js';

export const CO_COOKIE = 'webauth_tenant_co';
const INVALID_TICKET = 'The login ticket is invalid, expired or was issued to another client.';

export function coCookie(tenant: TenantContext, ticket: LoginTicket): string {
  return `${CO_COOKIE}=${ticket.coId}.${ticket.coVerifier}; Max-Age=${Math.round((ticket.expiresAt - tenant.state.now()) / 1000)}; ${cookieAttributes(tenant)}`;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The verification page's URL: absolute, or a path on the redirect URI's origin. */
function verificationUrl(client: Client, request: AuthorizeRequest): URL | undefined {
  const loc = client.crossOriginLoc;
  if (loc === undefined) return undefined;
  const url = loc.startsWith('/') ? new URL(loc, new URL(request.redirectUri).origin) : parseCandidate(loc);
  // It receives the verifier, so it must be one of the client's own origins.
  return url && matchesAny(client.webOrigins, url.origin) ? url : undefined;
}

async function finish(
  ctx: RequestContext,
  request: AuthorizeRequest,
  client: Client,
  ticket: LoginTicket,
): Promise<void> {
  ctx.tenant.loginTickets.consume(ticket.ticket);
  const user = ctx.tenant.users.findById(ticket.userId);
  if (!user) {
    deliverError(ctx.res, request, 'access_denied', 'The user of the login ticket no longer exists.');
    return;
  }
  await completeLogin(ctx, request, client, user, ticket.connection, [clearedCookie(ctx.tenant, CO_COOKIE)]);
}

export async function redeemLoginTicket(ctx: RequestContext, request: AuthorizeRequest, client: Client): Promise<void> {
  const ticket = ctx.tenant.loginTickets.get(request.loginTicket);
  if (!ticket || ticket.clientId !== client.clientId) {
    deliverError(ctx.res, request, 'access_denied', INVALID_TICKET);
    return;
  }
  if (request.connection !== undefined && request.connection !== ticket.connection) {
    deliverError(ctx.res, request, 'access_denied', 'The login ticket was issued for another connection.');
    return;
  }
  if (same(ctx.cookies[CO_COOKIE] ?? '', `${ticket.coId}.${ticket.coVerifier}`)) {
    await finish(ctx, request, client, ticket);
    return;
  }
  if (!verificationUrl(client, request)) {
    deliverError(
      ctx.res,
      request,
      'access_denied',
      'Cross-origin verification failed: the cookie of /co/authenticate did not arrive (third-party cookies blocked?) and the client has no cross-origin verification page (cross_origin_loc).',
    );
    return;
  }
  const verification = ctx.tenant.loginTickets.startVerification(ticket, request);
  sendRedirect(ctx.res, `/co/verify?id=${encodeURIComponent(verification.id)}`);
}

/** GET /co/verify?id=…: the page that asks the application's verification page for the verifier. */
export const coVerifyGet: Handler = (ctx) => {
  const { id } = queryParams(ctx, { required: ['id'] });
  const verification = ctx.tenant.loginTickets.getVerification(id);
  const ticket = ctx.tenant.loginTickets.get(verification?.ticket);
  const client = ctx.tenant.findClient(ticket?.clientId);
  const frameUrl = verification && client ? verificationUrl(client, verification.request) : undefined;
  if (!verification || !ticket || !frameUrl) {
    sendHtml(ctx.res, 400, renderMessagePage('Verification expired', INVALID_TICKET, 'invalid_request'), htmlHeaders());
    return;
  }
  const page = coVerifyPage({
    id: verification.id,
    coId: ticket.coId,
    frameUrl: frameUrl.href,
    tenantOrigin: ctx.tenant.url,
  });
  const appOrigin = new URL(verification.request.redirectUri).origin;
  sendHtml(
    ctx.res,
    200,
    page,
    htmlHeaders({
      scripts: ["'self'"],
      frames: [frameUrl.origin],
      formTargets: ["'self'", appOrigin],
      // Inside checkSession's or the popup login's hidden iframe the application frames this page.
      ...(verification.request.responseMode === 'web_message' ? { frameAncestors: [appOrigin] } : {}),
    }),
  );
};

/** POST /co/verify (form: id, co_verifier): one attempt, then the login completes or fails. */
export const coVerifyPost: Handler = async (ctx) => {
  const params = stringParams(bodyObject(ctx, ['form']), { required: ['id'], optional: ['co_verifier'] });
  const verification = ctx.tenant.loginTickets.takeVerification(params['id']);
  const ticket = ctx.tenant.loginTickets.get(verification?.ticket);
  const client = ctx.tenant.findClient(ticket?.clientId);
  if (!verification || !ticket || !client) throw new HttpError(400, 'invalid_request', INVALID_TICKET);
  if (!same(params['co_verifier'] ?? '', ticket.coVerifier)) {
    ctx.tenant.loginTickets.consume(ticket.ticket);
    deliverError(
      ctx.res,
      verification.request,
      'access_denied',
      'Cross-origin verification failed: the verifier does not match.',
    );
    return;
  }
  await finish(ctx, verification.request, client, ticket);
};
