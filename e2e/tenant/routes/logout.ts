/** GET /v2/logout: end the session, then go to returnTo only if it is an allowed logout URL. */
import type { Handler } from '../http/types.js';
import { sendHtml, sendRedirect } from '../http/http-io.js';
import { htmlHeaders, renderMessagePage } from '../html/layout.js';
import { queryParams } from '../http/params.js';
import { clearedSessionCookie, SESSION_COOKIE } from '../protocol/session-cookie.js';
import { matchesAny, parseCandidate } from '../core/url-rules.js';

export const logout: Handler = (ctx) => {
  const { tenant, res } = ctx;
  // `federated` is a bare flag (`&federated`); there is no upstream provider to log out of here.
  const query = queryParams(ctx, { optional: ['client_id', 'returnTo', 'federated', 'auth0Client'] });
  tenant.state.deleteSession(ctx.cookies[SESSION_COOKIE]);
  const cookie = { 'Set-Cookie': clearedSessionCookie(tenant) };
  const page = (status: number, title: string, message: string, code?: string): void =>
    sendHtml(res, status, renderMessagePage(title, message, code), { ...htmlHeaders(), ...cookie });

  const clientId = query['client_id'];
  const client = clientId ? tenant.findClient(clientId) : undefined;
  if (clientId && !client) {
    page(400, 'Logged out', `You have been logged out, but the client ${clientId} is unknown.`, 'invalid_request');
    return;
  }
  const returnTo = query['returnTo'];
  if (returnTo === undefined) {
    page(200, 'Logged out', 'You have been logged out.');
    return;
  }
  // With a client_id the client's list applies, otherwise the tenant-level list.
  const allowed = client ? client.logoutUrls : tenant.model.logoutUrls;
  const target = parseCandidate(returnTo);
  if (!target || !matchesAny(allowed, returnTo)) {
    const where = client ? `the Allowed Logout URLs of client ${client.clientId}` : 'the tenant Allowed Logout URLs';
    page(
      400,
      'Logged out',
      `You have been logged out, but returnTo "${returnTo}" is not in ${where}.`,
      'invalid_request',
    );
    return;
  }
  sendRedirect(res, target.href, cookie);
};
