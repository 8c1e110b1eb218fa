/**
 * PATCH /api/v2/users/{id}. Scopes per attribute:
 * - `user_metadata`: `update:users`, or for the token's own user `update:current_user_metadata`
 *   (also `create:current_user_metadata` when the patch only adds keys, and
 *   `delete:current_user_metadata` when it only removes keys);
 * - `app_metadata`: `update:users` or `update:users_app_metadata`;
 * - `name`, `nickname`, `email`, `email_verified`: `update:users`.
 * Everything is checked before anything changes.
 */
import type { StoredUser } from '../state/users.js';
import type { ApiHandler, ApiRequest } from './api-types.js';
import { hasAnyScope } from './auth.js';
import { ManagementError, insufficientScope, userNotFound } from './errors.js';
import { OTHER_USER_DETAIL, isOwnUser } from './get-user.js';
import { jsonObjectBody } from './request-body.js';
import { classifyMetadata, mergeMetadata, parseUserPatch } from './user-patch.js';
import type { PatchableAttribute, UserPatch } from './user-patch.js';
import { userView } from './user-view.js';

function expectedScopes(req: ApiRequest, attribute: PatchableAttribute, patch: UserPatch): string[] {
  if (attribute === 'app_metadata') return ['update:users', 'update:users_app_metadata'];
  const userId = req.params[0] ?? '';
  if (attribute !== 'user_metadata' || !isOwnUser(req.token, userId)) return ['update:users'];
  const current = req.ctx.tenant.users.findById(userId)?.userMetadata ?? {};
  const change = classifyMetadata(current, patch.userMetadata ?? {});
  const scopes = ['update:users', 'update:current_user_metadata'];
  if (!change.updates && !change.deletes) scopes.push('create:current_user_metadata');
  if (!change.adds && !change.updates) scopes.push('delete:current_user_metadata');
  return scopes;
}

function authorize(req: ApiRequest, patch: UserPatch): void {
  for (const attribute of patch.attributes) {
    const expected = expectedScopes(req, attribute, patch);
    if (hasAnyScope(req.token, expected)) continue;
    const other =
      !isOwnUser(req.token, req.params[0] ?? '') &&
      [...req.token.scopes].some((s) => s.endsWith(':current_user_metadata'));
    throw insufficientScope(
      expected,
      other && attribute === 'user_metadata' ? OTHER_USER_DETAIL : `to change "${attribute}"`,
    );
  }
}

function emailChange(req: ApiRequest, user: StoredUser, email: string | undefined): boolean {
  if (email === undefined || email.toLowerCase() === user.email.toLowerCase()) return false;
  if (req.ctx.tenant.users.findByEmail(user.connection, email)) {
    throw new ManagementError(409, 'user_exists', 'The specified new email already exists.');
  }
  return true;
}

export const patchUser: ApiHandler = (req) => {
  const { ctx } = req;
  const userId = req.params[0] ?? '';
  const patch = parseUserPatch(jsonObjectBody(ctx));
  authorize(req, patch);
  const user = ctx.tenant.users.findById(userId);
  if (!user) throw userNotFound();
  const newEmail = emailChange(req, user, patch.email);
  // Merging may still refuse (size), so both merges run before the one write.
  const userMetadata = patch.userMetadata
    ? mergeMetadata(user.userMetadata ?? {}, patch.userMetadata)
    : user.userMetadata;
  const appMetadata = patch.appMetadata ? mergeMetadata(user.appMetadata ?? {}, patch.appMetadata) : user.appMetadata;
  const updated = ctx.tenant.users.update(userId, {
    userMetadata,
    appMetadata,
    updatedAt: new Date(ctx.tenant.state.now()).toISOString(),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
    ...(patch.email !== undefined ? { email: patch.email } : {}),
    // A new address is unverified unless the same request says otherwise.
    ...(patch.emailVerified !== undefined
      ? { emailVerified: patch.emailVerified }
      : newEmail
        ? { emailVerified: false }
        : {}),
  });
  if (!updated) throw userNotFound();
  return { status: 200, body: userView(ctx.tenant, updated) };
};
