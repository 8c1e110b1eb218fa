/**
 * The password reset link change_password sends: GET /lo/reset?ticket=… shows a form, POST sets
 * the new password (policy and breached list apply), lifts brute-force blocks and ends sessions.
 */
import type { Handler, RequestContext } from '../http/types.js';
import { isDatabase } from '../config/model.js';
import { sendHtml } from '../http/http-io.js';
import { escapeHtml, htmlHeaders, layout, renderMessagePage } from '../html/layout.js';
import { bodyObject, queryParams, stringParams } from '../http/params.js';
import { checkPassword, MAX_PASSWORD_LENGTH } from '../protocol/password-policy.js';
import type { StoredUser } from '../state/users.js';

export function sendResetEmail(ctx: RequestContext, user: StoredUser, clientId: string): void {
  const ticket = ctx.tenant.resetTickets.issue(user.userId, clientId);
  const link = `${ctx.tenant.url}/lo/reset?ticket=${encodeURIComponent(ticket.ticket)}`;
  ctx.tenant.outbox.add({
    channel: 'email',
    to: user.email,
    kind: 'change_password',
    connection: user.connection,
    clientId,
    link,
    subject: 'Reset your password',
    text: `Follow this link to reset your password: ${link}`,
  });
}

function resetForm(ticket: string, error?: string): string {
  const message = error ? `<p class="error" id="error" role="alert">${escapeHtml(error)}</p>` : '';
  return layout(
    'Reset your password',
    `<h1>Reset your password</h1>
${message}
<form method="post" action="/lo/reset">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<label for="new-password">New password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required>
<label for="confirm-password">Confirm new password</label>
<input id="confirm-password" name="confirm" type="password" autocomplete="new-password" required>
<button id="reset-submit" type="submit">Reset password</button>
</form>`,
  );
}

const EXPIRED = 'This link has expired or was already used. Ask for a new one.';

export const resetPage: Handler = (ctx) => {
  const { ticket = '' } = queryParams(ctx, { required: ['ticket'] });
  const live = ctx.tenant.resetTickets.get(ticket);
  const status = live ? 200 : 400;
  sendHtml(
    ctx.res,
    status,
    live ? resetForm(ticket) : renderMessagePage('Link expired', EXPIRED, 'invalid_request'),
    htmlHeaders({ formTargets: ["'self'"] }),
  );
};

export const resetSubmit: Handler = async (ctx) => {
  const { tenant } = ctx;
  const params = stringParams(bodyObject(ctx, ['form']), { required: ['ticket'], optional: ['password', 'confirm'] });
  const ticket = tenant.resetTickets.get(params['ticket']);
  const user = tenant.users.findById(ticket?.userId ?? '');
  const connection = tenant.model.connections.get(user?.connection ?? '');
  const headers = htmlHeaders({ formTargets: ["'self'"] });
  if (!ticket || !user || !isDatabase(connection)) {
    sendHtml(ctx.res, 400, renderMessagePage('Link expired', EXPIRED, 'invalid_request'), headers);
    return;
  }
  const password = params['password'] ?? '';
  const policy = checkPassword(connection.passwordPolicy, password);
  let error: string | undefined;
  if (password !== params['confirm']) error = 'The passwords do not match.';
  else if (password.length > MAX_PASSWORD_LENGTH)
    error = `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  else if (!policy.ok) error = `The password is too weak:\n${policy.policy}`;
  else if (connection.breachedPasswords.has(password))
    error = 'This password has previously appeared in a data breach and cannot be used.';
  if (error) {
    // The ticket stays valid so the user can try another password.
    sendHtml(ctx.res, 400, resetForm(ticket.ticket, error), headers);
    return;
  }
  tenant.resetTickets.consume(ticket.ticket);
  await tenant.users.setPassword(user.userId, password, new Date(tenant.state.now()).toISOString());
  tenant.bruteForce.unblock(user.connection, user.email);
  if (user.username) tenant.bruteForce.unblock(user.connection, user.username);
  tenant.state.deleteUserSessions(user.userId);
  tenant.refreshTokens.revokeUser(user.userId);
  sendHtml(
    ctx.res,
    200,
    renderMessagePage('Password changed', 'Your password has been changed. You can now log in with it.'),
    headers,
  );
};
