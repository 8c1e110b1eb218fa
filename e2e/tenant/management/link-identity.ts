/**
 * POST /api/v2/users/{id}/identities with `{ link_with: <ID token of the secondary user> }`.
 * The ID token must come from this tenant (signature, issuer, expiry, RS256) for a known client,
 * and for a user's token from the same client as the access token. Afterwards the secondary user
 * is only an identity of the primary: GET of its id is 404 and its metadata is dropped, not merged.
 */
import { verifyAccessToken } from '../protocol/tokens.js';
import type { ApiHandler } from './api-types.js';
import { hasAnyScope } from './auth.js';
import { ManagementError, badBody, insufficientScope, userNotFound } from './errors.js';
import { OTHER_USER_DETAIL, isOwnUser } from './get-user.js';
import { jsonObjectBody } from './request-body.js';
import { identitiesOf, linkedIdentityOf } from './user-view.js';

const MAX_TOKEN_LENGTH = 8192;

function linkWith(body: Record<string, unknown>): string {
  const extra = Object.keys(body).filter((k) => k !== 'link_with');
  if (extra.length > 0) {
    throw badBody(
      `Payload validation error: only "link_with" is supported here, not ${extra.map((k) => JSON.stringify(k)).join(', ')}.`,
    );
  }
  const token = body['link_with'];
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw badBody('Payload validation error: "link_with" must be the ID token of the secondary user.');
  }
  return token;
}

function reason(err: unknown): string {
  switch ((err as { code?: unknown } | null)?.code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return 'invalid signature';
    case 'ERR_JWT_EXPIRED':
      return 'the token has expired';
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'it must be signed with RS256';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return (err as Error).message;
    default:
      return 'not a JSON Web Token of this tenant';
  }
}

export const linkIdentity: ApiHandler = async ({ ctx, token, params }) => {
  const primaryId = params[0] ?? '';
  const idToken = linkWith(jsonObjectBody(ctx));
  const own = isOwnUser(token, primaryId);
  if (!hasAnyScope(token, ['update:users']) && !(own && hasAnyScope(token, ['update:current_user_identities']))) {
    const other = !own && token.scopes.has('update:current_user_identities');
    throw insufficientScope(['update:users', 'update:current_user_identities'], other ? OTHER_USER_DETAIL : undefined);
  }

  let claims: Awaited<ReturnType<typeof verifyAccessToken>>;
  try {
    // The tenant's JWT verifier: signature over every current key, issuer, expiry, RS256 only.
    claims = await verifyAccessToken(ctx.tenant, idToken);
  } catch (err) {
    throw badBody(`"link_with" is not a valid ID token: ${reason(err)}.`);
  }
  const aud = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
  if (!aud.some((a) => ctx.tenant.findClient(a) !== undefined))
    throw badBody('"link_with" was not issued to a client of this tenant.');
  if (token.kind === 'user' && token.clientId !== undefined && !aud.includes(token.clientId)) {
    throw badBody(`"link_with" must be issued to the client of the access token (${token.clientId}).`);
  }

  // Everything below is synchronous: no other request can change the store between check and write.
  const { users } = ctx.tenant;
  if (!users.findById(primaryId)) throw userNotFound();
  const secondaryId = typeof claims.sub === 'string' ? claims.sub : '';
  if (secondaryId === primaryId) throw badBody('Main identity and the new one are the same.');
  if (users.findLinkedInto(secondaryId))
    throw new ManagementError(
      409,
      'identity_already_linked',
      `The identity ${secondaryId} is already linked to a user.`,
    );
  const secondary = users.findById(secondaryId);
  if (!secondary) throw badBody('The user of "link_with" does not exist.');
  if ((secondary.linkedIdentities ?? []).length > 0) {
    throw badBody('The secondary user has linked identities of its own; it cannot become an identity of another user.');
  }
  const primary = users.link(primaryId, secondaryId, linkedIdentityOf(secondary));
  if (!primary) throw userNotFound();
  return { status: 201, body: identitiesOf(primary) };
};
