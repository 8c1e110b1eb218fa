/** GET /authorize: validate, then reuse the session, fail silently, or show the login page. */
import { buildRedirectUrl, errorParams, redirectWithResponse } from '../auth-response.js';
import { checkAuthorizeRequest } from '../authorize-request.js';
import type { Handler } from '../context.js';
import { sendHtml, sendRedirect } from '../http-io.js';
import { htmlHeaders, renderLoginPage, renderMessagePage } from '../pages.js';
import { currentSession } from '../session-cookie.js';

export const authorize: Handler = async (ctx) => {
  const { tenant, res } = ctx;
  const check = checkAuthorizeRequest(ctx.query, ctx.repeatedParams);
  if (check.kind === 'page') {
    sendHtml(res, 400, renderMessagePage('Invalid authorization request', check.description, check.error), htmlHeaders());
    return;
  }
  if (check.kind === 'redirect') {
    sendRedirect(res, buildRedirectUrl(check.redirectUri, check.mode, errorParams(check.error, check.description, check.state)));
    return;
  }
  const { request, client } = check;
  const signedIn = currentSession(ctx, client);
  const nowS = Math.floor(tenant.state.now() / 1000);
  const fresh = signedIn && (request.maxAge === undefined || nowS - signedIn.session.authTime <= request.maxAge);

  if (request.prompt.includes('none')) {
    if (!fresh) {
      const params = errorParams('login_required', 'Login required', request.state);
      sendRedirect(res, buildRedirectUrl(request.redirectUri, request.responseMode, params));
      return;
    }
    await redirectWithResponse(tenant, res, request, client, signedIn.user, signedIn.session);
    return;
  }
  if (fresh && !request.prompt.includes('login')) {
    await redirectWithResponse(tenant, res, request, client, signedIn.user, signedIn.session);
    return;
  }
  const tx = tenant.state.createTransaction(request);
  const page = renderLoginPage({ tx: tx.id, clientName: client.name });
  sendHtml(res, 200, page, htmlHeaders(new URL(request.redirectUri).origin));
};
