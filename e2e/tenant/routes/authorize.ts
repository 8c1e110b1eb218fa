/** GET /authorize: validate, then redeem a login ticket, reuse the session, fail silently, or show the login page. */
import { deliver, errorParams } from '../protocol/auth-response.js';
import { checkAuthorizeRequest } from '../protocol/authorize-request.js';
import type { AuthorizeRequest } from '../protocol/authorize-request.js';
import type { Handler, RequestContext } from '../http/types.js';
import { sendHtml } from '../http/http-io.js';
import { htmlHeaders, renderMessagePage } from '../html/layout.js';
import { missingConsent, organizationProblem, respondFromSession } from '../protocol/login-completion.js';
import { currentSession } from '../protocol/session-cookie.js';
import { verifyValue } from '../protocol/signed-values.js';
import { redeemLoginTicket } from './co-login.js';
import { showHostedPage } from './hosted-login.js';

/**
 * The hosted page may send the browser to /authorize itself (over plain HTTP its library logs in
 * through /co/authenticate, then authorize with a login ticket). Its `state` is then the page's
 * signed login state: the request continues that transaction, answering with the application's
 * own parameters (state, nonce, response mode…).
 */
async function continuedTransaction(ctx: RequestContext, request: AuthorizeRequest): Promise<AuthorizeRequest> {
  const txId = (await verifyValue(ctx.tenant, 'login-state', request.state))?.['tx'];
  const tx = typeof txId === 'string' ? ctx.tenant.state.getTransaction(txId) : undefined;
  if (!tx || tx.request.clientId !== request.clientId) return request;
  ctx.tenant.state.deleteTransaction(tx.id);
  return { ...tx.request, loginTicket: request.loginTicket, connection: request.connection ?? tx.request.connection };
}

/** The description the tenant itself gives these errors, for a forced one that names none. */
function forcedDescription(error: string): string {
  if (error === 'login_required') return 'Login required';
  if (error === 'consent_required') return 'Consent required';
  return error.replace(/_/g, ' ');
}

export const authorize: Handler = async (ctx) => {
  const { tenant, res } = ctx;
  const check = checkAuthorizeRequest(tenant.model, ctx.query, ctx.repeatedParams);
  if (check.kind === 'page') {
    sendHtml(
      res,
      400,
      renderMessagePage('Invalid authorization request', check.description, check.error),
      htmlHeaders(),
    );
    return;
  }
  if (check.kind === 'redirect') {
    deliver(res, check, errorParams(check.error, check.description, check.state));
    return;
  }
  const { client } = check;
  const forced = tenant.faults.take('GET', '/authorize', ['authorize-error']);
  if (forced?.kind === 'authorize-error') {
    const target = { redirectUri: check.request.redirectUri, mode: check.request.responseMode };
    deliver(
      res,
      target,
      errorParams(forced.error, forced.description ?? forcedDescription(forced.error), check.request.state),
    );
    return;
  }
  const request = await continuedTransaction(ctx, check.request);
  if (request.loginTicket !== undefined) {
    await redeemLoginTicket(ctx, request, client);
    return;
  }
  const signedIn = currentSession(ctx, client);
  const nowS = Math.floor(tenant.state.now() / 1000);
  const fresh =
    signedIn && (request.maxAge === undefined || nowS - signedIn.session.authTime <= request.maxAge)
      ? signedIn
      : undefined;
  const orgProblem = fresh ? organizationProblem(ctx, request, fresh.user) : undefined;
  const needsConsent = fresh ? missingConsent(ctx, request, client, fresh.user.userId).length > 0 : false;
  const target = { redirectUri: request.redirectUri, mode: request.responseMode };

  if (request.prompt.includes('none')) {
    if (!fresh) deliver(res, target, errorParams('login_required', 'Login required', request.state));
    else if (orgProblem) deliver(res, target, errorParams('interaction_required', orgProblem, request.state));
    else if (needsConsent) deliver(res, target, errorParams('consent_required', 'Consent required', request.state));
    else await respondFromSession(ctx, request, client, fresh);
    return;
  }
  const interactive = request.prompt.some((p) => p === 'login' || p === 'consent' || p === 'select_account');
  if (fresh && !interactive && !orgProblem && !needsConsent) {
    await respondFromSession(ctx, request, client, fresh);
    return;
  }
  await showHostedPage(ctx, request, client);
};
