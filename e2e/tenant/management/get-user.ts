/**
 * GET /api/v2/users/{id}: any user with `read:users`; the token's own user with
 * `read:current_user`. Scope is decided before existence, so a 404 never reveals another user.
 */
import type { ApiHandler } from './api-types.js';
import type { ApiToken } from './auth.js';
import { hasAnyScope } from './auth.js';
import { insufficientScope, userNotFound } from './errors.js';
import { userView } from './user-view.js';

export const OTHER_USER_DETAIL = "current-user scopes only cover the token's own user";

export function isOwnUser(token: ApiToken, userId: string): boolean {
  return token.kind === 'user' && token.subject === userId;
}

export const getUser: ApiHandler = ({ ctx, token, params }) => {
  const userId = params[0] ?? '';
  const allowed =
    hasAnyScope(token, ['read:users']) || (isOwnUser(token, userId) && hasAnyScope(token, ['read:current_user']));
  if (!allowed) {
    const other = !isOwnUser(token, userId) && token.scopes.has('read:current_user');
    throw insufficientScope(['read:users', 'read:current_user'], other ? OTHER_USER_DETAIL : undefined);
  }
  const user = ctx.tenant.users.findById(userId);
  if (!user) throw userNotFound();
  return { status: 200, body: userView(ctx.tenant, user) };
};
