/** POST /u/login: the login form's target. Checks the password, starts a session, answers the app. */
import { redirectWithResponse } from '../auth-response.js';
import type { Handler } from '../context.js';
import { findClient } from '../fixtures.js';
import { sendHtml } from '../http-io.js';
import { htmlHeaders, renderLoginPage, renderMessagePage } from '../pages.js';
import { SESSION_COOKIE, sessionCookie } from '../session-cookie.js';

export const WRONG_CREDENTIALS = 'Wrong email or password.';

function field(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export const login: Handler = async (ctx) => {
  const { tenant, res, body } = ctx;
  const contentType = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') {
    const msg = 'The login form must be posted as application/x-www-form-urlencoded.';
    sendHtml(res, 415, renderMessagePage('Unsupported form encoding', msg, 'invalid_request'), htmlHeaders());
    return;
  }
  const tx = tenant.state.getTransaction(field(body, 'tx'));
  const client = tx ? findClient(tx.request.clientId) : undefined;
  if (!tx || !client) {
    const msg = 'This login attempt has expired or is unknown. Go back to the application and start again.';
    sendHtml(res, 400, renderMessagePage('Login expired', msg, 'invalid_request'), htmlHeaders());
    return;
  }
  const email = field(body, 'username') ?? '';
  const password = field(body, 'password') ?? '';
  const connection = tx.request.connection ?? client.connections[0] ?? '';
  const user = email && password ? await tenant.users.authenticate(connection, email, password) : undefined;
  const formTarget = new URL(tx.request.redirectUri).origin;
  if (!user) {
    // The transaction stays usable so the user can simply try again.
    const page = renderLoginPage({ tx: tx.id, clientName: client.name, email, error: WRONG_CREDENTIALS });
    sendHtml(res, 401, page, htmlHeaders(formTarget));
    return;
  }
  tenant.state.deleteTransaction(tx.id);
  // A new session id at every login, so a planted cookie can never be promoted (session fixation).
  tenant.state.deleteSession(ctx.cookies[SESSION_COOKIE]);
  const session = tenant.state.createSession(user.userId);
  await redirectWithResponse(tenant, res, tx.request, client, user, session, { 'Set-Cookie': sessionCookie(tenant, session) });
};
