/**
 * The last step of every interactive login (hosted page, login ticket, passwordless link): the
 * organization and invitation checks, a fresh session and cookie, consent, then the response.
 */
import type { RequestContext } from '../http/types.js';
import { deliverError, respondWithTokens } from './auth-response.js';
import type { AuthorizeRequest } from './authorize-request.js';
import type { Client } from '../config/model.js';
import { findOrganization } from '../config/model.js';
import { userGrant, scopeList } from './scopes.js';
import { SESSION_COOKIE, sessionCookie } from './session-cookie.js';
import type { SignedIn } from './session-cookie.js';
import type { StoredUser } from '../state/users.js';

/** Why `user` may not receive tokens for `request`'s organization, or undefined when it may. */
export function organizationProblem(
  ctx: RequestContext,
  request: AuthorizeRequest,
  user: StoredUser,
): string | undefined {
  if (request.organization === undefined) return undefined;
  const org = findOrganization(ctx.tenant.model, request.organization);
  if (!org) return `parameter organization is invalid: ${request.organization}`;
  if (org.members.has(user.userId)) return undefined;
  const invited = request.invitation === undefined ? undefined : org.invitations.get(request.invitation);
  if (invited !== undefined && invited === user.email.toLowerCase()) return undefined;
  return `user ${user.userId} is not part of the ${org.id} organization`;
}

/** Accepting an invitation makes the user a member (once). */
function acceptInvitation(ctx: RequestContext, request: AuthorizeRequest, user: StoredUser): void {
  const org = request.organization === undefined ? undefined : findOrganization(ctx.tenant.model, request.organization);
  if (!org || request.invitation === undefined || org.members.has(user.userId)) return;
  if (org.invitations.get(request.invitation) === user.email.toLowerCase()) {
    org.members.add(user.userId);
    org.invitations.delete(request.invitation);
  }
}

/** Scopes a third-party client would get that the user has not consented to yet. */
export function missingConsent(
  ctx: RequestContext,
  request: AuthorizeRequest,
  client: Client,
  userId: string,
): string[] {
  if (client.isFirstParty) return [];
  const result = userGrant(ctx.tenant.model, ctx.tenant.issuer, client, request.scope, request.audience);
  if (!result.ok) return [];
  const consented = ctx.tenant.state.consentedScopes(userId, client.clientId);
  return scopeList(result.grant.scope).filter((s) => !consented.has(s));
}

/** A user just proved who they are: start a new session and answer the application. */
export async function completeLogin(
  ctx: RequestContext,
  request: AuthorizeRequest,
  client: Client,
  user: StoredUser,
  connection: string,
  extraCookies: readonly string[] = [],
): Promise<void> {
  const { tenant } = ctx;
  if (user.blocked) {
    deliverError(ctx.res, request, 'access_denied', 'user is blocked');
    return;
  }
  const problem = organizationProblem(ctx, request, user);
  if (problem) {
    deliverError(ctx.res, request, 'access_denied', problem);
    return;
  }
  acceptInvitation(ctx, request, user);
  // A new session id at every login, so a planted cookie can never be promoted (session fixation).
  tenant.state.deleteSession(ctx.cookies[SESSION_COOKIE]);
  const session = tenant.state.createSession(user.userId, connection);
  // Signing in on the hosted page is the consent to what the page listed.
  tenant.state.addConsent(user.userId, client.clientId, missingConsent(ctx, request, client, user.userId));
  tenant.state.addSessionClient(session, client.clientId);
  await respondWithTokens(tenant, ctx.res, request, client, user, session, {
    'Set-Cookie': [sessionCookie(tenant, session), ...extraCookies],
  });
}

/** An existing session answers the request (silent authentication or a repeat visit). */
export async function respondFromSession(
  ctx: RequestContext,
  request: AuthorizeRequest,
  client: Client,
  signedIn: SignedIn,
): Promise<void> {
  ctx.tenant.state.addSessionClient(signedIn.session, client.clientId);
  await respondWithTokens(ctx.tenant, ctx.res, request, client, signedIn.user, signedIn.session);
}
